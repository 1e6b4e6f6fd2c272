import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnersResponse } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getPartners = (organizerId: number, signal?: AbortSignal): Promise<PartnersResponse> =>
  api.call(organizerRoutes.partners, { query: { organizer_id: organizerId }, signal });

export const partnersQueryOptions = (organizerId: number) =>
  queryOptions({
    queryKey: organizerKeys.partners(organizerId),
    queryFn: ({ signal }) => getPartners(organizerId, signal),
    staleTime: 15_000,
  });

export const usePartners = (organizerId: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...partnersQueryOptions(organizerId), enabled });
