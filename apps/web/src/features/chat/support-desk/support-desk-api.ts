import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_TOKEN_HEADER } from '@tourdesk/contract/api/organizer-routes';
import { operatorChatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { OperatorChatListResponse } from '@tourdesk/contract/api/chat';
import { CHAT_PAGE_SIZE } from '@tourdesk/contract/constants';
import type { ChatKind } from '@tourdesk/contract/enum-values';
import type { ChatMessage, OperatorChat } from '@tourdesk/contract/entities/chat';
import type { ApiRouteDescriptor, RouteResponse } from '@tourdesk/contract/route';
import type { InfiniteData } from '@tanstack/react-query';
import { api, type CallInput } from '../../../lib/api/client';
import { outboxFor } from '../outbox';
import type { ThreadSource } from '../thread-source';
import { nextChatOffset, patchChatInList, patchMessages, type MessagePages } from '../api/chat-cache';
import { chatKeys } from '../api/chat-keys';

/**
 * Support's desk talks to the operator routes with the operator token (`x-operator-token`). The
 * token is kept for the browser tab only (session storage): closing the tab signs support out.
 */
const STORAGE_KEY = 'tourdesk.operator-token';

export const operatorToken = {
  get: (): string | null => {
    try {
      return window.sessionStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string): void => {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, token);
    } catch {
      // storage refused (private mode): the desk works until the page is left
    }
  },
  clear: (): void => {
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
  },
};

/** An operator route called with the token. */
export const operatorCall = <R extends ApiRouteDescriptor>(
  token: string,
  route: R,
  input: CallInput<R> = {},
): Promise<RouteResponse<R>> =>
  api.call(route, { ...input, headers: { ...input.headers, [OPERATOR_TOKEN_HEADER]: token } });

export type OperatorChatPages = InfiniteData<OperatorChatListResponse>;

export const deskKeys = {
  all: [...chatKeys.all, 'desk'] as const,
  list: (kind: ChatKind) => [...deskKeys.all, 'list', kind] as const,
  messages: (chatId: number) => [...deskKeys.all, 'messages', chatId] as const,
};

/** Support's chats of a kind, 20 at a time, the last written to first. */
export const useDeskChats = (token: string, kind: ChatKind) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: deskKeys.list(kind),
      queryFn: ({ pageParam, signal }) =>
        operatorCall(token, operatorChatRoutes.list, {
          query: { kind, limit: CHAT_PAGE_SIZE, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: nextChatOffset,
      staleTime: 5_000,
      // travellers' chats have no channel of support's: their list is read again now and then
      refetchInterval: kind === 'tourist' ? 15_000 : false,
    }),
  );

const isSupportMessage = (message: ChatMessage): boolean => message.author === 'support';

/**
 * Support's side of a chat: it writes (text only) and marks read in support chats; a traveller's
 * chat it reads and moderates without a read mark of its own.
 */
export const useDeskThreadSource = (token: string, chat: Pick<OperatorChat, 'id' | 'kind'>): ThreadSource => {
  const queryClient = useQueryClient();
  const { id: chatId, kind } = chat;
  return useMemo<ThreadSource>(
    () => ({
      chatId,
      messagesKey: deskKeys.messages(chatId),
      fetchMessages: (query, signal) =>
        operatorCall(token, operatorChatRoutes.getMessages, { query: { chat_id: chatId, ...query }, signal }),
      send: (entry) =>
        operatorCall(token, operatorChatRoutes.sendMessage, {
          body: { chat_id: entry.chatId, message: entry.message, client_id: entry.uid },
        }),
      markAsRead: async () => {
        if (kind !== 'support') return null;
        const answer = await operatorCall(token, operatorChatRoutes.markAsRead, { body: { chat_id: chatId } });
        queryClient.setQueryData<MessagePages>(deskKeys.messages(chatId), (data) =>
          patchMessages(data, (m) => (!isSupportMessage(m) && !m.is_read ? { ...m, is_read: true } : m)),
        );
        queryClient.setQueryData<OperatorChatPages>(deskKeys.list('support'), (data) =>
          patchChatInList(data, chatId, (c) => (c.unread_count === 0 ? c : { ...c, unread_count: 0 })),
        );
        return answer;
      },
      isMine: isSupportMessage,
      outbox: outboxFor('support-desk'),
    }),
    [token, chatId, kind, queryClient],
  );
};

/** A message support changed (edited, deleted, moderated): in place in its thread. */
const useReplaceMessage = () => {
  const queryClient = useQueryClient();
  return (message: ChatMessage) =>
    queryClient.setQueryData<MessagePages>(deskKeys.messages(message.chat_id), (data) =>
      patchMessages(data, (m) => (m.id === message.id ? message : m)),
    );
};

export const useEditMessage = (token: string) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (input: { message_id: number; message: string }) =>
      operatorCall(token, operatorChatRoutes.editMessage, { body: input }),
    onSuccess: replace,
  });
};

export const useDeleteMessage = (token: string) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (messageId: number) =>
      operatorCall(token, operatorChatRoutes.deleteMessage, { body: { message_id: messageId } }),
    onSuccess: replace,
  });
};

export const useModerateMessage = (token: string) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (input: { message_id: number; is_moderated: boolean }) =>
      operatorCall(token, operatorChatRoutes.moderateMessage, { body: input }),
    onSuccess: replace,
  });
};

export const useFreezeChat = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { chat_id: number; is_frozen: boolean }) =>
      operatorCall(token, operatorChatRoutes.freezeChat, { body: input }),
    onSuccess: (chat) => {
      queryClient.setQueryData<OperatorChatPages>(deskKeys.list(chat.kind), (data) =>
        patchChatInList(data, chat.id, () => chat),
      );
    },
  });
};
