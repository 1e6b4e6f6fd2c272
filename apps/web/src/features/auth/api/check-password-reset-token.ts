import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import { userKeys } from './user-keys';

type Result = RouteResponse<typeof userRoutes.checkPasswordResetToken>;

export const checkPasswordResetToken = (token: string, signal?: AbortSignal): Promise<Result> =>
  api.call(userRoutes.checkPasswordResetToken, { body: { token }, signal });

export const passwordResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: userKeys.resetToken(token),
    queryFn: ({ signal }) => checkPasswordResetToken(token, signal),
    retry: false,
    staleTime: Infinity,
    enabled: token !== '',
  });

export const usePasswordResetToken = (token: string) => useQuery(passwordResetTokenQueryOptions(token));
