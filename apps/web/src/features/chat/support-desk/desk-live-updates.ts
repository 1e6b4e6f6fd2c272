import { useQueryClient } from '@tanstack/react-query';
import { SUPPORT_CHANNEL, type ChatMessagePayload } from '@tourdesk/contract/realtime-values';
import type { OperatorChat } from '@tourdesk/contract/entities/chat';
import { useRealtimeEvent } from '../../../lib/socket/realtime-context';
import { noteOtherSideRead, patchChatInList, patchMessages, upsertMessage, type MessagePages } from '../api/chat-cache';
import { deskKeys, type OperatorChatPages } from './support-desk-api';

/**
 * Support's channel carries every chat's events (support chats and the travellers'): the desk puts
 * messages in place, marks what the organizer read, and reads the lists again (the server's order
 * and unread counts are the truth).
 */
export function useDeskLiveUpdates() {
  const queryClient = useQueryClient();
  const ours = (channel: string) => channel === SUPPORT_CHANNEL;
  const setMessages = (chatId: number, fn: (data: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(deskKeys.messages(chatId), fn);
  const refetchList = () => {
    void queryClient.invalidateQueries({ queryKey: deskKeys.list('support') });
    void queryClient.invalidateQueries({ queryKey: deskKeys.list('tourist') });
  };
  const setChat = (chatId: number, fn: (chat: OperatorChat) => OperatorChat) => {
    for (const kind of ['support', 'tourist'] as const)
      queryClient.setQueryData<OperatorChatPages>(deskKeys.list(kind), (data) => patchChatInList(data, chatId, fn));
  };

  useRealtimeEvent('new_message', ({ chat_id: chatId, message }, { channel }) => {
    if (!ours(channel)) return;
    setMessages(chatId, (data) => upsertMessage(data, message));
    setChat(chatId, (chat) => ({ ...chat, last_message: message, updated_at: message.created_at }));
    refetchList();
  });
  const replace = ({ chat_id: chatId, message }: ChatMessagePayload, channel: string) => {
    if (!ours(channel)) return;
    setMessages(chatId, (data) => patchMessages(data, (m) => (m.id === message.id ? message : m)));
    setChat(chatId, (chat) => (chat.last_message?.id === message.id ? { ...chat, last_message: message } : chat));
  };
  useRealtimeEvent('message_was_edit', (payload, { channel }) => replace(payload, channel));
  useRealtimeEvent('message_was_moderated', (payload, { channel }) => replace(payload, channel));
  useRealtimeEvent('message_was_deleted', (payload, { channel }) => {
    replace(payload, channel);
    if (ours(channel)) refetchList();
  });
  useRealtimeEvent('chat_is_read', ({ chat_id: chatId, reader, last_read_id: lastRead }, { channel }) => {
    if (!ours(channel)) return;
    if (reader === 'support') {
      setChat(chatId, (chat) => ({ ...chat, unread_count: 0 }));
      return;
    }
    // the organizer read support's messages: their ticks turn double
    noteOtherSideRead(queryClient, deskKeys.messages(chatId), lastRead);
    setMessages(chatId, (data) =>
      patchMessages(data, (m) =>
        m.author === 'support' && !m.is_read && m.id <= lastRead ? { ...m, is_read: true } : m,
      ),
    );
  });
  useRealtimeEvent('chat_is_frozen', ({ chat_id: chatId, is_frozen: frozen, frozen_by }, { channel }) => {
    if (ours(channel)) setChat(chatId, (chat) => ({ ...chat, is_frozen: frozen, frozen_by }));
  });
  useRealtimeEvent('chat_created', (_payload, { channel }) => {
    if (ours(channel)) refetchList();
  });
  useRealtimeEvent('chat_was_updated', (_payload, { channel }) => {
    if (ours(channel)) refetchList();
  });
}
