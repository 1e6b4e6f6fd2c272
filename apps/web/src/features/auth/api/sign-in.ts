import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { AuthTokenResponse } from '@tourdesk/contract/api/user';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type SignInInput = NonNullable<RouteBody<typeof userApi.auth>>;

export const signIn = (body: SignInInput): Promise<AuthTokenResponse> => api.call(userApi.auth, { body });

/** Stores the token and drops whatever the cache knew about a previous session, then calls the caller's onSuccess. */
export const useSignIn = ({ onSuccess }: { onSuccess?: (data: AuthTokenResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<AuthTokenResponse, ApiError, SignInInput>({
    mutationFn: signIn,
    onSuccess: (data) => {
      api.setSessionToken(data.token);
      queryClient.clear();
      onSuccess?.(data);
    },
  });
};
