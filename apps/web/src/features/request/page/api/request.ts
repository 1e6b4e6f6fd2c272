import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestUpdateBody } from '@tourdesk/contract/api/request';
import { requestRoutes } from '@tourdesk/contract/api/request-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import type { BaseSaleStatusValue } from '@tourdesk/contract/enum-values';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { noteOwnAnswer } from '../../../../lib/socket/own-answers';
import { requestAnswerKey, requestPageKeys } from './request-keys';

export const fetchRequest = (requestId: number, signal?: AbortSignal) =>
  api.call(requestRoutes.get, { query: { id: requestId }, signal });

/** The request as the page shows it: tour, departure, money, tourists, invoices, history. */
export const useRequest = (requestId: number) =>
  useQuery({
    queryKey: requestPageKeys.detail(requestId),
    queryFn: ({ signal }) => fetchRequest(requestId, signal),
  });

/**
 * After any change: the request as the server answered it is shown at once, and everything
 * else of it (the departures' free seats, the cancellation quote, the sale status) refetches.
 */
const useStoreRequest = () => {
  const queryClient = useQueryClient();
  return async (request: BookingRequest) => {
    // the real-time echo of this change needs no refetch (request-live-updates.ts)
    noteOwnAnswer(requestAnswerKey(request.request_id));
    queryClient.setQueryData(requestPageKeys.detail(request.request_id), request);
    await queryClient.invalidateQueries({
      queryKey: requestPageKeys.all(request.request_id),
      predicate: (q) => q.queryKey[2] !== 'detail',
    });
  };
};

/** A request's departure, count, price or contact (update; invisible captcha). */
export const useUpdateRequest = () => {
  const store = useStoreRequest();
  return useMutation<BookingRequest, ApiError, RequestUpdateBody>({
    mutationFn: (body) => api.call(requestRoutes.update, { body }),
    onSuccess: store,
  });
};

/** 1 → 2 (confirm; invisible captcha, solved by the client in the background). */
export const useConfirmRequest = () => {
  const store = useStoreRequest();
  return useMutation<BookingRequest, ApiError, number>({
    mutationFn: (id) => api.call(requestRoutes.confirm, { body: { id } }),
    onSuccess: store,
  });
};

/** How long "extend" keeps the seats from now: another 15 minutes. */
export const HOLD_EXTENSION_SECONDS = 15 * 60;

export const useExtendHold = () => {
  const store = useStoreRequest();
  return useMutation<BookingRequest, ApiError, number>({
    mutationFn: (id) => api.call(requestRoutes.extendHold, { body: { id, seconds: HOLD_EXTENSION_SECONDS } }),
    onSuccess: store,
  });
};

/** The departures the request may move to (its tour's from today on, with their free seats). */
export const useRequestTourDates = (requestId: number, enabled: boolean) =>
  useQuery({
    queryKey: requestPageKeys.tourDates(requestId),
    queryFn: ({ signal }) =>
      api.call(requestRoutes.tourDates, { body: { request_id: requestId, with_variants: true }, signal }),
    enabled,
  });

/** What cancelling would cost now; read each time the cancel dialog opens. */
export const useCancelQuote = (requestId: number, enabled: boolean) =>
  useQuery({
    queryKey: requestPageKeys.cancelQuote(requestId),
    queryFn: ({ signal }) => api.call(requestRoutes.cancelRequestPopupData, { query: { id: requestId }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export interface CancelRequestInput {
  id: number;
  message: string;
  notify_client: boolean;
  canceled_by: 'author' | 'tourist';
}

export const useCancelRequest = () => {
  const store = useStoreRequest();
  return useMutation<BookingRequest, ApiError, CancelRequestInput>({
    mutationFn: (body) => api.call(requestRoutes.cancel, { body }),
    onSuccess: store,
  });
};

/** The marketplace sale statuses the request can be put in, the current one marked. */
export const useBaseSaleStatuses = (requestId: number) =>
  useQuery({
    queryKey: requestPageKeys.baseSaleStatuses(requestId),
    queryFn: ({ signal }) => api.call(requestRoutes.baseSaleStatusesByRequestId, { query: { id: requestId }, signal }),
  });

export const useChangeBaseSaleStatus = (requestId: number) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, BaseSaleStatusValue>({
    mutationFn: (value) =>
      api.call(requestRoutes.changeBaseSaleStatus, { body: { id: requestId, base_sale_status: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestPageKeys.all(requestId) }),
  });
};
