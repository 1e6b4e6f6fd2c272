import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import { generalKeys } from './general-keys';

export type DebugOutbox = RouteResponse<typeof generalRoutes.debugOutbox>;
export const DEBUG_OUTBOX_LIMIT = 50;

export const getDebugOutbox = (limit: number, signal?: AbortSignal): Promise<DebugOutbox> =>
  api.call(generalRoutes.debugOutbox, { query: { limit }, signal });

export const debugOutboxQueryOptions = (limit = DEBUG_OUTBOX_LIMIT) =>
  queryOptions({
    queryKey: generalKeys.debugOutbox(limit),
    queryFn: ({ signal }) => getDebugOutbox(limit, signal),
    retry: false,
  });

export const useDebugOutbox = (limit = DEBUG_OUTBOX_LIMIT) => useQuery(debugOutboxQueryOptions(limit));
