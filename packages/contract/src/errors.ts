import { z } from 'zod';
import { SERVER_ERROR_MESSAGE } from './constants';

/** Error bodies (ARCHITECTURE.md "API conventions"). One shape per status. */
export const validationErrorBodySchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

export const messageErrorBodySchema = z.object({ message: z.string() });
export type MessageErrorBody = z.infer<typeof messageErrorBodySchema>;

export const CAPTCHA_TYPES = ['captcha', 'hard_captcha'] as const;
export const captchaTypeSchema = z.enum(CAPTCHA_TYPES);
export type CaptchaType = z.infer<typeof captchaTypeSchema>;

export const captchaErrorBodySchema = z.object({
  type: captchaTypeSchema,
  message: z.string(),
  request_id: z.string().optional(),
  requestUUID: z.string().optional(),
  subscriber_id: z.string().optional(),
});
export type CaptchaErrorBody = z.infer<typeof captchaErrorBodySchema>;

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

export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthenticated',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  payload_too_large: 'Request body is too large',
  unsupported_media_type: 'Unsupported media type',
  validation: 'The given data was invalid',
  too_many_requests: 'Too many requests',
  server: SERVER_ERROR_MESSAGE,
  unavailable: 'Service unavailable',
};
