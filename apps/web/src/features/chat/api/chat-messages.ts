import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatRoutes } from '@tourdesk/contract/api/chat-routes';
import type { ChatMessagesResponse } from '@tourdesk/contract/api/chat';
import type { ChatMessage } from '@tourdesk/contract/entities/chat';
import { api } from '../../../lib/api/client';
import { apiErrorText } from '../../../lib/form-errors';
import { useOutboxEntries, type OutboxEntry } from '../outbox';
import { createMessageSender, type MessageSender } from '../sender';
import type { ThreadSource } from '../thread-source';
import { flattenMessages, upsertMessage, withReadMark, type MessagePages } from './chat-cache';

/** get-messages for the organizer: the newest page, or the one before `before_id` (oldest first). */
export const getMessages = (chatId: number, query: { before_id?: number }, signal?: AbortSignal) =>
  api.call(chatRoutes.getMessages, { query: { chat_id: chatId, ...query }, signal });

/** The messages of a thread, older pages loaded on demand (before the oldest one shown). */
export const useThreadMessages = (source: ThreadSource) =>
  useInfiniteQuery<ChatMessagesResponse, Error, MessagePages, QueryKey, number | undefined>({
    queryKey: source.messagesKey,
    queryFn: ({ pageParam, signal }) =>
      source.fetchMessages(pageParam === undefined ? {} : { before_id: pageParam }, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last.has_more ? last.items[0]?.id : undefined),
    staleTime: 10_000,
  });

/** What a thread shows: the server's messages, then this side's messages still on their way. */
export type ThreadItem =
  { kind: 'message'; message: ChatMessage; mine: boolean } | { kind: 'pending'; entry: OutboxEntry };

export const threadItems = (
  data: MessagePages | undefined,
  pending: readonly OutboxEntry[],
  isMine: (message: ChatMessage) => boolean,
): ThreadItem[] => {
  const messages = flattenMessages(data);
  const arrived = new Set(messages.map((m) => m.client_id).filter((id): id is string => id !== null));
  return [
    ...messages.map((message) => ({ kind: 'message' as const, message, mine: isMine(message) })),
    ...pending.filter((e) => !arrived.has(e.uid)).map((entry) => ({ kind: 'pending' as const, entry })),
  ];
};

/**
 * The sender of a thread: messages go through the outbox (SPEC §3 states, kept across a reload);
 * one the server took is put into the thread's messages. On mount, and when the network is back,
 * what was left waiting is sent again. `onSent` lets the screen update what else shows the message.
 */
export const useThreadSender = (source: ThreadSource, onSent?: (message: ChatMessage) => void): MessageSender => {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [sender] = useState(() => createMessageSender({ outbox: source.outbox }));
  useEffect(() => {
    sender.configure({
      send: (entry) => source.send(entry),
      onSent: (sent) => {
        // the answer may come after the other side read it (chat_is_read came first)
        const message = withReadMark(queryClient, source.messagesKey, sent);
        queryClient.setQueryData<MessagePages>(source.messagesKey, (data) => upsertMessage(data, message));
        onSent?.(message);
      },
      describeError: (error) => apiErrorText(error, t),
    });
    sender.resume();
  }, [sender, source, queryClient, onSent, t]);
  useEffect(() => {
    const onOnline = () => sender.resume();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      sender.configure(null);
    };
  }, [sender]);
  return sender;
};

/** The thread's items, with the outbox's entries for this chat; entries the server has are dropped. */
export const useThreadItems = (source: ThreadSource, data: MessagePages | undefined): ThreadItem[] => {
  const pending = useOutboxEntries(source.outbox, source.chatId);
  const items = useMemo(() => threadItems(data, pending, source.isMine), [data, pending, source.isMine]);
  useEffect(() => {
    const arrived = flattenMessages(data).map((m) => m.client_id);
    if (pending.length > 0) source.outbox.merge(arrived);
  }, [data, pending, source.outbox]);
  return items;
};
