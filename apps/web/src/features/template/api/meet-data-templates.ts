import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetDataTemplateCreateBody } from '@tourdesk/contract/api/template';
import { meetDataTemplateRoutes } from '@tourdesk/contract/api/template-routes';
import type { MeetDataTemplate } from '@tourdesk/contract/entities/template';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { meetDataTemplateKeys } from './template-keys';

export const getMeetDataTemplates = (organizerId: number, signal?: AbortSignal): Promise<MeetDataTemplate[]> =>
  api.call(meetDataTemplateRoutes.list, { query: { organizer_id: organizerId }, signal });
export const meetDataTemplatesQueryOptions = (organizerId: number) =>
  queryOptions({
    queryKey: meetDataTemplateKeys.list(organizerId),
    queryFn: ({ signal }) => getMeetDataTemplates(organizerId, signal),
  });
export const useMeetDataTemplates = (organizerId: number) => useQuery(meetDataTemplatesQueryOptions(organizerId));

export type SaveMeetDataTemplateInput = MeetDataTemplateCreateBody & { id?: number | null };
export const saveMeetDataTemplate = ({
  id,
  organizer_id,
  ...fields
}: SaveMeetDataTemplateInput): Promise<MeetDataTemplate> =>
  id
    ? api.call(meetDataTemplateRoutes.update, { body: { id, ...fields } })
    : api.call(meetDataTemplateRoutes.create, { body: { organizer_id, ...fields } });

export const useSaveMeetDataTemplate = ({ onSuccess }: { onSuccess?: (template: MeetDataTemplate) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<MeetDataTemplate, ApiError, SaveMeetDataTemplateInput>({
    mutationFn: saveMeetDataTemplate,
    onSuccess: async (template, input) => {
      await queryClient.invalidateQueries({ queryKey: meetDataTemplateKeys.list(input.organizer_id) });
      onSuccess?.(template);
    },
  });
};

export const deleteMeetDataTemplate = (id: number) => api.call(meetDataTemplateRoutes.delete, { body: { id } });
export const useDeleteMeetDataTemplate = (organizerId: number, { onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: deleteMeetDataTemplate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meetDataTemplateKeys.list(organizerId) });
      onSuccess?.();
    },
  });
};
