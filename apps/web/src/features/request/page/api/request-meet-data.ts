import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetDataPreview, SendMeetDataBody, SendMeetDataResult } from '@tourdesk/contract/api/request-meet-data';
import { requestMeetDataRoutes } from '@tourdesk/contract/api/request-meet-data-routes';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';

/** Under the request's own key (request-keys.ts): a live update of the request refetches them too. */
export const meetDataKeys = {
  all: (requestId: number) => ['request', requestId, 'meet-data'] as const,
  /** null: the organizer's default template (else its first) */
  preview: (requestId: number, templateId: number | null) =>
    ['request', requestId, 'meet-data', templateId ?? 'default'] as const,
};

/**
 * GET meet-data-preview: the templates to choose from, the chosen one filled from the request,
 * who can get it, and what was sent before. While another template loads, the last one stays.
 */
export const useMeetDataPreview = (requestId: number, templateId: number | null, enabled = true) =>
  useQuery<MeetDataPreview, ApiError>({
    queryKey: meetDataKeys.preview(requestId, templateId),
    queryFn: ({ signal }) =>
      api.call(requestMeetDataRoutes.meetDataPreview, {
        query: { request_id: requestId, ...(templateId === null ? {} : { template_id: templateId }) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** POST send-meet-data; then every preview of the request (its sends) is read again. */
export const useSendMeetData = (requestId: number) => {
  const queryClient = useQueryClient();
  return useMutation<SendMeetDataResult, ApiError, SendMeetDataBody>({
    mutationFn: (body) => api.call(requestMeetDataRoutes.sendMeetData, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetDataKeys.all(requestId) }),
  });
};
