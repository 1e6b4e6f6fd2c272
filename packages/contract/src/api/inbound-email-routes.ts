/** Route descriptors (method, path, flags) of ./inbound-email.ts, free of zod. */
import type { RouteDescriptors } from '../route';

/**
 * The inbound e-mail webhook (issue 24): a mail service posts each e-mail sent to a request's
 * Reply-To address (`reply+<request id>-<signature>@INBOUND_EMAIL_DOMAIN`) here, with the header
 * `X-Webhook-Secret: INBOUND_EMAIL_SECRET`. Not called by the web (a service's route).
 */
export const inboundEmailRoutes = {
  webhook: { method: 'POST', path: '/crm/api/webhooks/inbound-email', isPublic: true },
} as const satisfies RouteDescriptors;
