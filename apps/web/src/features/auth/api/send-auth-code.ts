import { useMutation } from '@tanstack/react-query';
import { userApi } from '@tourdesk/contract/api/user';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type SendAuthCodeInput = NonNullable<RouteBody<typeof userApi.sendAuthCode>>;
type Result = RouteResponse<typeof userApi.sendAuthCode>;

export const sendAuthCode = (body: SendAuthCodeInput): Promise<Result> => api.call(userApi.sendAuthCode, { body });

export const useSendAuthCode = () => useMutation<Result, ApiError, SendAuthCodeInput>({ mutationFn: sendAuthCode });
