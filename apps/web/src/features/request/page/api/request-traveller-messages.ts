import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SendTravellerMessageAgainBody,
  TravellerMessage,
  TravellerMessageList,
  TravellerMessageView,
} from '@tourdesk/contract/api/traveller-message';
import { travellerMessageRoutes } from '@tourdesk/contract/api/traveller-message-routes';
import type { Language } from '@tourdesk/contract/entities/user';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';

/** Under the request's own key (request-keys.ts): a live update of the request refetches the timeline too. */
export const travellerMessageKeys = {
  all: (requestId: number) => ['request', requestId, 'traveller-messages'] as const,
  list: (requestId: number) => ['request', requestId, 'traveller-messages', 'list'] as const,
  view: (requestId: number, id: number) => ['request', requestId, 'traveller-messages', 'view', id] as const,
};

/** While a message is still on its way, the timeline is read again this often. */
export const TIMELINE_REFRESH_MS = 5_000;

/** Whether a message may still change by itself (queued or retrying). */
export const isOnItsWay = (message: TravellerMessage): boolean =>
  message.status === 'queued' || message.status === 'retrying';

/**
 * For this long after the request last changed the timeline is read every 5 s too: the messages a
 * change sends (a confirmation, a payment) are made just after it, and no event says they are.
 */
export const RECENT_CHANGE_MS = 60_000;

/** Whether the timeline should be read again soon: a message on its way, or a change just made. */
export const timelineRefreshDue = (list: TravellerMessageList | undefined, changedAt: string | null, now: number) =>
  Boolean(list?.items.some(isOnItsWay)) ||
  (changedAt !== null && now - new Date(changedAt).getTime() < RECENT_CHANGE_MS);

/**
 * GET list: every message sent for the request, newest first; read again every 5 s while one is on
 * its way or the request changed within the last minute (`changedAt`).
 */
export const useTravellerMessages = (requestId: number, changedAt: string | null = null) =>
  useQuery<TravellerMessageList, ApiError>({
    queryKey: travellerMessageKeys.list(requestId),
    queryFn: ({ signal }) => api.call(travellerMessageRoutes.list, { query: { request_id: requestId }, signal }),
    refetchInterval: (query) =>
      timelineRefreshDue(query.state.data, changedAt, Date.now()) ? TIMELINE_REFRESH_MS : false,
  });

/** GET view: one sent message as it went out (subject, HTML, plain text). */
export const useTravellerMessageView = (requestId: number, id: number | null) =>
  useQuery<TravellerMessageView, ApiError>({
    queryKey: travellerMessageKeys.view(requestId, id ?? 0),
    queryFn: ({ signal }) => api.call(travellerMessageRoutes.view, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });

/** POST send-again: the kind goes out once more now; then the timeline is read again (the new items on it). */
export const useSendTravellerMessageAgain = (
  requestId: number,
  { onSuccess }: { onSuccess?: (result: { items: TravellerMessage[] }) => void } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation<{ items: TravellerMessage[] }, ApiError, Omit<SendTravellerMessageAgainBody, 'request_id'>>({
    mutationFn: (body) => api.call(travellerMessageRoutes.sendAgain, { body: { request_id: requestId, ...body } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: travellerMessageKeys.list(requestId) });
      onSuccess?.(result);
    },
  });
};

/** POST set-language: the language the request's travellers are written in; the timeline comes back. */
export const useSetTravellerLanguage = (
  requestId: number,
  { onSuccess }: { onSuccess?: (list: TravellerMessageList) => void } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation<TravellerMessageList, ApiError, Language>({
    mutationFn: (language) =>
      api.call(travellerMessageRoutes.setLanguage, { body: { request_id: requestId, language } }),
    onSuccess: (list) => {
      queryClient.setQueryData(travellerMessageKeys.list(requestId), list);
      onSuccess?.(list);
    },
  });
};
