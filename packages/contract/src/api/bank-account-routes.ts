/**
 * Route descriptors (method, path, flags) of ./bank-account.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./bank-account.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of bankAccountApi (./bank-account.ts): method, path and flags. */
export const bankAccountRoutes = {
  popupData: { method: 'GET', path: '/crm/api/organization-bank-account/popup-data' },
  getList: { method: 'GET', path: '/crm/api/organization-bank-account/get-list' },
  create: { method: 'POST', path: '/crm/api/organization-bank-account/create' },
  update: { method: 'POST', path: '/crm/api/organization-bank-account/update' },
  delete: { method: 'POST', path: '/crm/api/organization-bank-account/delete' },
} as const satisfies RouteDescriptors;
