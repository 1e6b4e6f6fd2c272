import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionnaireRoutes } from '@tourdesk/contract/api/request-tourist-routes';
import type { Questionnaire } from '@tourdesk/contract/api/request-tourist';
import { api } from '../../../../lib/api/client';
import type { ApiError } from '../../../../lib/api/api-error';
import { questionnaireKeys } from './questionnaire-keys';

export const unlinkTelegram = (uuid: string): Promise<Questionnaire> =>
  api.call(questionnaireRoutes.unlinkTelegram, { body: { uuid } });

/** The booking's Telegram chats stop getting its messages (POST request/unlink-telegram); the page follows. */
export const useUnlinkTelegram = ({ onSuccess }: { onSuccess?: (questionnaire: Questionnaire) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<Questionnaire, ApiError, string>({
    mutationFn: unlinkTelegram,
    onSuccess: async (questionnaire, uuid) => {
      await queryClient.cancelQueries({ queryKey: questionnaireKeys.detail(uuid) });
      queryClient.setQueryData(questionnaireKeys.detail(uuid), questionnaire);
      onSuccess?.(questionnaire);
    },
  });
};
