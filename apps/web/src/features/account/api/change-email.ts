import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ChangeEmailInput = NonNullable<RouteBody<typeof userRoutes.changeEmail>>;
type Result = RouteResponse<typeof userRoutes.changeEmail>;

/** Sets the e-mail (unconfirmed) and sends a confirmation link to it; needs the current password. */
export const changeEmail = (body: ChangeEmailInput): Promise<Result> => api.call(userRoutes.changeEmail, { body });

export const useChangeEmail = () => useMutation<Result, ApiError, ChangeEmailInput>({ mutationFn: changeEmail });
