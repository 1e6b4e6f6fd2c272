import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizerApi, type DashboardResponse } from '@tourdesk/contract/api/organizer';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getDashboard = (orgId: number, signal?: AbortSignal): Promise<DashboardResponse> =>
  api.call(organizerApi.dashboard, { query: { orgId }, signal });

export const dashboardQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: organizerKeys.dashboard(orgId),
    queryFn: ({ signal }) => getDashboard(orgId, signal),
    staleTime: 15_000,
  });

export const useDashboard = (orgId: number) => useQuery(dashboardQueryOptions(orgId));
