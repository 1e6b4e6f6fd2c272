import { SERVER_ERROR_MESSAGE } from '@tourdesk/contract/errors';

/** Every failed call ends up as one of these (SPEC §8, ARCHITECTURE.md error shapes). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached */
    readonly status: number,
    message: string,
    /** 422 `errors`: field → messages */
    readonly fieldErrors: Record<string, string[]>,
    /** the parsed error body as the server sent it */
    readonly body: unknown,
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

const readFieldErrors = (body: unknown): Record<string, string[]> => {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length > 0) out[field] = list;
  }
  return out;
};

/** Normalises any error response once; callers never look at raw bodies. */
export const toApiError = (status: number, body: unknown): ApiError => {
  const serverMessage =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const fieldErrors = readFieldErrors(body);
  const fallback =
    status >= 500 || status === 0 ? SERVER_ERROR_MESSAGE : (Object.values(fieldErrors)[0]?.[0] ?? SERVER_ERROR_MESSAGE);
  return new ApiError(status, serverMessage ?? fallback, fieldErrors, body);
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
