import { SERVER_ERROR_MESSAGE } from '@tourdesk/contract/constants';
import type { CodedMessage, MessageCode, MessageParams } from '@tourdesk/contract/messages';

/** Every failed call ends up as one of these (SPEC §8, ARCHITECTURE.md error shapes). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached */
    readonly status: number,
    /** the server's English text (logs); the interface shows `coded` translated */
    message: string,
    /** 422 `codes`: field path → the codes of its messages (`penalties.2.percent`) */
    readonly fieldErrors: Record<string, CodedMessage[]>,
    /** the parsed error body as the server sent it */
    readonly body: unknown,
    /** the body's `code` and `params`; null when the answer had none (no server, a proxy's page) */
    readonly coded: CodedMessage | null = null,
  ) {
    super(message);
  }

  get isValidation(): boolean {
    return this.status === 422;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readCoded = (value: unknown): CodedMessage | null => {
  if (!isRecord(value) || typeof value.code !== 'string' || value.code === '') return null;
  const params = isRecord(value.params) ? (value.params as MessageParams) : undefined;
  return params ? { code: value.code as MessageCode, params } : { code: value.code as MessageCode };
};

/** The codes beside the field texts; a field sent without them (never by this server) reads as incorrect. */
const readFieldErrors = (body: unknown): Record<string, CodedMessage[]> => {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const codes = isRecord(body.codes) ? body.codes : {};
  const out: Record<string, CodedMessage[]> = {};
  for (const field of Object.keys(body.errors)) {
    const list = (Array.isArray(codes[field]) ? (codes[field] as unknown[]) : [])
      .map(readCoded)
      .filter((c): c is CodedMessage => c !== null);
    out[field] = list.length > 0 ? list : [{ code: 'incorrect_value' }];
  }
  return out;
};

/** Normalises any error response once; callers never look at raw bodies. */
export const toApiError = (status: number, body: unknown): ApiError => {
  const serverMessage =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  return new ApiError(status, serverMessage ?? SERVER_ERROR_MESSAGE, readFieldErrors(body), body, readCoded(body));
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
