import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type RegisterWithoutPasswordInput = NonNullable<RouteBody<typeof userRoutes.registerWithoutPassword>>;
type Result = RouteResponse<typeof userRoutes.registerWithoutPassword>;

/** Quick registration: the account is created and a sign-in code is sent by code_sender. */
export const registerWithoutPassword = (body: RegisterWithoutPasswordInput): Promise<Result> =>
  api.call(userRoutes.registerWithoutPassword, { body });

export const useRegisterWithoutPassword = () =>
  useMutation<Result, ApiError, RegisterWithoutPasswordInput>({ mutationFn: registerWithoutPassword });
