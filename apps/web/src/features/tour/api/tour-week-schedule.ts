import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TourSaveWeekScheduleBody, TourWeekScheduleResponse } from '@tourdesk/contract/api/tour';
import { tourRoutes } from '@tourdesk/contract/api/tour-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { tourKeys } from './tour-keys';

/**
 * save-week-schedule: the tour becomes weekly and its departures are made at once, so the tour
 * (schedule_type, the stored schedule), its departures and the lists load again.
 */
export const useSaveWeekSchedule = (organizerId: number, tourId: number) => {
  const queryClient = useQueryClient();
  return useMutation<TourWeekScheduleResponse, ApiError, Omit<TourSaveWeekScheduleBody, 'id'>>({
    mutationFn: (body) => api.call(tourRoutes.saveWeekSchedule, { body: { id: tourId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourKeys.all(organizerId) }),
  });
};
