import { z } from 'zod';
import { defineRoute } from '../route';
import { requestListRoutes } from './request-list-routes';
import {
  REQUEST_FILTER_MAX_TOURS,
  REQUEST_GROUP_IDS,
  REQUEST_LIST_MAX_PAGE_SIZE,
  REQUEST_SEARCH_MAX_LENGTH,
} from './request-list-routes';
export {
  REQUEST_FILTER_MAX_TOURS,
  REQUEST_GROUP,
  REQUEST_GROUPS,
  REQUEST_GROUP_IDS,
  REQUEST_LIST_COUNT_CAP,
  REQUEST_LIST_MAX_PAGE_SIZE,
  REQUEST_SEARCH_MAX_LENGTH,
  encodeRequestListFilters,
  requestListRoutes,
  type RequestGroupId,
  type RequestGroupKey,
  type RequestListFilters,
} from './request-list-routes';
import { REQUEST_LIST_PAGE_SIZE } from '../constants';
import { dateStringSchema, dateTimeStringSchema, idSchema, moneySchema, queryIdSchema } from '../entities/common';
import { requestGroupSchema, requestSearchFilterSchema } from '../entities/request';
import { currencySchema } from '../entities/user';
import { bookingStatusSchema, requestSourceSchema } from '../enums';
import { BASE_SALE_STATUSES, REQUEST_SOURCES } from '../enum-values';
import { issueOf } from '../messages';

// ─── Inputs ────────────────────────────────────────────────────────────────────

/** 0 or 1 in a query (SPEC §7 is_individual_tour). */
const queryZeroOne = z.enum(['0', '1']).transform((v) => (v === '1' ? 1 : 0) as 0 | 1);
const groupIdSchema = z
  .number()
  .int()
  .refine((v) => (REQUEST_GROUP_IDS as readonly number[]).includes(v), {
    ...issueOf('incorrect_value'),
  });
const baseSaleStatusValueSchema = z
  .number()
  .int()
  .refine((v) => (BASE_SALE_STATUSES as readonly number[]).includes(v), issueOf('incorrect_value'));

/** The search box: text PostgreSQL cannot hold (U+0000) is no search. */
const searchQuerySchema = z
  .string()
  .trim()
  .max(REQUEST_SEARCH_MAX_LENGTH)
  .refine((v) => !v.includes('\u0000'), issueOf('incorrect_value'));

const datesRefinement = (v: { date_from?: string | null; date_to?: string | null }, ctx: z.RefinementCtx) => {
  if (v.date_from && v.date_to && v.date_to < v.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], ...issueOf('end_before_start') });
};

/** The list's filters (RequestListFilters in ./request-list-routes.ts), each optional. */
const filterShape = {
  tour_ids: z.array(idSchema).max(REQUEST_FILTER_MAX_TOURS),
  statuses: z.array(bookingStatusSchema).max(8),
  sources: z.array(requestSourceSchema).max(REQUEST_SOURCES.length),
  date_from: dateStringSchema.nullable(),
  date_to: dateStringSchema.nullable(),
  query: searchQuerySchema,
};
export const requestListFiltersSchema = z
  .strictObject({
    tour_ids: filterShape.tour_ids.optional(),
    statuses: filterShape.statuses.optional(),
    sources: filterShape.sources.optional(),
    date_from: filterShape.date_from.optional(),
    date_to: filterShape.date_to.optional(),
    query: filterShape.query.optional(),
  })
  .superRefine(datesRefinement);
export type RequestListFiltersInput = z.input<typeof requestListFiltersSchema>;

/**
 * `filters` of list-for-org: a JSON object (encodeRequestListFilters) in one query parameter.
 * Text that is no JSON is a field error on `filters`; a bad value inside, on its path
 * (`filters.tour_ids.0`).
 */
export const requestListFiltersParamSchema = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', ...issueOf('incorrect_value') });
      return z.NEVER;
    }
  })
  .pipe(requestListFiltersSchema);

