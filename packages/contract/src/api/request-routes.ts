/**
 * Route descriptors (method, path, flags) of ./request.ts, free of zod: the web calls the API
 * with these and never loads a schema. ./request.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift.
 */
import type { RouteDescriptors } from '../route';

/** The request page: one request, its departure, status, cancellation and marketplace status. */
export const requestRoutes = {
  get: { method: 'GET', path: '/crm/api/request/get' },
  createRequestWithOwnType: { method: 'POST', path: '/crm/api/request/create-request-with-own-type' },
  updateRequestWithOwnType: { method: 'POST', path: '/crm/api/request/update-request-with-own-type' },
  update: { method: 'POST', path: '/crm/api/request/update', invisibleCaptcha: true },
  confirm: { method: 'POST', path: '/crm/api/request/confirm', invisibleCaptcha: true },
  /** beyond the SPEC: keeps a pending request's seats for longer */
  extendHold: { method: 'POST', path: '/crm/api/request/extend-hold' },
  tourDates: { method: 'POST', path: '/crm/api/request/tour-dates' },
  cancelRequestPopupData: { method: 'GET', path: '/crm/api/request/cancel-request-popup-data' },
  cancel: { method: 'POST', path: '/crm/api/request/cancel' },
  baseSaleStatusesByRequestId: { method: 'GET', path: '/crm/api/request/base-sale-statuses-by-request-id' },
  changeBaseSaleStatus: { method: 'POST', path: '/crm/api/request/change-base-sale-status' },
} as const satisfies RouteDescriptors;

/** Requests a third-party agent sold (SPEC §7 /crm/api/third-party-agent-request/). */
export const thirdPartyAgentRequestRoutes = {
  create: { method: 'POST', path: '/crm/api/third-party-agent-request/create' },
  update: { method: 'POST', path: '/crm/api/third-party-agent-request/update' },
} as const satisfies RouteDescriptors;

/**
 * An individual tour of a request (SPEC §7 under /crm/api/tour/): its dates, and the offer the
 * provider prepares — a base tour, a price and a note — kept as a draft until it is applied.
 */
export const requestIndividualRoutes = {
  individualDates: { method: 'GET', path: '/crm/api/tour/individual-dates' },
  saveIndividualDates: { method: 'POST', path: '/crm/api/tour/individual-dates' },
  individual: { method: 'GET', path: '/crm/api/tour/individual' },
  saveIndividual: { method: 'POST', path: '/crm/api/tour/individual' },
  individualClearDraft: { method: 'POST', path: '/crm/api/tour/individual-clear-draft' },
} as const satisfies RouteDescriptors;
