import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema } from '../entities/common';
import { FORM_RULES, zodFieldRules } from '../validation';
import { HELP_MESSAGE_MAX_LENGTH, HELP_NAME_MAX_LENGTH, HELP_PAGE_MAX_LENGTH, helpRoutes } from './help-routes';

export * from './help-routes';

/**
 * The help request (issue 28): who asks, how to answer them, and what they ask, checked by the
 * form's own rules (FORM_RULES.helpRequest). A signed-in member's goes into its organizer's
 * support chat (`organizer_id`, else its first organizer); anyone else's is e-mailed to support,
 * its Reply-To the sender's address.
 */
export const helpRequestBodySchema = z.strictObject({
  data: z
    .strictObject({
      name: z.string().trim().max(HELP_NAME_MAX_LENGTH),
      email: z.string().trim().max(254),
      phone: z.string().trim().max(32).optional(),
      message: z.string().trim().max(HELP_MESSAGE_MAX_LENGTH),
      page: z.string().trim().max(HELP_PAGE_MAX_LENGTH).optional(),
      organizer_id: idSchema.optional(),
    })
    .superRefine(zodFieldRules(FORM_RULES.helpRequest)),
});
export type HelpRequestBody = z.input<typeof helpRequestBodySchema>;

export const helpRequestResponseSchema = z.object({
  success: z.literal(true),
  /** where it went: the organizer's support chat, or an e-mail to support */
  channel: z.enum(['chat', 'email']),
  chat_id: idSchema.nullable(),
});
export type HelpRequestResponse = z.infer<typeof helpRequestResponseSchema>;

export const helpApi = {
  submit: defineRoute({ ...helpRoutes.submit, body: helpRequestBodySchema, response: helpRequestResponseSchema }),
};
