import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@tourdesk/contract/api/user-routes';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

type Result = RouteResponse<typeof userRoutes.emailConfirmationRequest>;

/** Sends the e-mail confirmation link again. */
export const requestEmailConfirmation = (): Promise<Result> =>
  api.call(userRoutes.emailConfirmationRequest, { body: {} });

export const useEmailConfirmationRequest = () =>
  useMutation<Result, ApiError, void>({ mutationFn: requestEmailConfirmation });
