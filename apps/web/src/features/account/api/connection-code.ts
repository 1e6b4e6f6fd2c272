import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { MessengerSourceId } from '@tourdesk/contract/enums';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import { KEEP_ON_RECONNECT } from '../../../lib/query/after-reconnect';
import { accountKeys } from './account-keys';

export type ConnectionCode = RouteResponse<typeof chatRoutes.generateConnectionCode>;

export const generateConnectionCode = (sourceId: MessengerSourceId): Promise<ConnectionCode> =>
  api.call(chatRoutes.generateConnectionCode, { body: { source_id: sourceId } });

/**
 * A fresh code each time it is fetched, the previous one ended: fetched only when the countdown
 * reaches 0 (or the user retries), never again on a socket's reconnect (KEEP_ON_RECONNECT).
 */
export const connectionCodeQueryOptions = (sourceId: MessengerSourceId) =>
  queryOptions({
    queryKey: accountKeys.connectionCode(sourceId),
    queryFn: () => generateConnectionCode(sourceId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
    meta: KEEP_ON_RECONNECT,
  });

export const useConnectionCode = (sourceId: MessengerSourceId) => useQuery(connectionCodeQueryOptions(sourceId));
