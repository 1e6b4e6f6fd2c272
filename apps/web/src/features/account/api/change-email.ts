import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ChangeEmailInput = NonNullable<RouteBody<typeof userApi.changeEmail>>;
type Result = RouteResponse<typeof userApi.changeEmail>;

/** Sets the e-mail (unconfirmed) and sends a confirmation link to it; needs the current password. */
export const changeEmail = (body: ChangeEmailInput): Promise<Result> => api.call(userApi.changeEmail, { body });

export const useChangeEmail = () => useMutation<Result, ApiError, ChangeEmailInput>({ mutationFn: changeEmail });
