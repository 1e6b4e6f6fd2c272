import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import { generalKeys } from './general-keys';

export type DebugInfo = RouteResponse<typeof generalRoutes.debugInfo>;

export const getDebugInfo = (signal?: AbortSignal): Promise<DebugInfo> => api.call(generalRoutes.debugInfo, { signal });

export const debugInfoQueryOptions = () =>
  queryOptions({ queryKey: generalKeys.debugInfo(), queryFn: ({ signal }) => getDebugInfo(signal), retry: false });

export const useDebugInfo = () => useQuery(debugInfoQueryOptions());
