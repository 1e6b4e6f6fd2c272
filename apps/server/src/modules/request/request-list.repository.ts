import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import { REQUEST_LIST_COUNT_CAP } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import {
  requests,
  requestSearchFilters,
  requestStartCounts,
  requestStatusCounts,
  requestTourCounts,
  tours,
} from '../../db/schema/index';
import { searchVectorSql, type ParsedSearch } from './request-search';
export { requestSearchText } from './request-search';

/** Which requests of one organizer a list, count or choice reads; absent parts do not narrow. */
export interface RequestListWhere {
  organizerId: number;
  /** true: individual tours only; false: departures only */
  isIndividual?: boolean;
  /** any of these statuses (the group's and the filter's, already intersected); [] finds nothing */
  statuses?: readonly number[];
  baseSaleStatus?: number;
  tourIds?: readonly number[];
  /** a departure-scoped member's reach (issue 29): only these departures' requests; [] = none */
  tourDateIds?: readonly number[];
  sources?: readonly string[];
  /** the start date, inclusive (YYYY-MM-DD) */
  dateFrom?: string | null;
  dateTo?: string | null;
  search?: ParsedSearch | null;
}

/**
 * The search's tsvector: the GIN index `requests_search_idx` (db/schema/bookings.ts) is over
 * exactly this expression, so the two must stay the same (request-list.explain.test.ts fails else).
 */
export const searchVector = sql.raw(searchVectorSql('"requests"."search_text"'));

const searchCondition = (s: ParsedSearch): SQL | undefined => {
  const byWords = s.tsquery === null ? null : sql`${searchVector} @@ ${s.tsquery}::tsquery`;
  const byNumber = s.requestId === null ? null : eq(requests.id, s.requestId);
  if (byWords && byNumber) return sql`(${byNumber} or ${byWords})`;
  return byWords ?? byNumber ?? undefined;
};

/** The WHERE of the list and its count. Lists go as one array parameter each (`= any($1)`). */
export const requestListConditions = (w: RequestListWhere): SQL | undefined =>
  and(
    eq(requests.organizer_id, w.organizerId),
    w.isIndividual === undefined ? undefined : eq(requests.is_individual_tour, w.isIndividual),
    w.statuses === undefined ? undefined : sql`${requests.status} = any(${sql.param([...w.statuses])}::int[])`,
    w.baseSaleStatus === undefined ? undefined : eq(requests.base_sale_status, w.baseSaleStatus),
    w.tourIds?.length ? sql`${requests.tour_id} = any(${sql.param([...w.tourIds])}::int[])` : undefined,
    w.tourDateIds ? sql`${requests.tour_date_id} = any(${sql.param([...w.tourDateIds, 0])}::int[])` : undefined,
    w.sources?.length ? sql`${requests.source} = any(${sql.param([...w.sources])}::text[])` : undefined,
    w.dateFrom ? gte(requests.date_start, w.dateFrom) : undefined,
    w.dateTo ? lte(requests.date_start, w.dateTo) : undefined,
    w.search ? searchCondition(w.search) : undefined,
  );

/** What a row of the list shows. */
const LIST_COLUMNS = {
  id: requests.id,
  status: requests.status,
  source: requests.source,
  tour_id: requests.tour_id,
  tour_name: tours.name,
  tour_date_id: requests.tour_date_id,
  date_start: requests.date_start,
  date_end: requests.date_end,
  tourists_count: requests.tourists_count,
  total_minor: requests.total_minor,
  paid_minor: requests.paid_minor,
  currency: requests.currency,
  customer_name: requests.customer_name,
  customer_email: requests.customer_email,
  customer_phone: requests.customer_phone,
  created_at: requests.created_at,
  updated_at: requests.updated_at,
  hold_expires_at: requests.hold_expires_at,
  base_sale_status: requests.base_sale_status,
  is_individual_tour: requests.is_individual_tour,
};

