import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { MessengerChat } from '@tourdesk/contract/entities/verification';
import { sortMessengerChats } from '@tourdesk/contract/entities/verification-rules';
import type { RouteResponse } from '@tourdesk/contract/route';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { accountKeys } from './account-keys';

export const getNotificationChats = async (signal?: AbortSignal): Promise<MessengerChat[]> =>
  sortMessengerChats((await api.call(chatRoutes.chatsForNotifications, { signal })).data);

export const notificationChatsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.notificationChats(), queryFn: ({ signal }) => getNotificationChats(signal) });

export const useNotificationChats = () => useQuery(notificationChatsQueryOptions());

type DisableResult = RouteResponse<typeof chatRoutes.disableNotifications>;
export const disableNotifications = (chatId: number): Promise<DisableResult> =>
  api.call(chatRoutes.disableNotifications, { body: { chat_id: chatId } });

export const useDisableNotifications = ({ onSuccess }: { onSuccess?: () => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<DisableResult, ApiError, number>({
    mutationFn: disableNotifications,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.notificationChats() });
      onSuccess?.();
    },
  });
};
