import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalRoutes } from '@tourdesk/contract/api/general-routes';
import type { DomainInfo } from '@tourdesk/contract/entities/domain-info';
import { api } from '../../../lib/api/client';
import { generalKeys } from './general-keys';

export const getDomainInfo = (signal?: AbortSignal): Promise<DomainInfo> =>
  api.call(generalRoutes.domainInfo, { body: {}, signal });

/** SPEC §8: a failed domain-info fetch keeps the previous value (the query keeps its data on error). */
export const domainInfoQueryOptions = () =>
  queryOptions({
    queryKey: generalKeys.domainInfo(),
    queryFn: ({ signal }) => getDomainInfo(signal),
    staleTime: Infinity,
    retry: 1,
  });

export const useDomainInfo = () => useQuery(domainInfoQueryOptions());
