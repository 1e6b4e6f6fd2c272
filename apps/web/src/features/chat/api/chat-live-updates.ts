import { useQueryClient } from '@tanstack/react-query';
import { organizerChannel, type ChatMessagePayload } from '@tourdesk/contract/realtime-values';
import type { Chat } from '@tourdesk/contract/entities/chat';
import { useRealtimeEvent } from '../../../lib/socket/realtime-context';
import {
  findChat,
  moveChatToTop,
  noteOtherSideRead,
  patchChatInList,
  patchMessages,
  upsertMessage,
  withLastMessage,
  type ChatListPages,
  type MessagePages,
} from './chat-cache';
import { chatKeys } from './chat-keys';

/**
 * The chat screen follows every SPEC §4 chat event of its organizer live (one socket carries all
 * the user's organizers: only this organizer's channel counts): messages are put in place in the
 * thread and as the list's last message, the list re-ordered, unread marks, ticks, the frozen
 * state and a file's download status updated. The server stays the truth: the list is refetched
 * behind each change (a reconnection refetches everything, see the signed-in shell).
 */
export function useChatLiveUpdates(orgId: number) {
  const queryClient = useQueryClient();
  const ours = (channel: string) => channel === organizerChannel(orgId);
  const listKey = chatKeys.list(orgId);

  const setList = (fn: (data: ChatListPages | undefined) => ChatListPages | undefined) =>
    queryClient.setQueryData<ChatListPages>(listKey, fn);
  const setDetail = (chatId: number, fn: (chat: Chat) => Chat) =>
    queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? fn(chat) : chat));
  const setMessages = (chatId: number, fn: (data: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), fn);
  const refetchList = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const refetchUnread = () => void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(orgId) });

  useRealtimeEvent('new_message', (payload, { channel }) => {
    if (!ours(channel)) return;
    const { chat_id: chatId, message } = payload;
    setMessages(chatId, (data) => upsertMessage(data, message));
    const incoming = message.type === 'input';
    const known = findChat(queryClient.getQueryData<ChatListPages>(listKey), chatId);
    if (known) setList((data) => moveChatToTop(data, withLastMessage(known, message, incoming)));
    setDetail(chatId, (chat) => withLastMessage(chat, message, incoming));
    refetchList();
    if (incoming) refetchUnread();
  });

  const replaceMessage = (payload: ChatMessagePayload, channel: string) => {
    if (!ours(channel)) return;
    const { chat_id: chatId, message } = payload;
    setMessages(chatId, (data) => patchMessages(data, (m) => (m.id === message.id ? message : m)));
    const updateLast = (chat: Chat): Chat =>
      chat.last_message?.id === message.id ? { ...chat, last_message: message } : chat;
    setList((data) => patchChatInList(data, chatId, updateLast));
    setDetail(chatId, updateLast);
  };
  useRealtimeEvent('message_was_edit', (payload, { channel }) => replaceMessage(payload, channel));
  useRealtimeEvent('message_was_moderated', (payload, { channel }) => replaceMessage(payload, channel));
  useRealtimeEvent('message_was_deleted', (payload, { channel }) => {
    replaceMessage(payload, channel);
    if (ours(channel)) refetchUnread();
  });

  useRealtimeEvent('chat_is_read', (payload, { channel }) => {
    if (!ours(channel)) return;
    const { chat_id: chatId, reader, last_read_id: lastRead } = payload;
    if (reader === 'organizer') {
      // a colleague (or this user in another tab) read it
      const noUnread = (chat: Chat): Chat => ({ ...chat, unread_count: 0 });
      setList((data) => patchChatInList(data, chatId, noUnread));
      setDetail(chatId, noUnread);
      setMessages(chatId, (data) =>
        patchMessages(data, (m) =>
          m.type === 'input' && !m.is_read && m.id <= lastRead ? { ...m, is_read: true } : m,
        ),
      );
      refetchUnread();
      return;
    }
    // the traveller (or support) read the organizer's messages: their ticks turn double
    noteOtherSideRead(queryClient, chatKeys.messages(chatId), lastRead);
    setMessages(chatId, (data) =>
      patchMessages(data, (m) => (m.type === 'output' && !m.is_read && m.id <= lastRead ? { ...m, is_read: true } : m)),
    );
    const readLast = (chat: Chat): Chat =>
      chat.last_message && chat.last_message.type === 'output' && chat.last_message.id <= lastRead
        ? { ...chat, last_message: { ...chat.last_message, is_read: true } }
        : chat;
    setList((data) => patchChatInList(data, chatId, readLast));
  });

  useRealtimeEvent('chat_created', (payload, { channel }) => {
    if (!ours(channel)) return;
    setList((data) => moveChatToTop(data, payload.chat));
    refetchList();
    refetchUnread();
  });

  useRealtimeEvent('chat_was_updated', (payload, { channel }) => {
    if (!ours(channel)) return;
    const { chat } = payload;
    setList((data) => patchChatInList(data, chat.id, () => chat));
    setDetail(chat.id, () => chat);
    void queryClient.invalidateQueries({ queryKey: chatKeys.requests(chat.id) });
  });

  useRealtimeEvent('chat_is_frozen', (payload, { channel }) => {
    if (!ours(channel)) return;
    const freeze = (chat: Chat): Chat => ({ ...chat, is_frozen: payload.is_frozen, frozen_by: payload.frozen_by });
    setList((data) => patchChatInList(data, payload.chat_id, freeze));
    setDetail(payload.chat_id, freeze);
  });

  useRealtimeEvent('attachment_download_status_was_changed', (payload, { channel }) => {
    if (!ours(channel)) return;
    setMessages(payload.chat_id, (data) =>
      patchMessages(data, (m) =>
        m.id === payload.message_id && m.file && m.file.id === payload.file_id
          ? { ...m, file: { ...m.file, download_status: payload.download_status } }
          : m,
      ),
    );
  });
}