export const createRequestListRepository = (db: Db) => {
  /**
   * How many requests the conditions find, exactly up to REQUEST_LIST_COUNT_CAP: `count` stops one
   * past the cap. A search counts them all: its matches come from the search index (a capped count
   * would let the planner scan the table for them, the tsvector built row by row).
   */
  const countOf = (where: SQL | undefined, capped: boolean) =>
    capped
      ? db.select({ count: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(requests)
            .where(where)
            .limit(REQUEST_LIST_COUNT_CAP + 1)
            .as('capped'),
        )
      : db
          .select({ count: sql<number>`count(*)::int` })
          .from(requests)
          .where(where);
  /** The two statements of a page (the EXPLAIN test reads their plans): its rows, newest first, and the count. */
  const pageQueries = (w: RequestListWhere, limit: number, offset: number) => {
    const where = requestListConditions(w);
    return {
      rows: db
        .select(LIST_COLUMNS)
        .from(requests)
        .leftJoin(tours, eq(tours.id, requests.tour_id))
        .where(where)
        .orderBy(desc(requests.id))
        .limit(limit)
        .offset(offset),
      total: countOf(where, !w.search),
    };
  };
  /** New requests (status 1) of the organizer: the navigation badge. */
  const countNewQuery = (organizerId: number) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(requests)
      .where(and(eq(requests.organizer_id, organizerId), eq(requests.status, 1)));
  const capped = (n: number) => ({ count: Math.min(n, REQUEST_LIST_COUNT_CAP), exact: n <= REQUEST_LIST_COUNT_CAP });

  return {
    pageQueries,
    countNewQuery,
    /** A page and how many requests the conditions find (capped: see countOf). */
    page: async (w: RequestListWhere, limit: number, offset: number) => {
      const q = pageQueries(w, limit, offset);
      const rows = await q.rows;
      // a first page that is not full holds them all: no count needed
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length, exact: true };
      const n = (await q.total)[0]?.count ?? 0;
      if (w.search) return { rows, total: n, exact: true };
      const { count, exact } = capped(n);
      return { rows, total: count, exact };
    },
    /**
     * How many requests are in each of these sets of statuses (undefined: any), each count capped as
     * the list's total is. Read from the counters (request_status_counts), not the requests: a few
     * dozen rows per organizer whatever its number of requests.
     */
    groupCounts: async (
      organizerId: number,
      isIndividual: boolean | undefined,
      groups: readonly (readonly number[] | undefined)[],
    ) => {
      const rows = await db
        .select({ status: requestStatusCounts.status, count: sql<number>`sum(${requestStatusCounts.count})::int` })
        .from(requestStatusCounts)
        .where(
          and(
            eq(requestStatusCounts.organizer_id, organizerId),
            isIndividual === undefined ? undefined : eq(requestStatusCounts.is_individual_tour, isIndividual),
          ),
        )
        .groupBy(requestStatusCounts.status);
      const by = new Map(rows.map((r) => [r.status, r.count]));
      const sum = (statuses: readonly number[] | undefined) =>
        statuses === undefined
          ? rows.reduce((n, r) => n + r.count, 0)
          : statuses.reduce((n, s) => n + (by.get(s) ?? 0), 0);
      return groups.map((statuses) => capped(sum(statuses)));
    },
    countNew: async (organizerId: number): Promise<number> => (await countNewQuery(organizerId))[0]?.count ?? 0,
    /** How many requests came from each source (from the counters). */
    sourceCounts: (organizerId: number, isIndividual?: boolean) =>
      db
        .select({ source: requestStatusCounts.source, count: sql<number>`sum(${requestStatusCounts.count})::int` })
        .from(requestStatusCounts)
        .where(
          and(
            eq(requestStatusCounts.organizer_id, organizerId),
            isIndividual === undefined ? undefined : eq(requestStatusCounts.is_individual_tour, isIndividual),
          ),
        )
        .groupBy(requestStatusCounts.source)
        .having(sql`sum(${requestStatusCounts.count}) > 0`),
    /** The tours the organizer has requests of the kind for, with how many, by name (from the counters). */
    toursWithRequests: (organizerId: number, isIndividual: boolean) =>
      db
        .select({ id: tours.id, name: tours.name, count: requestTourCounts.count })
        .from(requestTourCounts)
        .innerJoin(tours, eq(tours.id, requestTourCounts.tour_id))
        .where(
          and(
            eq(requestTourCounts.organizer_id, organizerId),
            eq(requestTourCounts.is_individual_tour, isIndividual),
            gt(requestTourCounts.count, 0),
          ),
        )
        .orderBy(asc(tours.name), asc(tours.id)),
    /**
     * Each month requests of the kind start in (its first day): how many, the first and last start
     * date. From the counters by start day (a few hundred rows where the requests are 100 000).
     */
    startMonths: (organizerId: number, isIndividual: boolean) => {
      const month = sql`date_trunc('month', ${requestStartCounts.date_start})`;
      return db
        .select({
          month: sql<string>`${month}::date::text`,
          count: sql<number>`sum(${requestStartCounts.count})::int`,
          min: sql<string>`min(${requestStartCounts.date_start})::text`,
          max: sql<string>`max(${requestStartCounts.date_start})::text`,
        })
        .from(requestStartCounts)
        .where(
          and(
            eq(requestStartCounts.organizer_id, organizerId),
            eq(requestStartCounts.is_individual_tour, isIndividual),
            gt(requestStartCounts.count, 0),
          ),
        )
        .groupBy(month)
        .orderBy(month);
    },
    /** The user's saved filter of the kind, as stored; null when none. */
    savedFilter: async (userId: number, organizerId: number, kind: 0 | 1): Promise<Record<string, unknown> | null> =>
      (
        await db
          .select({ filter: requestSearchFilters.filter })
          .from(requestSearchFilters)
          .where(
            and(
              eq(requestSearchFilters.user_id, userId),
              eq(requestSearchFilters.organizer_id, organizerId),
              eq(requestSearchFilters.is_individual_tour, kind),
            ),
          )
          .limit(1)
      )[0]?.filter ?? null,
    saveFilter: async (userId: number, organizerId: number, kind: 0 | 1, filter: Record<string, unknown>) => {
      await db
        .insert(requestSearchFilters)
        .values({ user_id: userId, organizer_id: organizerId, is_individual_tour: kind, filter })
        .onConflictDoUpdate({
          target: [
            requestSearchFilters.user_id,
            requestSearchFilters.organizer_id,
            requestSearchFilters.is_individual_tour,
          ],
          set: { filter, updated_at: sql`now()` },
        });
    },
  };
};
export type RequestListRepository = ReturnType<typeof createRequestListRepository>;
export type RequestListRow = Awaited<ReturnType<RequestListRepository['pageQueries']>['rows']>[number];
