import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionnaireRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { QuestionnaireSaveResponse, UpdateTouristQuestionnaireBody } from '@tourdesk/contract/api/request-tourist';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { questionnaireKeys } from './questionnaire-keys';

export const fillQuestionnaire = (body: UpdateTouristQuestionnaireBody): Promise<QuestionnaireSaveResponse> =>
  api.call(questionnaireRoutes.updateTouristsQuestionnaires, { body });

/** A listed tourist saves their own data (POST request/update-tourists-questionnaires); the list follows. */
export const useFillQuestionnaire = ({
  onSuccess,
}: { onSuccess?: (response: QuestionnaireSaveResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<QuestionnaireSaveResponse, ApiError, UpdateTouristQuestionnaireBody>({
    mutationFn: fillQuestionnaire,
    onSuccess: async (response, body) => {
      // a refetch begun before the save (the list goes stale after 30 s) would land after it with
      // the old names: cancel it first
      await queryClient.cancelQueries({ queryKey: questionnaireKeys.detail(body.uuid) });
      queryClient.setQueryData(questionnaireKeys.detail(body.uuid), response.questionnaire);
      onSuccess?.(response);
    },
  });
};
