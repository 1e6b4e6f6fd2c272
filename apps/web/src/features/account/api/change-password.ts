import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ChangePasswordInput = NonNullable<RouteBody<typeof userRoutes.changePassword>>;
type Result = RouteResponse<typeof userRoutes.changePassword>;

export const changePassword = (body: ChangePasswordInput): Promise<Result> =>
  api.call(userRoutes.changePassword, { body });

/** Every other session ends; this one continues with the fresh token from the answer. */
export const useChangePassword = () =>
  useMutation<Result, ApiError, ChangePasswordInput>({
    mutationFn: changePassword,
    onSuccess: (data) => api.setSessionToken(data.token),
  });
