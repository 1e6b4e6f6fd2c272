import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationInfo } from '@tourdesk/contract/api/organizer';
import { organizerRoutes } from '@tourdesk/contract/api/organizer-routes';
import { api } from '../../../lib/api/client';
import { organizerKeys } from './organizer-keys';

export const getVerificationInfo = (id: number, signal?: AbortSignal): Promise<VerificationInfo> =>
  api.call(organizerRoutes.verificationInfo, { query: { id }, signal });

export const verificationInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizerKeys.verification(id),
    queryFn: ({ signal }) => getVerificationInfo(id, signal),
    staleTime: 15_000,
  });

export const useVerificationInfo = (id: number) => useQuery(verificationInfoQueryOptions(id));
