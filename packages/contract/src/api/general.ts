import { z } from 'zod';
import { defineRoute } from '../route';
import { generalRoutes } from './general-routes';
import { domainInfoSchema, siteTokensSchema } from '../entities/domain-info';

export const generalApi = {
  domainInfo: defineRoute({
    ...generalRoutes.domainInfo,
    // SPEC: payload not shown. We accept an optional domain; the Host header decides otherwise.
    body: z.strictObject({ domain: z.string().max(253).optional() }).nullish(),
    response: domainInfoSchema,
  }),
  siteTokens: defineRoute({ ...generalRoutes.siteTokens, response: siteTokensSchema }),
  countryByIp: defineRoute({
    ...generalRoutes.countryByIp,
    response: z.object({ result: z.object({ iso_code: z.string().length(2) }) }),
  }),
  version: defineRoute({ ...generalRoutes.version, response: z.object({ timestamp: z.number().int() }) }),
  /**
   * The outbox of outgoing messages, shown on /org/debug: never in production; otherwise only to
   * a client on the server's own machine (loopback, not forwarded) or with the operator token
   * (x-operator-token), else 403 `outbox_local_only`.
   */
  debugOutbox: defineRoute({
    ...generalRoutes.debugOutbox,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.number().int(),
          channel: z.string(),
          recipient: z.string(),
          subject: z.string().nullable(),
          body: z.string(),
          created_at: z.string(),
          /** stored (no real transport), queued, sending, sent, failed (see next_attempt_at) */
          status: z.string(),
          /** delivery attempts made */
          attempts: z.number().int(),
          /** the next try; null: none (sent, stored, or a failed one given up) */
          next_attempt_at: z.string().nullable(),
          /** why the last attempt failed */
          last_error: z.string().nullable(),
          sent_at: z.string().nullable(),
        }),
      ),
    }),
  }),
  /** Build info for /org/debug. */
  debugInfo: defineRoute({
    ...generalRoutes.debugInfo,
    response: z.object({
      timestamp: z.number().int(),
      brand_id: z.number().int(),
      database: z.enum(['pglite', 'postgres']),
      node: z.string(),
      uptime_s: z.number(),
    }),
  }),
};
