import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ChangePhoneInput = NonNullable<RouteBody<typeof userRoutes.changePhone>>;
type Result = RouteResponse<typeof userRoutes.changePhone>;

export const changePhone = (body: ChangePhoneInput): Promise<Result> => api.call(userRoutes.changePhone, { body });

export const useChangePhone = () => useMutation<Result, ApiError, ChangePhoneInput>({ mutationFn: changePhone });
