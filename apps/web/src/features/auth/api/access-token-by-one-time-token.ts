import { useMutation } from '@tanstack/react-query';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { useStartSession } from './session-token';

export const accessTokenByOneTimeToken = (token: string): Promise<AuthTokenResponse> =>
  api.call(userRoutes.accessTokenByOneTimeToken, { body: { token } });

/** Exchanges a one-time link token for a session. */
export const useAccessTokenByOneTimeToken = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const startSession = useStartSession();
  return useMutation<AuthTokenResponse, ApiError, string>({
    mutationFn: accessTokenByOneTimeToken,
    onSuccess: (data) => {
      startSession(data.token);
      onSuccess?.();
    },
  });
};
