import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ChangePhoneInput = NonNullable<RouteBody<typeof userApi.changePhone>>;
type Result = RouteResponse<typeof userApi.changePhone>;

export const changePhone = (body: ChangePhoneInput): Promise<Result> => api.call(userApi.changePhone, { body });

export const useChangePhone = () => useMutation<Result, ApiError, ChangePhoneInput>({ mutationFn: changePhone });
