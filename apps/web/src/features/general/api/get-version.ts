import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalApi } from '@tourdesk/contract/api/general';
import { VERSION_CHECK_INTERVAL_MS } from '@tourdesk/contract/constants';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import { generalKeys } from './general-keys';

export type VersionInfo = RouteResponse<typeof generalApi.version>;

export const getVersion = (signal?: AbortSignal): Promise<VersionInfo> => api.call(generalApi.version, { signal });

/** Polled every VERSION_CHECK_INTERVAL_MS (SPEC §4, §9). */
export const versionQueryOptions = () =>
  queryOptions({
    queryKey: generalKeys.version(),
    queryFn: ({ signal }) => getVersion(signal),
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    staleTime: 0,
    retry: false,
  });

export const useVersion = () => useQuery(versionQueryOptions());
