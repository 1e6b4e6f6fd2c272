import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ConfirmPhoneInput = NonNullable<RouteBody<typeof userApi.confirmPhone>>;
type Result = RouteResponse<typeof userApi.confirmPhone>;

export const confirmPhone = (body: ConfirmPhoneInput): Promise<Result> => api.call(userApi.confirmPhone, { body });

/** The caller refreshes the user (the profile belongs to the auth feature). */
export const useConfirmPhone = () => useMutation<Result, ApiError, ConfirmPhoneInput>({ mutationFn: confirmPhone });
