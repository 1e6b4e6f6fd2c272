/**
 * Route descriptors (method, path, flags) of ./phone-code.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./phone-code.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of phoneCodeApi (./phone-code.ts): method, path and flags. */
export const phoneCodeRoutes = {
  user: { method: 'POST', path: '/crm/api/phone-code/user' },
  organizer: { method: 'POST', path: '/crm/api/phone-code/organizer' },
  webCallData: { method: 'POST', path: '/crm/api/phone-code/web-call-data' },
} as const satisfies RouteDescriptors;
