import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourDateInput } from '@tourdesk/contract/api/tour';
import { tourRoutes } from '@tourdesk/contract/api/tour-routes';
import type { TourDate } from '@tourdesk/contract/entities/tour';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { tourKeys } from './tour-keys';

const datesKey = (organizerId: number, tourId: number) => [...tourKeys.detail(organizerId, tourId), 'dates'] as const;

/** The tour's upcoming departures (first page: the editor shows the next ones). */
export const useTourDates = (organizerId: number, tourId: number) =>
  useQuery({
    queryKey: datesKey(organizerId, tourId),
    queryFn: ({ signal }) => api.call(tourRoutes.getDates, { query: { tour_id: tourId, limit: 50 }, signal }),
  });

/** After a change: the departures, the tour (its alerts) and the lists (next dates) load again. */
const useRefresh = (organizerId: number) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tourKeys.all(organizerId) });
};

export const useSaveTourDate = (organizerId: number, tourId: number) => {
  const refresh = useRefresh(organizerId);
  return useMutation<TourDate, ApiError, TourDateInput>({
    mutationFn: (date) => api.call(tourRoutes.saveDate, { body: { tour_id: tourId, ...date } }),
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
