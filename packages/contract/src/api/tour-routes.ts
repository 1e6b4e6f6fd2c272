/**
 * Route descriptors (method, path, flags) of ./tour.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./tour.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/**
 * `format` of GET tour/list: `full` gives each tour's cover, next dates, sites and alerts;
 * `short` only what a select needs (id, name, status, type), without the per-tour look-ups.
 */
export const TOUR_LIST_FORMATS = ['full', 'short'] as const;
export type TourListFormat = (typeof TOUR_LIST_FORMATS)[number];
/** How many of a tour's next departures the list shows. */
export const TOUR_LIST_NEXT_DATES = 3;

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
