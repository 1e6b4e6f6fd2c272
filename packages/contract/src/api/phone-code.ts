import { z } from 'zod';
import { defineRoute } from '../route';
import { phoneCodeRoutes } from './phone-code-routes';
import { idSchema } from '../entities/common';

/**
 * Call-based phone verification (design; SPEC §7 names the three paths only).
 * A "flash call" rings the phone from a number whose last PHONE_CALL_CODE_LENGTH digits are
 * the code; the user types them like an SMS code. The user's code is confirmed by
 * POST /crm/api/user/confirm-phone; the organizer's by this module with `code`.
 */
export const PHONE_CALL_CODE_LENGTH = 4;

export const phoneCallStartedSchema = z.object({
  success: z.boolean(),
  /** digits the user types: the last digits of the calling number */
  code_length: z.number().int(),
  /** seconds until another call may be requested (RESEND_CODE_COUNTDOWN_S) */
  resend_in: z.number().int(),
});
export type PhoneCallStarted = z.infer<typeof phoneCallStartedSchema>;

export const webCallDataSchema = z.object({
  /** call-based verification can be offered */
  is_available: z.boolean(),
  /** the phone that will be called (the user's, as stored) */
  phone: z.string().nullable(),
  code_length: z.number().int(),
  /** resend countdown, seconds */
  countdown: z.number().int(),
  /** seconds left before another call may be requested now (0: at once) */
  resend_in: z.number().int(),
});
export type WebCallData = z.infer<typeof webCallDataSchema>;

export const phoneCodeApi = {
  /** Rings the signed-in user's phone; then confirm-phone with the digits. */
  user: defineRoute({ ...phoneCodeRoutes.user, body: z.strictObject({}).nullish(), response: phoneCallStartedSchema }),
  /**
   * Without `code`: rings the organizer's contact phone (profile.contacts.phone).
   * With `code`: checks it (`{ success }`, 422 on code when wrong). Another tenant's organizer: 404.
   */
  organizer: defineRoute({
    ...phoneCodeRoutes.organizer,
    body: z.strictObject({ organizer_id: idSchema, code: z.string().trim().min(1).max(12).optional() }),
    response: phoneCallStartedSchema,
  }),
  /** What the phone-confirmation dialog needs to show the call option for the signed-in user. */
  webCallData: defineRoute({
    ...phoneCodeRoutes.webCallData,
    body: z.strictObject({}).nullish(),
    response: webCallDataSchema,
  }),
};
