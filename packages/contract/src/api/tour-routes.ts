/**
 * Route descriptors (method, path, flags) of ./tour.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./tour.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';
import { rules, type FieldRuleMap } from '../validation';

/**
 * `format` of GET tour/list: `full` gives each tour's cover, next dates, sites and alerts;
 * `short` only what a select needs (id, name, status, type), without the per-tour look-ups.
 */
export const TOUR_LIST_FORMATS = ['full', 'short'] as const;
export type TourListFormat = (typeof TOUR_LIST_FORMATS)[number];
/** How many of a tour's next departures the list shows. */
export const TOUR_LIST_NEXT_DATES = 3;
/** A page of the tour list (beyond the SPEC: without `limit` the list is whole, as SPEC's GET list). */
export const TOUR_LIST_PAGE_SIZE = 20;
export const TOUR_LIST_MAX_PAGE_SIZE = 100;

/** `period` of GET tour/get-dates: departures from today on (the default), before today, or all. */
export const TOUR_DATE_PERIODS = ['upcoming', 'past', 'all'] as const;
export type TourDatePeriod = (typeof TOUR_DATE_PERIODS)[number];
/** get-dates page size: SPEC's request list size by default, 100 at most. */
export const TOUR_DATES_PAGE_SIZE = 20;
export const TOUR_DATES_MAX_PAGE_SIZE = 100;
/** save-dates takes at most a year of daily departures at once. */
export const MAX_TOUR_DATES_PER_SAVE = 366;

/** The kinds of the tour catalogue's reference values (GET tour/catalogue `kind`). */
export const CATALOGUE_KINDS = ['region', 'city', 'rest_kind', 'collection', 'showplace', 'activity'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The routes of tourApi (./tour.ts): method, path and flags. */
export const tourRoutes = {
  list: { method: 'GET', path: '/crm/api/tour/list' },
  view: { method: 'GET', path: '/crm/api/tour/view' },
  create: { method: 'POST', path: '/crm/api/tour/create' },
  update: { method: 'POST', path: '/crm/api/tour/update' },
  publish: { method: 'POST', path: '/crm/api/tour/publish' },
  draft: { method: 'POST', path: '/crm/api/tour/draft' },
  archive: { method: 'POST', path: '/crm/api/tour/archive' },
  changeDatesPreliminary: { method: 'POST', path: '/crm/api/tour/change-dates-preliminary' },
  changeProgramPreliminary: { method: 'POST', path: '/crm/api/tour/change-program-preliminary' },
  createCopy: { method: 'POST', path: '/crm/api/tour/create-copy' },
  defaultPenalties: { method: 'GET', path: '/crm/api/tour/default-penalties' },
  catalogue: { method: 'GET', path: '/crm/api/tour/catalogue' },
  guides: { method: 'GET', path: '/crm/api/tour/guides' },
  createGuide: { method: 'POST', path: '/crm/api/tour/create-guide' },
  updateGuide: { method: 'POST', path: '/crm/api/tour/update-guide' },
  deleteGuide: { method: 'POST', path: '/crm/api/tour/delete-guide' },
  getDates: { method: 'GET', path: '/crm/api/tour/get-dates' },
  saveDate: { method: 'POST', path: '/crm/api/tour/save-date' },
  saveDates: { method: 'POST', path: '/crm/api/tour/save-dates' },
  removeDate: { method: 'POST', path: '/crm/api/tour/remove-date' },
  saveWeekSchedule: { method: 'POST', path: '/crm/api/tour/save-week-schedule' },
} as const satisfies RouteDescriptors;

// ─── The programme PDF, calendar feeds, the tours a request picks from ─────────

/** The programme PDF (SPEC §7 /crm/api/tour-program/). */
export const tourProgramRoutes = {
  /** renders the tour's programme and stores it; answers the PDF's id for download-pdf */
  createPdf: { method: 'POST', path: '/crm/api/tour-program/create-pdf', invisibleCaptcha: true },
  /**
   * The PDF itself (application/pdf, an attachment named after the tour), not JSON: a stored one
   * by `pdf_id`, or by SPEC's `request_id` the programme of the request's tour, rendered now.
   */
  downloadPdf: { method: 'GET', path: '/crm/api/tour-program/download-pdf' },
} as const satisfies RouteDescriptors;

/** How many calendar feeds an organizer may have at once (revoked ones aside). */
export const MAX_ICAL_FEEDS = 100;
/** create-ical-feed: whom the address is for, optional. */
export const TOUR_ICAL_FEED_RULES = { name: [rules.maxLength(100)] } as const satisfies FieldRuleMap;

/**
 * Calendar feeds (beyond the SPEC): the departures of one tour or of the whole organizer at a
 * secret address a guide's calendar subscribes to. The address is answered once, by
 * create-ical-feed (only a digest of its token is kept); revoke-ical-feed ends it.
 */
export const tourIcalFeedRoutes = {
  icalFeeds: { method: 'GET', path: '/crm/api/tour/ical-feeds' },
  createIcalFeed: { method: 'POST', path: '/crm/api/tour/create-ical-feed' },
  revokeIcalFeed: { method: 'POST', path: '/crm/api/tour/revoke-ical-feed' },
  /** the feed (text/calendar, not JSON); public: the token in the address is the key */
  icalFeed: { method: 'GET', path: '/crm/api/tour/ical/:token.ics', isPublic: true },
} as const satisfies RouteDescriptors;

/**
 * The tours a request is made for (SPEC §7). `list-for-request` (request_id) comes with the
 * bookings issue, which adds requests.
 */
export const tourForRequestRoutes = {
  listForRequest: { method: 'GET', path: '/crm/api/tour/list-for-request' },
  listForRequestWithOwnType: { method: 'GET', path: '/crm/api/tour/list-for-request-with-own-type' },
} as const satisfies RouteDescriptors;
