import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTouristBody, RequestTourists, UpdateTouristBody } from '@tourdesk/contract/api/request-tourist';
import { requestTouristRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { noteOwnAnswer } from '../../../../lib/socket/own-answers';
import { requestAnswerKey, requestPageKeys } from './request-keys';

/** Every tourist route answers the request's tourists after the change: shown at once, then the request refetches. */
const useStoreTourists = (requestId: number) => {
  const queryClient = useQueryClient();
  return async (answer: RequestTourists) => {
    // the real-time echo of this change needs no refetch (request-live-updates.ts)
    noteOwnAnswer(requestAnswerKey(requestId));
    queryClient.setQueryData<BookingRequest>(requestPageKeys.detail(requestId), (old) =>
      old ? { ...old, tourists: answer.tourists, tourists_count: answer.tourists_count } : old,
    );
    await queryClient.invalidateQueries({ queryKey: requestPageKeys.detail(requestId) });
  };
};

export const useCreateTourist = (requestId: number) => {
  const store = useStoreTourists(requestId);
  return useMutation<RequestTourists, ApiError, Omit<CreateTouristBody, 'request_id'>>({
    mutationFn: (body) => api.call(requestTouristRoutes.createTourist, { body: { ...body, request_id: requestId } }),
    onSuccess: store,
  });
};

export const useUpdateTourist = (requestId: number) => {
  const store = useStoreTourists(requestId);
  return useMutation<RequestTourists, ApiError, UpdateTouristBody>({
    mutationFn: (body) => api.call(requestTouristRoutes.updateTourist, { body }),
    onSuccess: store,
  });
};

export const useRemoveTourist = (requestId: number) => {
  const store = useStoreTourists(requestId);
  return useMutation<RequestTourists, ApiError, number>({
    mutationFn: (id) => api.call(requestTouristRoutes.removeTourist, { body: { id } }),
    onSuccess: store,
  });
};
