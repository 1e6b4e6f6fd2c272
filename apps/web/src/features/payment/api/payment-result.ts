import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '@tourdesk/contract/api/invoice';
import { paymentRoutes } from '@tourdesk/contract/api/invoice-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { paymentKeys } from './payment-keys';

/** A payment on its way is asked about again this often, until it settles. */
export const PENDING_POLL_MS = 3_000;
/** …and at most this many times (two minutes; the page then says to check back later). */
export const PENDING_POLL_MAX = 40;

/** The shape of an invoice's public token (the payment page's link). */
export const INVOICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What the payer of an invoice sees after paying (GET /spa/payment-result, no account). A payment
 * still pending (a provider's notification is late) is asked about again until it settles.
 */
export const usePaymentResult = (token: string) => {
  const query = useQuery<PaymentResult, ApiError>({
    queryKey: paymentKeys.result(token),
    queryFn: ({ signal }) => api.call(paymentRoutes.paymentResult, { query: { token }, signal }),
    enabled: INVOICE_TOKEN_PATTERN.test(token),
    retry: (count, error) => error.status >= 500 && count < 2,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < PENDING_POLL_MAX ? PENDING_POLL_MS : false,
  });
  const updates = useQueryClient().getQueryState(paymentKeys.result(token))?.dataUpdateCount ?? 0;
  /** still pending after every poll: the page stops waiting and says so */
  const stillPending = query.data?.status === 'pending' && updates >= PENDING_POLL_MAX;
  return { ...query, stillPending };
};
