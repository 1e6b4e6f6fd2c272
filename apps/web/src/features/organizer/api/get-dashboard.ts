import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getDashboard = (orgId: number, signal?: AbortSignal): Promise<DashboardResponse> =>
  api.call(organizerRoutes.dashboard, { query: { orgId }, signal });

export const dashboardQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: organizerKeys.dashboard(orgId),
    queryFn: ({ signal }) => getDashboard(orgId, signal),
    staleTime: 15_000,
  });

export const useDashboard = (orgId: number) => useQuery(dashboardQueryOptions(orgId));
