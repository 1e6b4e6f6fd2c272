import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccountGetResponse } from '@tourdesk/contract/api/payment-account';
import { paymentAccountRoutes } from '@tourdesk/contract/api/payment-account-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { organizerKeys } from './organizer-keys';

/** The organizer's own YooKassa account (issue 27): null when none is connected. */
export const usePaymentAccount = (organizerId: number) =>
  useQuery({
    queryKey: organizerKeys.paymentAccount(organizerId),
    queryFn: ({ signal }) => api.call(paymentAccountRoutes.get, { query: { organizer_id: organizerId }, signal }),
  });

/** Connects (or replaces) it: the server checks the key with YooKassa first. */
export const useConnectPaymentAccount = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<PaymentAccountGetResponse, ApiError, { shop_id: string; secret_key: string }>({
    mutationFn: (body) => api.call(paymentAccountRoutes.connect, { body: { organizer_id: organizerId, ...body } }),
    onSuccess: (data) => queryClient.setQueryData(organizerKeys.paymentAccount(organizerId), data),
  });
};

export const useRemovePaymentAccount = (organizerId: number) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () => api.call(paymentAccountRoutes.remove, { body: { organizer_id: organizerId } }),
    onSuccess: () =>
      queryClient.setQueryData<PaymentAccountGetResponse>(organizerKeys.paymentAccount(organizerId), {
        account: null,
      }),
  });
};
