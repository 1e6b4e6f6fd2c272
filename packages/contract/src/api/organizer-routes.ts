/**
 * Route descriptors (method, path, flags) of ./organizer.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./organizer.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/**
 * The platform agreement version an organizer must accept (dashboard `should_show_agreement_popup`
 * stays true until `accept-agreement` is called with this version). The web renders
 * /agreement/{version} from the Markdown shipped with each brand.
 */
export const CURRENT_AGREEMENT_VERSION = '2024-1';
/** The dashboard's chart (user/dashboard `weeks`): this many weeks, the current one last. */
export const DASHBOARD_WEEKS = 12;
/** The dashboard's upcoming departures: those starting today and in the next days, this many. */
export const UPCOMING_DEPARTURE_DAYS = 7;
/** `document_type` of POST user/verification-data. */
export const VERIFICATION_DOCUMENT_TYPES = ['passport', 'id_card', 'company_registration'] as const;

/** The routes of organizerApi (./organizer.ts): method, path and flags. */
export const organizerRoutes = {
  list: { method: 'GET', path: '/crm/api/organizer/list' },
  create: { method: 'POST', path: '/crm/api/organizer/create' },
  update: { method: 'POST', path: '/crm/api/organizer/update' },
  info: { method: 'GET', path: '/crm/api/organizer/info' },
  view: { method: 'GET', path: '/crm/api/organizer/view' },
  publicInfo: { method: 'GET', path: '/crm/api/organizer/public-info', isPublic: true },
  verificationInfo: { method: 'GET', path: '/crm/api/organizer/verification-info' },
  acceptAgreement: { method: 'POST', path: '/crm/api/organizer/accept-agreement' },
  dashboard: { method: 'GET', path: '/crm/api/user/dashboard' },
  verificationAccessToken: { method: 'GET', path: '/crm/api/user/get-verification-access-token' },
  verificationData: { method: 'POST', path: '/crm/api/user/verification-data' },
  partners: { method: 'GET', path: '/crm/api/organizer/partners' },
  setPublishedOnSite: { method: 'POST', path: '/crm/api/organizer/set-published-on-site' },
  signPartnership: { method: 'POST', path: '/crm/api/organizer/sign-partnership' },
} as const satisfies RouteDescriptors;

/** The routes of operatorApi (./organizer.ts): method, path and flags. */
export const operatorRoutes = {
  listOrganizers: { method: 'GET', path: '/crm/api/operator/organizers', isPublic: true },
  setVerification: { method: 'POST', path: '/crm/api/operator/set-verification', isPublic: true },
  setSiteStatus: { method: 'POST', path: '/crm/api/operator/set-site-status', isPublic: true },
  setTourSiteStatus: { method: 'POST', path: '/crm/api/operator/set-tour-site-status', isPublic: true },
} as const satisfies RouteDescriptors;
