import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type SendAuthCodeInput = NonNullable<RouteBody<typeof userRoutes.sendAuthCode>>;
type Result = RouteResponse<typeof userRoutes.sendAuthCode>;

export const sendAuthCode = (body: SendAuthCodeInput): Promise<Result> => api.call(userRoutes.sendAuthCode, { body });

export const useSendAuthCode = () => useMutation<Result, ApiError, SendAuthCodeInput>({ mutationFn: sendAuthCode });
