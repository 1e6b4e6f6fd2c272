import { DEFAULT_ERROR_MESSAGES, ERROR_STATUS, type CaptchaType, type ErrorCode } from '@tourdesk/contract';

export interface AppErrorOptions {
  message?: string;
  /** field → messages, for 422 */
  fields?: Record<string, string[]>;
  /** for 429 */
  captcha?: { type: CaptchaType; request_id?: string; requestUUID?: string; subscriber_id?: string };
}

/** What services throw; the error handler turns it into the SPEC error shape. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? DEFAULT_ERROR_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
  }

  static validation(fields: Record<string, string[]>, message?: string): AppError {
    return new AppError('validation', { fields, message });
  }

  static notFound(message?: string): AppError {
    return new AppError('not_found', { message });
  }
}
