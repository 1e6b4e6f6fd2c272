import { z } from 'zod';
import { GENERAL_MESSAGES, MESSAGE_TEXTS, type MessageCode } from './messages';

const messageCodeSchema = z.enum(Object.keys(MESSAGE_TEXTS) as [MessageCode, ...MessageCode[]]);
const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** A text's machine code and parameters (packages/contract/src/messages.ts). */
export const codedMessageSchema = z.object({ code: messageCodeSchema, params: messageParamsSchema.optional() });

/**
 * Error bodies (ARCHITECTURE.md "API conventions"). One shape per status; beside each English
 * text its code: `code`/`params` for `message`, `codes` for `errors` (same fields, same order).
 */
export const validationErrorBodySchema = z.object({
  message: z.string().optional(),
  code: messageCodeSchema.optional(),
  params: messageParamsSchema.optional(),
  errors: z.record(z.string(), z.array(z.string())),
  codes: z.record(z.string(), z.array(codedMessageSchema)),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

export const messageErrorBodySchema = z.object({
  message: z.string(),
  code: messageCodeSchema,
  params: messageParamsSchema.optional(),
});
export type MessageErrorBody = z.infer<typeof messageErrorBodySchema>;

export const CAPTCHA_TYPES = ['captcha', 'hard_captcha'] as const;
export const captchaTypeSchema = z.enum(CAPTCHA_TYPES);
export type CaptchaType = z.infer<typeof captchaTypeSchema>;

export const captchaErrorBodySchema = z.object({
  type: captchaTypeSchema,
  message: z.string(),
  code: messageCodeSchema,
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

/** Each kind's default text; the kind is also its message code. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = GENERAL_MESSAGES;
