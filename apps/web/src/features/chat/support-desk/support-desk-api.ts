import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorChatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { OperatorChatListResponse } from '@tourdesk/contract/api/chat';
import { CHAT_PAGE_SIZE } from '@tourdesk/contract/constants';
import type { ChatKind } from '@tourdesk/contract/enum-values';
import type { ChatFile, ChatMessage, OperatorChat } from '@tourdesk/contract/entities/chat';
import type { ApiRouteDescriptor, RouteResponse } from '@tourdesk/contract/route';
import type { InfiniteData } from '@tanstack/react-query';
import { type CallInput } from '../../../lib/api/client';
import { toApiError } from '../../../lib/api/api-error';
import { outboxFor } from '../outbox';
import { fromChatFile, type ChatUpload, type ThreadSource } from '../thread-source';
import { nextChatOffset, patchChatInList, patchMessages, type MessagePages } from '../api/chat-cache';
import { chatKeys } from '../api/chat-keys';

/**
 * How the desk reaches the server: the operator console's session (its access token in memory,
 * OPERATOR_AUTH_HEADER, renewed with its refresh cookie) — the console gives it. The shared
 * operator token never reaches the browser.
 */
export interface DeskApi {
  call: <R extends ApiRouteDescriptor>(route: R, input?: CallInput<R>) => Promise<RouteResponse<R>>;
  /** the operator's auth header now (for the file upload, which reports its progress) */
  authHeaders: () => Record<string, string>;
  /** the operator console's organizer card, opened for a chat's organizer (issue 30) */
  openOrganizer?: (organizerId: number) => void;
}

export type OperatorChatPages = InfiniteData<OperatorChatListResponse>;

export const deskKeys = {
  all: [...chatKeys.all, 'desk'] as const,
  list: (kind: ChatKind) => [...deskKeys.all, 'list', kind] as const,
  messages: (chatId: number) => [...deskKeys.all, 'messages', chatId] as const,
};

/** Support's chats of a kind, 20 at a time, the last written to first. */
export const useDeskChats = (desk: DeskApi, kind: ChatKind) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: deskKeys.list(kind),
      queryFn: ({ pageParam, signal }) =>
        desk.call(operatorChatRoutes.list, {
          query: { kind, limit: CHAT_PAGE_SIZE, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: nextChatOffset,
      staleTime: 5_000,
    }),
  );

const isSupportMessage = (message: ChatMessage): boolean => message.author === 'support';

const parseJsonBody = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** A file for support's next message in a support chat, with its progress (multipart, as the traveller's). */
const deskUpload =
  (desk: DeskApi, chatId: number): ChatUpload =>
  (file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(
        'POST',
        `${operatorChatRoutes.upload.path}?${new URLSearchParams({ chat_id: String(chatId) }).toString()}`,
      );
      xhr.setRequestHeader('X-Language', document.documentElement.lang || 'en');
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [k, v] of Object.entries(desk.authHeaders())) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
      };
      xhr.onload = () => {
        const body = parseJsonBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(100);
          resolve(fromChatFile(body as ChatFile));
        } else reject(toApiError(xhr.status, body));
      };
      xhr.onerror = () => reject(toApiError(0, null));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });

/**
 * Support's side of a chat: it writes (files too) and marks read in support chats; a traveller's
 * chat it reads and moderates without a read mark of its own.
 */
export const useDeskThreadSource = (desk: DeskApi, chat: Pick<OperatorChat, 'id' | 'kind'>): ThreadSource => {
  const queryClient = useQueryClient();
  const { id: chatId, kind } = chat;
  return useMemo<ThreadSource>(
    () => ({
      chatId,
      messagesKey: deskKeys.messages(chatId),
      fetchMessages: (query, signal) =>
        desk.call(operatorChatRoutes.getMessages, { query: { chat_id: chatId, ...query }, signal }),
      send: (entry) =>
        desk.call(operatorChatRoutes.sendMessage, {
          body: {
            chat_id: entry.chatId,
            message: entry.message,
            ...(entry.file ? { file_id: entry.file.id } : {}),
            client_id: entry.uid,
          },
        }),
      markAsRead: async () => {
        if (kind !== 'support') return null;
        const answer = await desk.call(operatorChatRoutes.markAsRead, { body: { chat_id: chatId } });
        queryClient.setQueryData<MessagePages>(deskKeys.messages(chatId), (data) =>
          patchMessages(data, (m) => (!isSupportMessage(m) && !m.is_read ? { ...m, is_read: true } : m)),
        );
        queryClient.setQueryData<OperatorChatPages>(deskKeys.list('support'), (data) =>
          patchChatInList(data, chatId, (c) => (c.unread_count === 0 ? c : { ...c, unread_count: 0 })),
        );
        return answer;
      },
      ...(kind === 'support' ? { upload: deskUpload(desk, chatId) } : {}),
      isMine: isSupportMessage,
      outbox: outboxFor('support-desk'),
    }),
    [desk, chatId, kind, queryClient],
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

export const useEditMessage = (desk: DeskApi) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (input: { message_id: number; message: string }) =>
      desk.call(operatorChatRoutes.editMessage, { body: input }),
    onSuccess: replace,
  });
};

export const useDeleteMessage = (desk: DeskApi) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (messageId: number) => desk.call(operatorChatRoutes.deleteMessage, { body: { message_id: messageId } }),
    onSuccess: replace,
  });
};

export const useModerateMessage = (desk: DeskApi) => {
  const replace = useReplaceMessage();
  return useMutation({
    mutationFn: (input: { message_id: number; is_moderated: boolean }) =>
      desk.call(operatorChatRoutes.moderateMessage, { body: input }),
    onSuccess: replace,
  });
};

export const useFreezeChat = (desk: DeskApi) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { chat_id: number; is_frozen: boolean }) =>
      desk.call(operatorChatRoutes.freezeChat, { body: input }),
    onSuccess: (chat) => {
      queryClient.setQueryData<OperatorChatPages>(deskKeys.list(chat.kind), (data) =>
        patchChatInList(data, chat.id, () => chat),
      );
    },
  });
};
