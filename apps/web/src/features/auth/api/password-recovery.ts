import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type PasswordRecoveryInput = NonNullable<RouteBody<typeof userApi.passwordRecovery>>;
type Result = RouteResponse<typeof userApi.passwordRecovery>;

export const requestPasswordRecovery = (body: PasswordRecoveryInput): Promise<Result> =>
  api.call(userApi.passwordRecovery, { body });

export const usePasswordRecovery = () =>
  useMutation<Result, ApiError, PasswordRecoveryInput>({ mutationFn: requestPasswordRecovery });
