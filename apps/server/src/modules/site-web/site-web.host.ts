import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/** The host name of a Host header: lower-case, without its port or an IPv6 address's brackets. */
export const hostName = (host: string | undefined): string => {
  const h = String(host ?? '')
    .trim()
    .toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  return h.replace(/:\d+$/, '');
};

/**
 * Whether a request is for a provider's public site rather than the product itself: any host but
 * the product's own (PUBLIC_URL's, localhost, an IP address). The product is reached at
 * PUBLIC_URL's host; every other name that reaches this server is a site's subdomain of
 * SITES_DOMAIN or a custom domain (its CNAME points here), resolved per request.
 */
export const isSiteHost = (ownHost: string) => {
  const own = new Set([ownHost, 'localhost']);
  return (host: string | undefined): boolean => {
    const name = hostName(host);
    return name !== '' && !own.has(name) && isIP(name) === 0;
  };
};

/**
 * A route constraint `siteHost: true`: the site's routes (/, /tours/…) answer only requests for a
 * site's host; on the product's host the same paths keep their own routes (/ → /org/). Requests
 * for a site's host that no site route takes (the API, /files, the site's assets) go to the
 * unconstrained routes as before.
 */
export const registerSiteHostConstraint = (app: FastifyInstance, ownHost: string): void => {
  const siteHost = isSiteHost(ownHost);
  app.addConstraintStrategy({
    name: 'siteHost',
    storage: () => {
      const handlers = new Map<unknown, unknown>();
      return {
        get: (value: unknown) => (handlers.get(value) ?? null) as never,
        set: (value: unknown, store: unknown) => void handlers.set(value, store),
      };
    },
    deriveConstraint: (request: FastifyRequest['raw']) => siteHost(request.headers.host),
    mustMatchWhenDerived: false,
    validate: (value: unknown) => {
      if (value !== true) throw new Error('siteHost takes true');
    },
  });
};
