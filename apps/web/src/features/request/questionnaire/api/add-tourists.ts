import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionnaireRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { AddTouristsBody, QuestionnaireSaveResponse } from '@tourdesk/contract/api/request-tourist';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { questionnaireKeys } from './questionnaire-keys';

export const addTourists = (body: AddTouristsBody): Promise<QuestionnaireSaveResponse> =>
  api.call(questionnaireRoutes.addTourists, { body });

/** Tourists not listed yet add themselves while places remain (POST request/add-tourists); the list follows. */
export const useAddTourists = ({ onSuccess }: { onSuccess?: (response: QuestionnaireSaveResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<QuestionnaireSaveResponse, ApiError, AddTouristsBody>({
    mutationFn: addTourists,
    onSuccess: async (response, body) => {
      // a refetch begun before the save would land after it with the old list: cancel it first
      await queryClient.cancelQueries({ queryKey: questionnaireKeys.detail(body.uuid) });
      queryClient.setQueryData(questionnaireKeys.detail(body.uuid), response.questionnaire);
      onSuccess?.(response);
    },
  });
};
