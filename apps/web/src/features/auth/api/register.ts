import { useMutation } from '@tanstack/react-query';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { useStartSession } from './session-token';

export type RegisterInput = NonNullable<RouteBody<typeof userRoutes.register>>;

export const register = (body: RegisterInput): Promise<AuthTokenResponse> => api.call(userRoutes.register, { body });

/** Creates the account and signs in. */
export const useRegister = ({ onSuccess }: { onSuccess?: (data: AuthTokenResponse) => void } = {}) => {
  const startSession = useStartSession();
  return useMutation<AuthTokenResponse, ApiError, RegisterInput>({
    mutationFn: register,
    onSuccess: (data) => {
      startSession(data.token);
      onSuccess?.(data);
    },
  });
};
