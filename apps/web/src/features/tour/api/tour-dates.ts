import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourDateInput } from '@tourdesk/contract/api/tour';
import {
  TOUR_DATES_MAX_PAGE_SIZE,
  TOUR_DATES_PAGE_SIZE,
  tourRoutes,
  type TourDatePeriod,
} from '@tourdesk/contract/api/tour-routes';
import type { TourDate } from '@tourdesk/contract/entities/tour';
import type { ScheduleType } from '@tourdesk/contract/enum-values';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { addDays, monthBounds, todayIso } from '../components/tour-date-values';
import { tourKeys } from './tour-keys';

/** Query keys of a tour's departures, all under the tour's detail key. */
export const tourDateKeys = {
  all: (organizerId: number, tourId: number) => [...tourKeys.detail(organizerId, tourId), 'dates'] as const,
  page: (organizerId: number, tourId: number, params: TourDatesPageParams) =>
    [...tourDateKeys.all(organizerId, tourId), 'page', params] as const,
  calendar: (organizerId: number, tourId: number, period: 'upcoming' | 'past', scheduleType?: ScheduleType) =>
    [...tourDateKeys.all(organizerId, tourId), 'calendar', period, scheduleType ?? null] as const,
};

export interface TourDatesPageParams {
  page: number;
  period: Exclude<TourDatePeriod, 'all'>;
  /** 1: saved by hand; 2: made by the week schedule; none: both */
  scheduleType?: ScheduleType;
  limit?: number;
}

const getDates = (
  tourId: number,
  q: { page: number; limit: number; period: TourDatePeriod; scheduleType?: ScheduleType },
  signal: AbortSignal,
) =>
  api.call(tourRoutes.getDates, {
    query: {
      tour_id: tourId,
      page: q.page,
      limit: q.limit,
      period: q.period,
      ...(q.scheduleType ? { schedule_type: q.scheduleType } : {}),
    },
    signal,
  });

/** One page of the tour's departures, upcoming (soonest first) or past (latest first). */
export const useTourDatesPage = (organizerId: number, tourId: number, params: TourDatesPageParams) =>
  useQuery({
    queryKey: tourDateKeys.page(organizerId, tourId, params),
    queryFn: ({ signal }) => getDates(tourId, { ...params, limit: params.limit ?? TOUR_DATES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The departures starting in one month 'yyyy-MM', for the calendar. get-dates pages from today
 * on (and back from yesterday), so the pages are read in order, 100 at a time, until they pass
 * the month; months already read cost nothing.
 */
export const useMonthDepartures = (organizerId: number, tourId: number, month: string, scheduleType?: ScheduleType) => {
  const { from, to } = monthBounds(month);
  const today = todayIso();
  // the server's day may be a day off the browser's: read both sides around today
  const needUpcoming = to >= addDays(today, -1);
  const needPast = from <= today;
  const side = (period: 'upcoming' | 'past', enabled: boolean) => ({
    queryKey: tourDateKeys.calendar(organizerId, tourId, period, scheduleType),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
      getDates(tourId, { page: pageParam, limit: TOUR_DATES_MAX_PAGE_SIZE, period, scheduleType }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: { page: number; limit: number; total: number }) =>
      last.page * last.limit < last.total ? last.page + 1 : undefined,
    enabled,
  });
  const upcoming = useInfiniteQuery(side('upcoming', needUpcoming));
  const past = useInfiniteQuery(side('past', needPast));
  const upcomingItems = upcoming.data?.pages.flatMap((p) => p.items) ?? [];
  const pastItems = past.data?.pages.flatMap((p) => p.items) ?? [];
  // upcoming pages run forwards, past ones backwards: read on until the last one passes the month
  const upcomingShort = needUpcoming && upcoming.hasNextPage && (upcomingItems.at(-1)?.date_start ?? '') <= to;
  const pastShort = needPast && past.hasNextPage && (pastItems.at(-1)?.date_start ?? '9999') >= from;
  const { fetchNextPage: moreUpcoming, isFetchingNextPage: upcomingBusy } = upcoming;
  const { fetchNextPage: morePast, isFetchingNextPage: pastBusy } = past;
  useEffect(() => {
    if (upcomingShort && !upcomingBusy) void moreUpcoming();
  }, [upcomingShort, upcomingBusy, moreUpcoming]);
  useEffect(() => {
    if (pastShort && !pastBusy) void morePast();
  }, [pastShort, pastBusy, morePast]);

  const seen = new Set<number>();
  const items = [...pastItems, ...upcomingItems]
    .filter((d) => d.date_start >= from && d.date_start <= to && !seen.has(d.id) && Boolean(seen.add(d.id)))
    .sort((a, b) => a.date_start.localeCompare(b.date_start) || (a.time_start ?? '').localeCompare(b.time_start ?? ''));
  return {
    items,
    isLoading: (needUpcoming && (upcoming.isPending || upcomingShort)) || (needPast && (past.isPending || pastShort)),
    error: upcoming.error ?? past.error,
    refetch: () => Promise.all([upcoming.refetch(), past.refetch()]),
  };
};

/** After a change: the departures, the tour (its alerts) and the lists (next dates) load again. */
const useRefresh = (organizerId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tourKeys.all(organizerId) });
};

/** A new departure, or (with date_id) a change to one. */
export const useSaveTourDate = (organizerId: number, tourId: number) => {
  const refresh = useRefresh(organizerId);
  return useMutation<TourDate, ApiError, TourDateInput & { date_id?: number }>({
    mutationFn: (date) => api.call(tourRoutes.saveDate, { body: { tour_id: tourId, ...date } }),
    onSuccess: refresh,
  });
};

/** New departures at once (a series): all or none, errors on `dates.N.field`. */
export const useSaveTourDates = (organizerId: number, tourId: number) => {
  const refresh = useRefresh(organizerId);
  return useMutation<{ items: TourDate[] }, ApiError, (TourDateInput & { uid?: string })[]>({
    mutationFn: (dates) => api.call(tourRoutes.saveDates, { body: { tour_id: tourId, dates } }),
    onSuccess: refresh,
  });
};

export const useRemoveTourDate = (organizerId: number, tourId: number) => {
  const refresh = useRefresh(organizerId);
  return useMutation<unknown, ApiError, number>({
    mutationFn: (dateId) => api.call(tourRoutes.removeDate, { body: { tour_id: tourId, date_id: dateId } }),
    onSuccess: refresh,
  });
};
