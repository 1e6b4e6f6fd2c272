import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { User } from '@tourdesk/contract/entities/user';
import { api } from '../../../lib/api/client';
import { userKeys } from './user-keys';

export const getProfile = (signal?: AbortSignal): Promise<User> => api.call(userRoutes.profile, { signal });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useProfile = () => useQuery(profileQueryOptions());
