/**
 * Route descriptors (method, path, flags) of ./request-list.ts, free of zod: the web calls the API
 * with these and never loads a schema. Also the request list's constants: its groups (tabs), page
 * size, and how the list's filters travel in a GET query (`filters`, a JSON string:
 * encodeRequestListFilters).
 */
import type { RouteDescriptors } from '../route';
import type { BookingStatus, RequestSource } from '../enum-values';
export { REQUEST_LIST_PAGE_SIZE } from '../constants';

/** The most one page of the request list may hold (SPEC's page size, REQUEST_LIST_PAGE_SIZE, is the default). */
export const REQUEST_LIST_MAX_PAGE_SIZE = 100;
/**
 * Counts of the list (its `total`, a group's `count`) are exact up to this many; past it they say
 * this number and `total_exact` / `count_exact` false ("10 000+"): counting every one of an
 * organizer's 100 000 requests would cost each page more than the page itself (request-list bench).
 */
export const REQUEST_LIST_COUNT_CAP = 10_000;
/** The search box takes at most this many characters. */
export const REQUEST_SEARCH_MAX_LENGTH = 100;
/** A filter names at most this many tours. */
export const REQUEST_FILTER_MAX_TOURS = 100;

/**
 * The fixed groups of the request list (GET request/groups), one tab each: the statuses each
 * holds. `name` is English; the web translates by `key` (or id).
 */
export const REQUEST_GROUP = {
  all: 1,
  new: 2,
  awaiting_prepayment: 3,
  prepaid: 4,
  completed: 5,
  canceled: 6,
} as const;
export type RequestGroupId = (typeof REQUEST_GROUP)[keyof typeof REQUEST_GROUP];
export type RequestGroupKey = keyof typeof REQUEST_GROUP;
export const REQUEST_GROUPS: readonly {
  id: RequestGroupId;
  key: RequestGroupKey;
  name: string;
  statuses: readonly BookingStatus[];
}[] = [
  { id: 1, key: 'all', name: 'All', statuses: [1, 2, 3, 4, 5, 6, 7, 8] },
  { id: 2, key: 'new', name: 'New', statuses: [1] },
  { id: 3, key: 'awaiting_prepayment', name: 'Awaiting prepayment', statuses: [2] },
  { id: 4, key: 'prepaid', name: 'Prepaid', statuses: [3] },
  { id: 5, key: 'completed', name: 'Completed', statuses: [4] },
  { id: 6, key: 'canceled', name: 'Canceled', statuses: [5, 6, 7, 8] },
];
export const REQUEST_GROUP_IDS = REQUEST_GROUPS.map((g) => g.id);

/**
 * The filters of GET request/list-for-org (SPEC `filters`), each optional; together they narrow
 * the list (AND). A list (tour_ids, statuses, sources) matches any of its values; empty or absent
 * means no filter. date_from and date_to bound the start date (inclusive, YYYY-MM-DD). `query`
 * finds a request by its customer's or tourists' name (word beginnings: "ива" finds "Иванов"),
 * phone (any part of the digits, however formatted: "916 123-45", "+7 (916)…", "8916…"), e-mail
 * (its beginning or any of its words) or number ("123" or "#123"; with # the number only).
 */
export interface RequestListFilters {
  tour_ids?: number[];
  statuses?: BookingStatus[];
  sources?: RequestSource[];
  date_from?: string | null;
  date_to?: string | null;
  query?: string;
}

/**
 * The `filters` query value of list-for-org: the filters as JSON, empty parts left out (undefined
 * when nothing filters). The saved filter (get-search-filter) passes as it is: its other fields
 * (group_id, base_sale_status, is_individual_tour) are dropped here and go as their own params.
 */
export const encodeRequestListFilters = (f: RequestListFilters): string | undefined => {
  const out: RequestListFilters = {};
  if (f.tour_ids?.length) out.tour_ids = f.tour_ids;
  if (f.statuses?.length) out.statuses = f.statuses;
  if (f.sources?.length) out.sources = f.sources;
  if (f.date_from) out.date_from = f.date_from;
  if (f.date_to) out.date_to = f.date_to;
  if (f.query?.trim()) out.query = f.query.trim();
  return Object.keys(out).length ? JSON.stringify(out) : undefined;
};

/** The request list (SPEC §7 Requests): its groups and page, the navigation badge, filter choices, the saved filter. */
export const requestListRoutes = {
  groups: { method: 'GET', path: '/crm/api/request/groups' },
  listForOrg: { method: 'GET', path: '/crm/api/request/list-for-org' },
  countForOrg: { method: 'GET', path: '/crm/api/request/count-for-org' },
  getSearchFilter: { method: 'GET', path: '/crm/api/request/get-search-filter' },
  setSearchFilter: { method: 'POST', path: '/crm/api/request/set-search-filter' },
  tours: { method: 'GET', path: '/crm/api/request/tours' },
  individualTours: { method: 'GET', path: '/crm/api/request/individual-tours' },
  getDateStartRequest: { method: 'GET', path: '/crm/api/request/get-date-start-request' },
  getDateStartIndividualTours: { method: 'GET', path: '/crm/api/request/get-date-start-individual-tours' },
  requestSources: { method: 'GET', path: '/crm/api/request/request-sources' },
} as const satisfies RouteDescriptors;
