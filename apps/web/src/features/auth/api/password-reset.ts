import { useMutation } from '@tanstack/react-query';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { useStartSession } from './session-token';

export type PasswordResetInput = NonNullable<RouteBody<typeof userRoutes.passwordReset>>;

export const resetPassword = (body: PasswordResetInput): Promise<AuthTokenResponse> =>
  api.call(userRoutes.passwordReset, { body });

/** Sets the new password; the server ends every session and signs this one in afresh. */
export const usePasswordReset = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const startSession = useStartSession();
  return useMutation<AuthTokenResponse, ApiError, PasswordResetInput>({
    mutationFn: resetPassword,
    onSuccess: (data) => {
      startSession(data.token);
      onSuccess?.();
    },
  });
};
