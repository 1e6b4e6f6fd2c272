/**
 * Route descriptors (method, path, flags) of ./general.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./general.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of generalApi (./general.ts): method, path and flags. */
export const generalRoutes = {
  domainInfo: { method: 'POST', path: '/crm/api/domain/info', isPublic: true },
  siteTokens: { method: 'GET', path: '/spa/site-tokens', isPublic: true },
  countryByIp: { method: 'GET', path: '/spa/country-by-ip', isPublic: true },
  version: { method: 'GET', path: '/meta/version.json', isPublic: true },
  debugOutbox: { method: 'GET', path: '/crm/api/debug/outbox', isPublic: true },
  debugInfo: { method: 'GET', path: '/crm/api/debug/info', isPublic: true },
} as const satisfies RouteDescriptors;
