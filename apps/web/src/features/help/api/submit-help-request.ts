import { useMutation } from '@tanstack/react-query';
import { helpRoutes } from '@tourdesk/contract/api/help-routes';
import type { RouteBody, RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';

export type HelpRequestData = NonNullable<RouteBody<typeof helpRoutes.submit>>['data'];
export type HelpRequestResult = RouteResponse<typeof helpRoutes.submit>;

/** POST /spa/submit-help-request: the invisible captcha is solved by the API client (the route's flag). */
export const submitHelpRequest = (data: HelpRequestData): Promise<HelpRequestResult> =>
  api.call(helpRoutes.submit, { body: { data } });

export const useSubmitHelpRequest = () =>
  useMutation<HelpRequestResult, ApiError, HelpRequestData>({ mutationFn: submitHelpRequest });
