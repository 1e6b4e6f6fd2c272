import { z } from 'zod';
import { MESSAGE_TEXTS, type MessageCode } from './messages';
import { CAPTCHA_TYPES } from './error-values';

export * from './error-values';

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

export const captchaTypeSchema = z.enum(CAPTCHA_TYPES);

export const captchaErrorBodySchema = z.object({
  type: captchaTypeSchema,
  message: z.string(),
  code: messageCodeSchema,
  request_id: z.string().optional(),
  requestUUID: z.string().optional(),
  subscriber_id: z.string().optional(),
});
export type CaptchaErrorBody = z.infer<typeof captchaErrorBodySchema>;
