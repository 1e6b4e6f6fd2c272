import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourCreateBody, TourUpdateBody } from '@tourdesk/contract/api/tour';
import { tourRoutes } from '@tourdesk/contract/api/tour-routes';
import type { Tour } from '@tourdesk/contract/entities/tour';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { tourKeys } from './tour-keys';

export const useTour = (organizerId: number, tourId: number) =>
  useQuery({
    queryKey: tourKeys.detail(organizerId, tourId),
    queryFn: ({ signal }) => api.call(tourRoutes.view, { query: { id: tourId }, signal }),
  });

/** After a save: the tour as stored now, and the lists refetch (status, dates, alerts). */
const useStoreTour = (organizerId: number) => {
  const queryClient = useQueryClient();
  return async (tour: Tour) => {
    queryClient.setQueryData(tourKeys.detail(organizerId, tour.id), tour);
    await queryClient.invalidateQueries({ queryKey: [...tourKeys.all(organizerId), 'list'] });
  };
};

export const useCreateTour = (organizerId: number) => {
  const store = useStoreTour(organizerId);
  return useMutation<Tour, ApiError, Omit<TourCreateBody, 'organizer_id'>>({
    mutationFn: (body) => api.call(tourRoutes.create, { body: { ...body, organizer_id: organizerId } }),
    onSuccess: store,
  });
};

export const useUpdateTour = (organizerId: number) => {
  const store = useStoreTour(organizerId);
  return useMutation<Tour, ApiError, TourUpdateBody>({
    mutationFn: (body) => api.call(tourRoutes.update, { body }),
    onSuccess: store,
  });
};

export type TourStatusAction = 'publish' | 'draft' | 'archive';

export const useTourStatus = (organizerId: number) => {
  const store = useStoreTour(organizerId);
  return useMutation<Tour, ApiError, { id: number; action: TourStatusAction }>({
    mutationFn: ({ id, action }) => api.call(tourRoutes[action], { body: { id } }),
    onSuccess: store,
  });
};

/** A draft copy of the tour in the same organizer (content, programme, media, guides; no dates). */
export const useCopyTour = (organizerId: number) => {
  const store = useStoreTour(organizerId);
  return useMutation<Tour, ApiError, { id: number }>({
    mutationFn: ({ id }) => api.call(tourRoutes.createCopy, { body: { id, organizer_id: organizerId } }),
    onSuccess: store,
  });
};

/** The organizer's cancellation penalties (Settings), to start a tour's own from. */
export const fetchDefaultPenalties = (organizerId: number) =>
  api.call(tourRoutes.defaultPenalties, { query: { organizer_id: organizerId } });
