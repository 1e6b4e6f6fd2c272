import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

type Result = RouteResponse<typeof userRoutes.logoutOtherSessions>;

export const logoutOtherSessions = (): Promise<Result> => api.call(userRoutes.logoutOtherSessions, { body: {} });

/** Ends every other session of the user; this one stays signed in. */
export const useLogoutOtherSessions = () => useMutation<Result, ApiError, void>({ mutationFn: logoutOtherSessions });
