import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { Chat } from '@tourdesk/contract/entities/chat';
import { api } from '../../../lib/api/client';
import { findChat, type ChatListPages } from './chat-cache';
import { chatKeys } from './chat-keys';

export const getChat = (chatId: number, signal?: AbortSignal): Promise<Chat> =>
  api.call(chatRoutes.getChat, { query: { chat_id: chatId }, signal });

/** One chat (get-chat); while it loads, the list's copy of it shows. */
export const useChat = (orgId: number, chatId: number) => {
  const queryClient = useQueryClient();
  return useQuery<Chat, Error, Chat, ReturnType<typeof chatKeys.detail>>({
    queryKey: chatKeys.detail(chatId),
    queryFn: ({ signal }) => getChat(chatId, signal),
    placeholderData: () => findChat(queryClient.getQueryData<ChatListPages>(chatKeys.list(orgId)), chatId),
    staleTime: 10_000,
  });
};
