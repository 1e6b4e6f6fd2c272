import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type PasswordRecoveryInput = NonNullable<RouteBody<typeof userRoutes.passwordRecovery>>;
type Result = RouteResponse<typeof userRoutes.passwordRecovery>;

export const requestPasswordRecovery = (body: PasswordRecoveryInput): Promise<Result> =>
  api.call(userRoutes.passwordRecovery, { body });

export const usePasswordRecovery = () =>
  useMutation<Result, ApiError, PasswordRecoveryInput>({ mutationFn: requestPasswordRecovery });
