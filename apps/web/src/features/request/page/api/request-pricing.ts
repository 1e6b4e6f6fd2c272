import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingChangeBody, BookingChangeFigures, BookingPricing } from '@tourdesk/contract/api/prices';
import { bookingChangeRoutes } from '@tourdesk/contract/api/prices-routes';
import type { RequestTourists } from '@tourdesk/contract/api/request-tourist';
import { requestTouristRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { noteOwnAnswer } from '../../../../lib/socket/own-answers';
import { requestAnswerKey, requestPageKeys } from './request-keys';

/**
 * GET request/pricing: the booking's lines (travellers per category, extras, discount, promo
 * code, manual lines), its totals, and the tour's categories and extras to change it with.
 * Under the request's keys: a live update of the request refetches it with the rest.
 */
export const useRequestPricing = (requestId: number) =>
  useQuery({
    queryKey: requestPageKeys.pricing(requestId),
    queryFn: ({ signal }) => api.call(bookingChangeRoutes.pricing, { query: { request_id: requestId }, signal }),
  });

/** GET request/booking-changes: who changed the booking, what, before and after (newest first). */
export const useBookingChanges = (requestId: number) =>
  useQuery({
    queryKey: requestPageKeys.bookingChanges(requestId),
    queryFn: ({ signal }) => api.call(bookingChangeRoutes.changes, { query: { request_id: requestId }, signal }),
  });

/**
 * change-booking as a dry run: what the change would make (the new total, the balance or the
 * refund), and nothing written. Asked again as the values settle; the last answer stays meanwhile.
 */
export const useBookingChangePreview = (
  requestId: number,
  body: Omit<BookingChangeBody, 'request_id' | 'dry_run'> | null,
) =>
  useQuery({
    queryKey: [...requestPageKeys.pricing(requestId), 'preview', body] as const,
    queryFn: ({ signal }) =>
      api.call(bookingChangeRoutes.change, { body: { ...body!, request_id: requestId, dry_run: true }, signal }),
    enabled: body !== null,
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 30_000,
  });

export interface BookingChangeAnswer {
  pricing: BookingPricing;
  figures: BookingChangeFigures;
}

/**
 * change-booking: travellers per category, extras, manual lines and the promo code at once.
 * The new pricing shows at once; the request (count, price, seats, balance) and its history refetch.
 */
export const useChangeBooking = (requestId: number) => {
  const queryClient = useQueryClient();
  return useMutation<BookingChangeAnswer, ApiError, Omit<BookingChangeBody, 'request_id'>>({
    mutationFn: (body) => api.call(bookingChangeRoutes.change, { body: { ...body, request_id: requestId } }),
    onSuccess: async (answer) => {
      // the real-time echo of this change needs no refetch (request-live-updates.ts)
      noteOwnAnswer(requestAnswerKey(requestId));
      queryClient.setQueryData<{ pricing: BookingPricing }>(requestPageKeys.pricing(requestId), (old) =>
        old ? { ...old, pricing: answer.pricing } : old,
      );
      await queryClient.invalidateQueries({ queryKey: requestPageKeys.all(requestId) });
    },
  });
};

/** set-tourist-category: the category a named tourist is counted in (null: none, read as the adult). */
export const useSetTouristCategory = (requestId: number) => {
  const queryClient = useQueryClient();
  return useMutation<RequestTourists, ApiError, { id: number; category_id: number | null }>({
    mutationFn: (body) => api.call(requestTouristRoutes.setTouristCategory, { body }),
    onSuccess: async (answer) => {
      noteOwnAnswer(requestAnswerKey(requestId));
      queryClient.setQueryData<BookingRequest>(requestPageKeys.detail(requestId), (old) =>
        old ? { ...old, tourists: answer.tourists, tourists_count: answer.tourists_count } : old,
      );
      await queryClient.invalidateQueries({ queryKey: requestPageKeys.detail(requestId) });
    },
  });
};