/** GET list-for-org. */
export const requestListQuerySchema = z.strictObject({
  organizer_id: queryIdSchema,
  /** the tab (REQUEST_GROUPS); 1 all by default */
  group_id: z.coerce.number().pipe(groupIdSchema).default(1),
  base_sale_status: z.coerce.number().pipe(baseSaleStatusValueSchema).optional(),
  /** 1: individual tours only; 0: departures only; absent: both */
  is_individual_tour: queryZeroOne.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(REQUEST_LIST_MAX_PAGE_SIZE).default(REQUEST_LIST_PAGE_SIZE),
  filters: requestListFiltersParamSchema.optional(),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/** Routes that take the organizer and, optionally, the kind of requests (absent: both). */
const organizerKindQuery = z.strictObject({ organizer_id: queryIdSchema, is_individual_tour: queryZeroOne.optional() });
const organizerQuery = z.strictObject({ organizer_id: queryIdSchema });

/** GET get-search-filter: the kind's saved filter (0 by default). */
export const requestSearchFilterQuerySchema = z.strictObject({
  organizer_id: queryIdSchema,
  is_individual_tour: queryZeroOne.default(0),
});

/** POST set-search-filter: the whole filter (absent fields: their defaults), replacing the saved one. */
export const requestSetSearchFilterBodySchema = z
  .strictObject({
    organizer_id: idSchema,
    is_individual_tour: z.union([z.literal(0), z.literal(1)]).default(0),
    group_id: groupIdSchema.default(1),
    base_sale_status: baseSaleStatusValueSchema.nullable().default(null),
    tour_ids: filterShape.tour_ids.default([]),
    statuses: filterShape.statuses.default([]),
    sources: filterShape.sources.default([]),
    date_from: filterShape.date_from.default(null),
    date_to: filterShape.date_to.default(null),
    query: filterShape.query.default(''),
  })
  .superRefine(datesRefinement);
export type RequestSetSearchFilterBody = z.input<typeof requestSetSearchFilterBodySchema>;

// ─── Answers ───────────────────────────────────────────────────────────────────

/** One row of the request list. Money in major units, the request's currency. */
export const requestListItemSchema = z.object({
  id: idSchema,
  status: bookingStatusSchema,
  source: requestSourceSchema,
  /** null when the tour was deleted */
  tour: z.object({ id: idSchema, name: z.string() }).nullable(),
  tour_date_id: idSchema.nullable(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  tourists_count: z.number().int().nonnegative(),
  /** the whole request's price, the discount taken off */
  price: moneySchema,
  paid_amount: moneySchema,
  /** price − paid_amount, 0 when paid in full or over */
  balance: moneySchema,
  currency: currencySchema,
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  created_at: dateTimeStringSchema,
  updated_at: dateTimeStringSchema,
  /** the seats are held until then (a pending request); null: firm or none */
  hold_expires_at: dateTimeStringSchema.nullable(),
  base_sale_status: z.number().int().nullable(),
  is_individual_tour: z.boolean(),
});
export type RequestListItem = z.infer<typeof requestListItemSchema>;

/**
 * A page of the list, newest first. `total` counts the requests the filters find, exactly up to
 * REQUEST_LIST_COUNT_CAP; past it `total` is the cap and `total_exact` false (there are more).
 * With a search (`filters.query`) the count is always exact.
 */
export const requestListResponseSchema = z.object({
  items: z.array(requestListItemSchema),
  total: z.number().int().nonnegative(),
  total_exact: z.boolean(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

export const requestGroupsResponseSchema = z.object({ items: z.array(requestGroupSchema) });
export type RequestGroupsResponse = z.infer<typeof requestGroupsResponseSchema>;

/** A tour the organizer has requests for (the tour filter's choices), with how many. */
export const requestFilterTourSchema = z.object({
  id: idSchema,
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type RequestFilterTour = z.infer<typeof requestFilterTourSchema>;
export const requestFilterToursResponseSchema = z.object({ items: z.array(requestFilterTourSchema) });
export type RequestFilterToursResponse = z.infer<typeof requestFilterToursResponseSchema>;

/**
 * The start dates present in the organizer's requests of a kind (get-date-start-request: departures;
 * get-date-start-individual-tours: individual tours): the first and last (null when none has a start
 * date), and each month (YYYY-MM) with how many requests start in it, in order — what a date-range
 * picker needs to bound itself and mark the months that have requests.
 */
export const requestDateStartResponseSchema = z.object({
  min: dateStringSchema.nullable(),
  max: dateStringSchema.nullable(),
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
      count: z.number().int().positive(),
    }),
  ),
});
export type RequestDateStartResponse = z.infer<typeof requestDateStartResponseSchema>;

/** The five sources (REQUEST_SOURCES, in that order), each with how many requests came from it. */
export const requestSourcesResponseSchema = z.object({
  items: z.array(z.object({ source: requestSourceSchema, count: z.number().int().nonnegative() })),
});
export type RequestSourcesResponse = z.infer<typeof requestSourcesResponseSchema>;

export const requestListApi = {
  /** The tabs with their counts (of the kind asked, or both). */
  groups: defineRoute({
    ...requestListRoutes.groups,
    query: organizerKindQuery,
    response: requestGroupsResponseSchema,
  }),
  listForOrg: defineRoute({
    ...requestListRoutes.listForOrg,
    query: requestListQuerySchema,
    response: requestListResponseSchema,
  }),
  /** The navigation badge: new requests (status 1, both kinds). */
  countForOrg: defineRoute({
    ...requestListRoutes.countForOrg,
    query: organizerQuery,
    response: z.object({ count: z.number().int().nonnegative() }),
  }),
  /** The caller's saved filter of the kind; the defaults when none was saved. */
  getSearchFilter: defineRoute({
    ...requestListRoutes.getSearchFilter,
    query: requestSearchFilterQuerySchema,
    response: requestSearchFilterSchema,
  }),
  /** Saves the caller's filter of the kind (theirs only: another member of the organizer keeps their own). */
  setSearchFilter: defineRoute({
    ...requestListRoutes.setSearchFilter,
    body: requestSetSearchFilterBodySchema,
    response: requestSearchFilterSchema,
  }),
  /** Tours with requests for departures, by name. */
  tours: defineRoute({ ...requestListRoutes.tours, query: organizerQuery, response: requestFilterToursResponseSchema }),
  /** Tours with individual-tour requests, by name. */
  individualTours: defineRoute({
    ...requestListRoutes.individualTours,
    query: organizerQuery,
    response: requestFilterToursResponseSchema,
  }),
  getDateStartRequest: defineRoute({
    ...requestListRoutes.getDateStartRequest,
    query: organizerQuery,
    response: requestDateStartResponseSchema,
  }),
  getDateStartIndividualTours: defineRoute({
    ...requestListRoutes.getDateStartIndividualTours,
    query: organizerQuery,
    response: requestDateStartResponseSchema,
  }),
  requestSources: defineRoute({
    ...requestListRoutes.requestSources,
    query: organizerKindQuery,
    response: requestSourcesResponseSchema,
  }),
};
