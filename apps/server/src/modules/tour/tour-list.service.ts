import {
  TOUR_LIST_NEXT_DATES,
  type TourListItem,
  type TourListResponse,
  type tourListQuerySchema,
} from '@tourdesk/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { imageOf, num, tourAlerts, type FileUrl } from './tour.mapper';
import type { TourRepository } from './tour.repository';

type ListQuery = z.output<typeof tourListQuerySchema>;

/** The items by a key, in their order. */
const groupBy = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

/** The organizer's tour list: a page of tours with their cover, sites, alerts and next departures. */
export const createTourListService = (deps: { repo: TourRepository; tenancy: Tenancy; fileUrl: FileUrl }) => {
  const { repo, tenancy, fileUrl } = deps;
  return {
    list: async (ctx: ServiceContext, q: ListQuery): Promise<TourListResponse> => {
      await tenancy.assertMember(ctx.userId, q.organizer_id, 'tours.read');
      const { rows, total } = await repo.list(q.organizer_id, {
        ...q,
        ...(q.limit !== undefined ? { offset: ((q.page ?? 1) - 1) * q.limit } : {}),
      });
      const full = q.format !== 'short' && rows.length > 0;
      const ids = rows.map((t) => t.id);
      const [covers, sites, dates] = full
        ? await Promise.all([repo.covers(ids), repo.siteStatuses(ids), repo.upcomingSummary(ids, TOUR_LIST_NEXT_DATES)])
        : [[], [], []];
      // each tour's parts by its id, found once (not a scan of every departure per tour)
      const datesOf = groupBy(dates, (d) => d.tour_id);
      const sitesOf = groupBy(sites, (s) => s.tour_id);
      const coverOf = new Map(covers.map((c) => [c.tour_id, c]));
      const items = rows.map((t): TourListItem => {
        const next = datesOf.get(t.id) ?? [];
        const cover = coverOf.get(t.id);
        return {
          id: t.id,
          tour_organizer_id: t.organizer_id,
          status: t.status as TourListItem['status'],
          name: t.name,
          screen_name: t.screen_name,
          type: t.type as TourListItem['type'],
          schedule_type: t.schedule_type as TourListItem['schedule_type'],
          currency: t.currency as TourListItem['currency'],
          price: num(t.price),
          duration: t.duration,
          duration_hours: num(t.duration_hours),
          sites: (sitesOf.get(t.id) ?? []).map((s) => ({
            site_id: s.site_id,
            status: s.status as TourListItem['sites'][number]['status'],
            reason: s.reason ?? null,
          })),
          alerts: full ? tourAlerts(t, next) : [],
          is_dates_preliminary: t.is_dates_preliminary,
          photo: cover ? imageOf(fileUrl, cover.file_id, cover.alt) : null,
          nearest_date: next[0]?.date_start ?? null,
          dates_count: next[0]?.count ?? 0,
          next_dates: next
            .filter((d) => d.number_of_free_seats > 0)
            .slice(0, TOUR_LIST_NEXT_DATES)
            .map((d) => ({
              id: d.id,
              date_start: d.date_start,
              date_end: d.date_end,
              time_start: d.time_start || null,
              number_of_seats: d.number_of_seats,
              number_of_free_seats: d.number_of_free_seats,
              not_guaranteed: d.not_guaranteed,
            })),
        };
      });
      return { items, total };
    },
  };
};
