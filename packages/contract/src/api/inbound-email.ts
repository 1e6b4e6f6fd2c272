import { z } from 'zod';
import { defineRoute } from '../route';
import { inboundEmailRoutes } from './inbound-email-routes';

export { inboundEmailRoutes } from './inbound-email-routes';

/** The header the mail service sends the shared secret in. */
export const INBOUND_EMAIL_SECRET_HEADER = 'x-webhook-secret';

/** RFC 5322's longest line: no address list, subject or Message-ID a mail service posts is longer. */
const HEADER_MAX_LENGTH = 998;
/** Recipients read from one mail (To and Cc as the service lists them). */
const RECIPIENTS_MAX = 100;

/**
 * One e-mail as the common inbound-mail services post it in JSON. `from`: the sender (`Name
 * <address>` or the address alone); `to`: the recipients, one string (one address or a
 * comma-separated list) or a list of them; `text`: the plain-text part (`html` is read only when
 * there is none); `message_id`: the mail's Message-ID (a retried delivery repeats it).
 * Other fields a service posts (headers, attachments, spam scores) are ignored.
 */
export const inboundEmailSchema = z.object({
  from: z.string().trim().min(1).max(HEADER_MAX_LENGTH),
  to: z.union([
    z
      .string()
      .trim()
      .min(1)
      .max(HEADER_MAX_LENGTH * 4),
    z.array(z.string().trim().min(1).max(HEADER_MAX_LENGTH)).min(1).max(RECIPIENTS_MAX),
  ]),
  subject: z.string().max(HEADER_MAX_LENGTH).default(''),
  text: z.string().default(''),
  html: z.string().nullish(),
  message_id: z.string().trim().min(1).max(HEADER_MAX_LENGTH),
  in_reply_to: z.string().max(HEADER_MAX_LENGTH).nullish(),
});
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

/**
 * What the webhook answers (always 2xx once the secret matched and the body is an e-mail, so the
 * service never retries a mail it delivered): `accepted` false when no recipient is a reply
 * address of ours with a right signature and a request that exists, or the mail has no text;
 * otherwise `status` says what became of it: `posted` into the request's chat as the traveller,
 * or `held` for the provider (another sender). The same mail again answers the same.
 */
export const inboundEmailResponseSchema = z.object({
  accepted: z.boolean(),
  status: z.enum(['posted', 'held']).nullable(),
});
export type InboundEmailResponse = z.infer<typeof inboundEmailResponseSchema>;

export const inboundEmailApi = {
  /**
   * An e-mail sent to a request's Reply-To address. 404 while INBOUND_EMAIL_SECRET is unset; 401
   * without the right X-Webhook-Secret (checked before the body is read).
   */
  webhook: defineRoute({
    ...inboundEmailRoutes.webhook,
    body: inboundEmailSchema,
    response: inboundEmailResponseSchema,
    summary: 'Inbound e-mail (mail service webhook; X-Webhook-Secret header)',
  }),
};
