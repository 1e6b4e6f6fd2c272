import {
  REQUEST_GROUPS,
  REQUEST_SOURCES,
  requestSearchFilterSchema,
  type BookingStatus,
  type Currency,
  type RequestDateStartResponse,
  type RequestFilterToursResponse,
  type RequestGroupsResponse,
  type RequestListItem,
  type RequestListQuery,
  type RequestListResponse,
  type RequestSearchFilter,
  type RequestSource,
  type RequestSourcesResponse,
} from '@tourdesk/contract';
import type { requestSetSearchFilterBodySchema } from '@tourdesk/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import { toMajor } from '../../lib/money';
import type { Tenancy } from '../../lib/tenancy';
import type { RequestListRepository, RequestListRow } from './request-list.repository';
import { parseRequestSearch } from './request-search';
import { balanceMinorOf } from './request-status';

type Kind = 0 | 1 | undefined;
const asFlag = (kind: Kind): boolean | undefined => (kind === undefined ? undefined : kind === 1);

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** A row of the list as the contract shows it (money in major units). */
export const toListItem = (r: RequestListRow): RequestListItem => ({
  id: r.id,
  status: r.status as BookingStatus,
  source: r.source as RequestSource,
  tour: r.tour_id !== null && r.tour_name !== null ? { id: r.tour_id, name: r.tour_name } : null,
  tour_date_id: r.tour_date_id,
  date_start: r.date_start,
  date_end: r.date_end,
  tourists_count: r.tourists_count,
  price: toMajor(r.total_minor),
  paid_amount: toMajor(r.paid_minor),
  balance: toMajor(balanceMinorOf(r)),
  currency: r.currency as Currency,
  customer_name: r.customer_name,
  customer_email: r.customer_email,
  customer_phone: r.customer_phone,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  hold_expires_at: r.hold_expires_at === null ? null : iso(r.hold_expires_at),
  base_sale_status: r.base_sale_status,
  is_individual_tour: r.is_individual_tour,
});

/** The saved filter with every field; what was stored under an older shape falls back to the defaults. */
const filterOf = (stored: Record<string, unknown> | null, kind: 0 | 1): RequestSearchFilter => {
  const parsed = requestSearchFilterSchema.safeParse({ ...(stored ?? {}), is_individual_tour: kind });
  return parsed.success ? parsed.data : requestSearchFilterSchema.parse({ is_individual_tour: kind });
};

/**
 * The request list (SPEC §7 Requests: groups, list-for-org, count-for-org, the filter's choices and
 * the saved filter). Every call is the organizer's members' only (another's organizer: 404).
 */
export const createRequestListService = (deps: { repo: RequestListRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  const member = (ctx: ServiceContext, organizerId: number) =>
    tenancy.assertMember(ctx.userId, organizerId, 'bookings.read');

  return {
    list: async (ctx: ServiceContext, q: RequestListQuery): Promise<RequestListResponse> => {
      await member(ctx, q.organizer_id);
      const reach = await tenancy.departureReach(ctx.userId, q.organizer_id);
      const group = REQUEST_GROUPS.find((g) => g.id === q.group_id) ?? REQUEST_GROUPS[0]!;
      const f = q.filters ?? {};
      // the group's statuses narrowed by the filter's; the whole set (group 1, no filter) is no condition
      const chosen = f.statuses?.length ? group.statuses.filter((s) => f.statuses!.includes(s)) : group.statuses;
      const statuses = chosen.length === 8 ? undefined : chosen;
      const search = f.query ? parseRequestSearch(f.query) : null;
      const { rows, total, exact } = await repo.page(
        {
          organizerId: q.organizer_id,
          isIndividual: asFlag(q.is_individual_tour),
          statuses,
          baseSaleStatus: q.base_sale_status,
          tourIds: f.tour_ids,
          sources: f.sources,
          dateFrom: f.date_from,
          dateTo: f.date_to,
          search: search && (search.requestId !== null || search.tsquery !== null) ? search : null,
          ...(reach ? { tourDateIds: reach } : {}),
        },
        q.limit,
        (q.page - 1) * q.limit,
      );
      return { items: rows.map(toListItem), total, total_exact: exact, page: q.page, limit: q.limit };
    },

    groups: async (ctx: ServiceContext, organizerId: number, kind?: 0 | 1): Promise<RequestGroupsResponse> => {
      await member(ctx, organizerId);
      const counts = await repo.groupCounts(
        organizerId,
        asFlag(kind),
        REQUEST_GROUPS.map((g) => (g.statuses.length === 8 ? undefined : g.statuses)),
      );
      return {
        items: REQUEST_GROUPS.map((g, i) => ({
          id: g.id,
          key: g.key,
          name: g.name,
          statuses: [...g.statuses],
          count: counts[i]!.count,
          count_exact: counts[i]!.exact,
        })),
      };
    },

    countNew: async (ctx: ServiceContext, organizerId: number): Promise<{ count: number }> => {
      await member(ctx, organizerId);
      return { count: await repo.countNew(organizerId) };
    },

    tours: async (
      ctx: ServiceContext,
      organizerId: number,
      individual: boolean,
    ): Promise<RequestFilterToursResponse> => {
      await member(ctx, organizerId);
      return { items: await repo.toursWithRequests(organizerId, individual) };
    },

    dateStart: async (
      ctx: ServiceContext,
      organizerId: number,
      individual: boolean,
    ): Promise<RequestDateStartResponse> => {
      await member(ctx, organizerId);
      const months = await repo.startMonths(organizerId, individual);
      return {
        min: months[0]?.min ?? null,
        max: months.at(-1)?.max ?? null,
        months: months.map((m) => ({ month: m.month.slice(0, 7), count: m.count })),
      };
    },

    sources: async (ctx: ServiceContext, organizerId: number, kind?: 0 | 1): Promise<RequestSourcesResponse> => {
      await member(ctx, organizerId);
      const bySource = new Map((await repo.sourceCounts(organizerId, asFlag(kind))).map((r) => [r.source, r.count]));
      return { items: REQUEST_SOURCES.map((source) => ({ source, count: bySource.get(source) ?? 0 })) };
    },

    getFilter: async (ctx: ServiceContext, organizerId: number, kind: 0 | 1): Promise<RequestSearchFilter> => {
      await member(ctx, organizerId);
      return filterOf(await repo.savedFilter(ctx.userId, organizerId, kind), kind);
    },

    /** Replaces the caller's saved filter of the kind (theirs only). */
    setFilter: async (
      ctx: ServiceContext,
      body: z.output<typeof requestSetSearchFilterBodySchema>,
    ): Promise<RequestSearchFilter> => {
      await member(ctx, body.organizer_id);
      const { organizer_id, is_individual_tour, ...fields } = body;
      const filter = filterOf(fields, is_individual_tour);
      const { is_individual_tour: _kind, ...stored } = filter;
      await repo.saveFilter(ctx.userId, organizer_id, is_individual_tour, stored);
      return filter;
    },
  };
};
export type RequestListService = ReturnType<typeof createRequestListService>;
