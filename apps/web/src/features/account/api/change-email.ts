import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

type Result = RouteResponse<typeof userApi.changeEmail>;

/** Sets the e-mail (unconfirmed) and sends a confirmation link to it. */
export const changeEmail = (email: string): Promise<Result> => api.call(userApi.changeEmail, { body: { email } });

export const useChangeEmail = () => useMutation<Result, ApiError, string>({ mutationFn: changeEmail });
