import { GENERAL_MESSAGES } from './messages';

/** What error handling needs besides the body schemas, free of zod (./errors.ts re-exports it). */

export const CAPTCHA_TYPES = ['captcha', 'hard_captcha'] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

export { SERVER_ERROR_MESSAGE } from './constants';

/** Codes services throw; the server's error handler maps each to its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  too_many_requests: 429,
  server: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Each kind's default text; the kind is also its message code. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = GENERAL_MESSAGES;
