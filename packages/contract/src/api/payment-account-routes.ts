/**
 * Route descriptors (method, path, flags) of ./payment-account.ts, free of zod: the web calls the
 * API with these and never loads a schema.
 */
import type { RouteDescriptors } from '../route';

/** The routes of paymentAccountApi (./payment-account.ts): the organizer's own YooKassa account. */
export const paymentAccountRoutes = {
  get: { method: 'GET', path: '/crm/api/organizer-payment-account/get' },
  connect: { method: 'POST', path: '/crm/api/organizer-payment-account/connect' },
  remove: { method: 'POST', path: '/crm/api/organizer-payment-account/remove' },
} as const satisfies RouteDescriptors;
