import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoutes } from '@tourdesk/contract/api/request-routes';
import type { OwnRequestCreateBody } from '@tourdesk/contract/api/request';
import { TOUR_DATES_MAX_PAGE_SIZE, tourForRequestRoutes, tourRoutes } from '@tourdesk/contract/api/tour-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { requestListKeys } from './request-list-keys';

/** The tours a hand-made request can be for: published and draft ones (list-for-request-with-own-type). */
export const useToursForRequest = (orgId: number, enabled: boolean) =>
  useQuery({
    queryKey: requestListKeys.tourChoices(orgId),
    queryFn: ({ signal }) =>
      api.call(tourForRequestRoutes.listForRequestWithOwnType, { query: { tour_organizer_id: orgId }, signal }),
    enabled,
    staleTime: 30_000,
  });

/** The tour's upcoming departures with their free seats (get-dates, the first 100, soonest first). */
export const useDeparturesForRequest = (orgId: number, tourId: number | null) =>
  useQuery({
    queryKey: requestListKeys.departures(orgId, tourId ?? 0),
    queryFn: ({ signal }) =>
      api.call(tourRoutes.getDates, {
        query: { tour_id: tourId ?? 0, page: 1, limit: TOUR_DATES_MAX_PAGE_SIZE, period: 'upcoming' },
        signal,
      }),
    enabled: tourId !== null,
    // free seats change as others book: a second look asks again
    staleTime: 0,
  });

/**
 * create-request-with-own-type. The form's idempotency key goes with every attempt, so a second
 * click (or a retry after a lost answer) answers the request the first one made.
 */
export const useCreateOwnRequest = ({ onSuccess }: { onSuccess?: (request: BookingRequest) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<BookingRequest, ApiError, OwnRequestCreateBody>({
    mutationFn: (body) => api.call(requestRoutes.createRequestWithOwnType, { body }),
    onSuccess: async (request, body) => {
      await queryClient.invalidateQueries({ queryKey: requestListKeys.all(body.tour_organizer_id) });
      onSuccess?.(request);
    },
  });
};
