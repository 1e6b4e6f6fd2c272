import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingPageRoutes } from '@tourdesk/contract/api/booking-page-routes';
import { api } from '../../../lib/api/client';

/** The traveller's booking page queries (issue 27): the booking behind a secret link. */
export const bookingPageKeys = {
  page: (token: string) => ['booking-page', token] as const,
  cancelQuote: (token: string) => ['booking-page', token, 'cancel-quote'] as const,
};

export const useBookingPage = (token: string) =>
  useQuery({
    queryKey: bookingPageKeys.page(token),
    queryFn: ({ signal }) => api.call(bookingPageRoutes.page, { query: { token }, signal }),
    retry: false,
  });

/** What cancelling costs now: asked only when the traveller starts to cancel. */
export const useCancelQuote = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: bookingPageKeys.cancelQuote(token),
    queryFn: ({ signal }) => api.call(bookingPageRoutes.cancelQuote, { query: { token }, signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });

export const usePayBalance = (token: string) =>
  useMutation({
    mutationFn: (language: 'en' | 'ru') => api.call(bookingPageRoutes.payBalance, { body: { token, language } }),
  });

export const useCancelBooking = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { message: string; penalty_amount: number }) =>
      api.call(bookingPageRoutes.cancel, { body: { token, ...v } }),
    onSuccess: (page) => {
      // the quote of a canceled booking is asked no more (it would answer booking_not_cancelable)
      queryClient.removeQueries({ queryKey: bookingPageKeys.cancelQuote(token) });
      queryClient.setQueryData(bookingPageKeys.page(token), page);
    },
  });
};
