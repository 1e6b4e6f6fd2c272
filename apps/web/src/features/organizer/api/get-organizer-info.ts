import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getOrganizerInfo = (id: number, signal?: AbortSignal): Promise<Organizer> =>
  api.call(organizerRoutes.info, { query: { id }, signal });

export const organizerInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizerKeys.detail(id),
    queryFn: ({ signal }) => getOrganizerInfo(id, signal),
    staleTime: 30_000,
  });

export const useOrganizerInfo = (id: number) => useQuery(organizerInfoQueryOptions(id));
