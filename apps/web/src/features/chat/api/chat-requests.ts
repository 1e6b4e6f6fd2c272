import { useQuery } from '@tanstack/react-query';
import { requestChatRoutes } from '@tourdesk/contract/api/chat-routes';
import { api } from '../../../lib/api/client';
import { chatKeys } from './chat-keys';

/** list-for-chat: the requests a chat is about, oldest first. */
export const listChatRequests = (chatId: number, signal?: AbortSignal) =>
  api.call(requestChatRoutes.listForChat, { query: { chat_id: chatId }, signal });

export const useChatRequests = (chatId: number, enabled = true) =>
  useQuery({
    queryKey: chatKeys.requests(chatId),
    queryFn: ({ signal }) => listChatRequests(chatId, signal),
    staleTime: 30_000,
    enabled,
  });
