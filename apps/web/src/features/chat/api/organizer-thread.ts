import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { Chat, ChatMessage } from '@tourdesk/contract/entities/chat';
import { api } from '../../../lib/api/client';
import { outboxFor } from '../outbox';
import type { ChatUpload, ThreadSource } from '../thread-source';
import {
  moveChatToTop,
  patchChatInList,
  patchMessages,
  withLastMessage,
  type ChatListPages,
  type MessagePages,
} from './chat-cache';
import { getMessages } from './chat-messages';
import { chatKeys } from './chat-keys';

/** The organizer's messages are `output` (any member's: the team writes as the organizer). */
const isOrganizerMessage = (message: ChatMessage): boolean => message.type === 'output';

/** The organizer's side of a chat (the CRM thread). */
export const useOrganizerThreadSource = (
  orgId: number,
  chatId: number,
  userId: number | null,
  upload: ChatUpload,
): ThreadSource => {
  const queryClient = useQueryClient();
  return useMemo<ThreadSource>(
    () => ({
      chatId,
      messagesKey: chatKeys.messages(chatId),
      fetchMessages: (query, signal) => getMessages(chatId, query, signal),
      send: (entry) =>
        api.call(chatRoutes.sendMessage, {
          body: {
            chat_id: entry.chatId,
            message: entry.message,
            file_id: entry.file?.id ?? null,
            client_id: entry.uid,
          },
        }),
      markAsRead: async () => {
        const answer = await api.call(chatRoutes.markAsRead, { body: { chat_id: chatId } });
        markReadInCache(queryClient, orgId, chatId, answer.unread_count);
        return answer;
      },
      upload,
      isMine: isOrganizerMessage,
      // one outbox per organizer and user in this browser
      outbox: outboxFor(`org:${orgId}:user:${userId ?? 0}`),
    }),
    [chatId, orgId, userId, upload, queryClient],
  );
};

type QueryClientLike = ReturnType<typeof useQueryClient>;

/** The organizer read the chat: no unread marks on it, its incoming messages read, the total as the server counts it. */
export const markReadInCache = (
  queryClient: QueryClientLike,
  orgId: number,
  chatId: number,
  unreadTotal?: number,
): void => {
  const noUnread = (chat: Chat): Chat => (chat.unread_count === 0 ? chat : { ...chat, unread_count: 0 });
  queryClient.setQueryData<ChatListPages>(chatKeys.list(orgId), (data) => patchChatInList(data, chatId, noUnread));
  queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? noUnread(chat) : chat));
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    patchMessages(data, (m) => (m.type === 'input' && !m.is_read ? { ...m, is_read: true } : m)),
  );
  if (unreadTotal !== undefined) queryClient.setQueryData(chatKeys.unreadCount(orgId), { count: unreadTotal });
  else void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(orgId) });
};

/** A message the organizer sent shows as the chat's last message, the chat at the top of the list. */
export const useNoteSentMessage = (orgId: number) => {
  const queryClient = useQueryClient();
  return useCallback(
    (message: ChatMessage) => {
      const list = queryClient.getQueryData<ChatListPages>(chatKeys.list(orgId));
      const chat =
        list?.pages.flatMap((p) => p.items).find((c) => c.id === message.chat_id) ??
        queryClient.getQueryData<Chat>(chatKeys.detail(message.chat_id));
      if (!chat) return;
      const updated = withLastMessage(chat, message, false);
      queryClient.setQueryData<ChatListPages>(chatKeys.list(orgId), (data) => moveChatToTop(data, updated));
    },
    [orgId, queryClient],
  );
};
