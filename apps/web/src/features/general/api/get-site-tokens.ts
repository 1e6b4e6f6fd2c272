import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalApi } from '@tourdesk/contract/api/general';
import type { SiteTokens } from '@tourdesk/contract/entities/domain-info';
import { api } from '../../../lib/api/client';
import { generalKeys } from './general-keys';

export const getSiteTokens = (signal?: AbortSignal): Promise<SiteTokens> => api.call(generalApi.siteTokens, { signal });

export const siteTokensQueryOptions = () => queryOptions({ queryKey: generalKeys.siteTokens(), queryFn: ({ signal }) => getSiteTokens(signal), staleTime: Infinity });

export const useSiteTokens = () => useQuery(siteTokensQueryOptions());
