import { useQuery } from '@tanstack/react-query';
import { requestListRoutes } from '@tourdesk/contract/api/request-list-routes';
import { api } from '../../../../lib/api/client';
import { requestListKeys } from './request-list-keys';

/** count-for-org: the organizer's new requests (status 1), for the navigation badge. */
export const getRequestCount = (orgId: number, signal?: AbortSignal) =>
  api.call(requestListRoutes.countForOrg, { query: { organizer_id: orgId }, signal });

export const useRequestCount = (orgId: number) =>
  useQuery({
    queryKey: requestListKeys.count(orgId),
    queryFn: ({ signal }) => getRequestCount(orgId, signal),
    staleTime: 30_000,
  });
