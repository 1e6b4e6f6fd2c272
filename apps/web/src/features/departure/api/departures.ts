import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { departureRoutes } from '@tourdesk/contract/api/departure-values';
import type { CalendarDeparture } from '@tourdesk/contract/api/departure';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

/** Query keys of the departures screens. */
export const departureKeys = {
  all: ['departure'] as const,
  calendar: (orgId: number, from: string, to: string) => [...departureKeys.all, 'calendar', orgId, from, to] as const,
};

/** Every departure of the organizer from … to (both included), with seats and guides. */
export const useDepartureCalendar = (orgId: number, from: string, to: string) =>
  useQuery<{ items: CalendarDeparture[] }, ApiError>({
    queryKey: departureKeys.calendar(orgId, from, to),
    queryFn: ({ signal }) =>
      api.call(departureRoutes.calendar, { query: { organizer_id: orgId, from, to }, signal }) as Promise<{
        items: CalendarDeparture[];
      }>,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
