import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatListResponse, ChatMessagesResponse } from '@tourdesk/contract/api/chat';
import type { Chat, ChatMessage } from '@tourdesk/contract/entities/chat';

/**
 * How chats and messages sit in the query cache, and the pure updates the live events and the
 * sender make to them. Messages: pages of get-messages, the newest page first, each page oldest
 * first; a page's param is the `before_id` it was asked with. The chat list: pages by offset.
 */
export type MessagePages = InfiniteData<ChatMessagesResponse, number | undefined>;
export type ChatListPages = InfiniteData<ChatListResponse>;

/** Every message loaded, oldest first, each once. */
export const flattenMessages = (data: MessagePages | undefined): ChatMessage[] => {
  if (!data) return [];
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (let p = data.pages.length - 1; p >= 0; p -= 1)
    for (const message of data.pages[p]!.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  return out;
};

const mapPages = (data: MessagePages, fn: (items: ChatMessage[], index: number) => ChatMessage[]): MessagePages => {
  let changed = false;
  const pages = data.pages.map((page, index) => {
    const items = fn(page.items, index);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
};

/** Puts a message in place by its id, or adds it to the newest page (in id order) when new. */
export const upsertMessage = (data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined => {
  if (!data || data.pages.length === 0) return data;
  const known = data.pages.some((page) => page.items.some((m) => m.id === message.id));
  if (known) return mapPages(data, (items) => items.map((m) => (m.id === message.id ? message : m)));
  return mapPages(data, (items, index) => {
    if (index !== 0) return items;
    const at = items.findIndex((m) => m.id > message.id);
    return at === -1 ? [...items, message] : [...items.slice(0, at), message, ...items.slice(at)];
  });
};

/** Changes the messages `fn` returns a new object for (the others stay the same objects). */
export const patchMessages = (
  data: MessagePages | undefined,
  fn: (message: ChatMessage) => ChatMessage,
): MessagePages | undefined => {
  if (!data) return data;
  return mapPages(data, (items) => {
    let changed = false;
    const next = items.map((m) => {
      const patched = fn(m);
      if (patched !== m) changed = true;
      return patched;
    });
    return changed ? next : items;
  });
};

/** Pages of a chat list by offset: the organizer's chats, or support's (with the organizer's name). */
type ChatPages<C extends Chat> = InfiniteData<{ items: C[]; total: number; offset: number; limit: number }>;

/** The offset of a chat list's next page, if there is one. */
export const nextChatOffset = (last: { items: unknown[]; total: number; offset: number }): number | undefined =>
  last.items.length > 0 && last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined;

/** Every chat loaded, in the list's order (last written first), each once. */
export const flattenChats = <C extends Chat>(data: ChatPages<C> | undefined): C[] => {
  if (!data) return [];
  const seen = new Set<number>();
  const out: C[] = [];
  for (const page of data.pages)
    for (const chat of page.items) {
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      out.push(chat);
    }
  return out;
};

export const findChat = (data: ChatListPages | undefined, chatId: number): Chat | undefined =>
  data?.pages.flatMap((p) => p.items).find((c) => c.id === chatId);

/** Changes one chat of the list where it is. */
export const patchChatInList = <C extends Chat, D extends ChatPages<C>>(
  data: D | undefined,
  chatId: number,
  fn: (chat: C) => C,
): D | undefined => {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((c) => c.id === chatId)) return page;
    changed = true;
    return { ...page, items: page.items.map((c) => (c.id === chatId ? fn(c) : c)) };
  });
  return changed ? { ...data, pages } : data;
};

/**
 * A chat written to (or made) goes to the top of the list, as the server orders it (the last
 * written first); a chat the list had not loaded yet is added there too.
 */
export const moveChatToTop = (data: ChatListPages | undefined, chat: Chat): ChatListPages | undefined => {
  if (!data || data.pages.length === 0) return data;
  const wasThere = data.pages.some((p) => p.items.some((c) => c.id === chat.id));
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((c) => c.id !== chat.id);
    return index === 0
      ? { ...page, items: [chat, ...items] }
      : items.length === page.items.length
        ? page
        : { ...page, items };
  });
  const first = pages[0]!;
  if (!wasThere) pages[0] = { ...first, total: first.total + 1 };
  return { ...data, pages };
};

/** A message as the list shows it: the chat's last message, its time, and one more unread when it came in. */
export const withLastMessage = (chat: Chat, message: ChatMessage, countsAsUnread: boolean): Chat => {
  const isNewer = !chat.last_message || message.id >= chat.last_message.id;
  if (!isNewer) return chat;
  const isNew = chat.last_message?.id !== message.id;
  return {
    ...chat,
    last_message: message,
    updated_at: isNew ? message.created_at : chat.updated_at,
    unread_count: isNew && countsAsUnread ? chat.unread_count + 1 : chat.unread_count,
  };
};

/**
 * How far the other side has read a thread (chat_is_read), kept beside its messages: a message this
 * side sent whose answer comes back after the other side read it (a busy page, a slow network) is
 * shown read, not sent, and a stale copy never turns a read message back to unread.
 */
const readMarkKey = (messagesKey: QueryKey): QueryKey => [...messagesKey, 'read-mark'];

export const noteOtherSideRead = (queryClient: QueryClient, messagesKey: QueryKey, lastReadId: number): void => {
  queryClient.setQueryData<number>(readMarkKey(messagesKey), (mark) => Math.max(mark ?? 0, lastReadId));
};

/** The message as far as the other side's reading is known: read when it is at or before the mark. */
export const withReadMark = (queryClient: QueryClient, messagesKey: QueryKey, message: ChatMessage): ChatMessage => {
  const mark = queryClient.getQueryData<number>(readMarkKey(messagesKey)) ?? 0;
  return !message.is_read && message.id <= mark ? { ...message, is_read: true } : message;
};
