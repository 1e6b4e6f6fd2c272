import { z } from 'zod';
import { defineRoute } from '../route';
import { domainInfoSchema, siteTokensSchema } from '../entities/domain-info';

export const generalApi = {
  domainInfo: defineRoute({
    method: 'POST',
    path: '/crm/api/domain/info',
    // SPEC: payload not shown. We accept an optional domain; the Host header decides otherwise.
    body: z.strictObject({ domain: z.string().max(253).optional() }).nullish(),
    response: domainInfoSchema,
    isPublic: true,
  }),
  siteTokens: defineRoute({ method: 'GET', path: '/spa/site-tokens', response: siteTokensSchema, isPublic: true }),
  countryByIp: defineRoute({
    method: 'GET',
    path: '/spa/country-by-ip',
    response: z.object({ result: z.object({ iso_code: z.string().length(2) }) }),
    isPublic: true,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/meta/version.json',
    response: z.object({ timestamp: z.number().int() }),
    isPublic: true,
  }),
  /**
   * The outbox of outgoing messages, shown on /org/debug: never in production; otherwise only to
   * a client on the server's own machine (loopback, not forwarded) or with the operator token
   * (x-operator-token), else 403 `outbox_local_only`.
   */
  debugOutbox: defineRoute({
    method: 'GET',
    path: '/crm/api/debug/outbox',
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
        }),
      ),
    }),
    isPublic: true,
  }),
  /** Build info for /org/debug. */
  debugInfo: defineRoute({
    method: 'GET',
    path: '/crm/api/debug/info',
    response: z.object({
      timestamp: z.number().int(),
      brand_id: z.number().int(),
      database: z.enum(['pglite', 'postgres']),
      node: z.string(),
      uptime_s: z.number(),
    }),
    isPublic: true,
  }),
};
