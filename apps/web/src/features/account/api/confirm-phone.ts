import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type ConfirmPhoneInput = NonNullable<RouteBody<typeof userRoutes.confirmPhone>>;
type Result = RouteResponse<typeof userRoutes.confirmPhone>;

export const confirmPhone = (body: ConfirmPhoneInput): Promise<Result> => api.call(userRoutes.confirmPhone, { body });

/** The caller refreshes the user (the profile belongs to the auth feature). */
export const useConfirmPhone = () => useMutation<Result, ApiError, ConfirmPhoneInput>({ mutationFn: confirmPhone });
