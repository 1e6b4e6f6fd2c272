/**
 * Route descriptors (method, path, flags) of ./template.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./template.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of contractTemplateApi (./template.ts): method, path and flags. */
export const contractTemplateRoutes = {
  create: { method: 'POST', path: '/crm/api/organizer-contract-template/create' },
  update: { method: 'POST', path: '/crm/api/organizer-contract-template/update' },
  delete: { method: 'POST', path: '/crm/api/organizer-contract-template/delete' },
  list: { method: 'GET', path: '/crm/api/organizer-contract-template/list' },
  get: { method: 'GET', path: '/crm/api/organizer-contract-template/get' },
  getDefaultTemplateByType: {
    method: 'GET',
    path: '/crm/api/organizer-contract-template/get-default-template-by-type',
  },
  getDefaultTemplateTypes: { method: 'GET', path: '/crm/api/organizer-contract-template/get-default-template-types' },
} as const satisfies RouteDescriptors;

/** The routes of meetDataTemplateApi (./template.ts): method, path and flags. */
export const meetDataTemplateRoutes = {
  create: { method: 'POST', path: '/crm/api/organizer-meet-data-template/create' },
  update: { method: 'POST', path: '/crm/api/organizer-meet-data-template/update' },
  delete: { method: 'POST', path: '/crm/api/organizer-meet-data-template/delete' },
  list: { method: 'GET', path: '/crm/api/organizer-meet-data-template/list' },
} as const satisfies RouteDescriptors;

/** The routes of documentTemplateApi (./template.ts): method, path and flags. */
export const documentTemplateRoutes = {
  placeholdersMap: { method: 'GET', path: '/crm/api/organizer-document-template/placeholders-map' },
} as const satisfies RouteDescriptors;
