import { useMutation } from '@tanstack/react-query';
import type { AuthTokenResponse, RedirectResponse } from '@tourdesk/contract/api/user';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { useStartSession } from './session-token';

export type AuthViaCodeInput = NonNullable<RouteBody<typeof userRoutes.authViaCode>>;
export type CodeSignInResult = AuthTokenResponse | RedirectResponse;

export const isRedirectResponse = (value: unknown): value is RedirectResponse =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'redirect' &&
  typeof (value as { url?: unknown }).url === 'string';

export const authViaCode = (body: AuthViaCodeInput): Promise<CodeSignInResult> =>
  api.call(userRoutes.authViaCode, { body });
export const redirectAuthViaCode = (body: AuthViaCodeInput): Promise<RedirectResponse> =>
  api.call(userRoutes.redirectAuthViaCode, { body });

/** Follows a `{ type: 'redirect', url }` answer (a one-time sign-in link). */
export const followRedirect = (response: RedirectResponse): void => window.location.assign(response.url);

/**
 * Signs in with a code. `viaRedirect` uses redirect-auth-via-code; any answer of type redirect
 * is followed, a token answer starts the session and calls onSuccess.
 */
export const useAuthViaCode = ({
  onSuccess,
  viaRedirect = false,
}: { onSuccess?: () => void; viaRedirect?: boolean } = {}) => {
  const startSession = useStartSession();
  return useMutation<CodeSignInResult, ApiError, AuthViaCodeInput>({
    mutationFn: viaRedirect ? redirectAuthViaCode : authViaCode,
    onSuccess: (data) => {
      if (isRedirectResponse(data)) {
        followRedirect(data);
        return;
      }
      startSession(data.token);
      onSuccess?.();
    },
  });
};
