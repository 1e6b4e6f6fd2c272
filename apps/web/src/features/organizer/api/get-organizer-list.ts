import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { OrganizerSummary } from '@tourdesk/contract/entities/organizer';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getOrganizerList = (signal?: AbortSignal): Promise<OrganizerSummary[]> =>
  api.call(organizerRoutes.list, { signal });

export const organizerListQueryOptions = () =>
  queryOptions({
    queryKey: organizerKeys.list(),
    queryFn: ({ signal }) => getOrganizerList(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useOrganizerList = () => useQuery(organizerListQueryOptions());
