import {
  CHAT_MESSAGE_MAX_LENGTH,
  SUPPORT_CHANNEL,
  coded,
  chatChannel,
  organizerChannel,
  type ChatAuthor,
  type ChatMessage,
  type Publish,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ChatTokens } from './chat-token';
import type { ChatRepository, ChatRow, MessageRow } from './chat.repository';
import { crmFileUrl, messageView, travellerFileUrl, type ChatViews, type Reader } from './chat-view';

export interface NewMessage {
  author: ChatAuthor;
  /** the organizer's member who writes */
  userId?: number;
  authorName: string;
  text: string;
  fileId: number | null;
  clientId: string | null;
}

type MessageEvent = 'new_message' | 'message_was_edit' | 'message_was_deleted' | 'message_was_moderated';

/**
 * What every side of a chat shares: writing a message (under the chat's row lock, the unread
 * count of the other side kept in the same transaction, a client_id sent again answered with the
 * message it made), reading up to the newest message, and telling each channel what it may see:
 * the organizer's channel, the traveller's chat channel (tourist chats) and support's channel
 * (support chats), each message as that reader sees it. Events go out after the commit.
 */
export const createChatCore = (deps: {
  repo: ChatRepository;
  views: ChatViews;
  tokens: ChatTokens;
  publish: Publish;
}) => {
  const { repo, views, tokens, publish } = deps;

  const viewFor = (row: MessageRow, chat: ChatRow, reader: Reader): ChatMessage =>
    messageView(
      row,
      chat,
      reader,
      reader === 'traveller'
        ? travellerFileUrl(tokens.tokenOf(chat))
        : reader === 'support'
          ? (fileId) => tokens.supportFileUrl(fileId)
          : crmFileUrl,
    );

  /** Each channel of the chat, and who reads it. */
  const channelsOf = (chat: ChatRow): [string, Reader][] => [
    [organizerChannel(chat.organizer_id), 'organizer'],
    chat.kind === 'support' ? [SUPPORT_CHANNEL, 'support'] : [chatChannel(chat.id), 'traveller'],
  ];

  const tellMessage = (event: MessageEvent, chat: ChatRow, row: MessageRow): void => {
    for (const [channel, reader] of channelsOf(chat))
      publish(channel, event, {
        organizer_id: chat.organizer_id,
        chat_id: chat.id,
        message: viewFor(row, chat, reader),
      });
  };

  const lockedChat = async (tx: Db, chatId: number): Promise<ChatRow> => {
    const chat = await repo.lockChat(tx, chatId);
    if (!chat) throw AppError.notFound('chat_not_found');
    return chat;
  };

  /** A chat was made or changed: the organizer's screens (and support's, for a support chat) hear it. */
  const tellChat = async (event: 'chat_created' | 'chat_was_updated', chat: ChatRow): Promise<void> => {
    const view = await views.chat(chat);
    publish(organizerChannel(chat.organizer_id), event, { organizer_id: chat.organizer_id, chat: view });
    if (chat.kind === 'support') publish(SUPPORT_CHANNEL, event, { organizer_id: chat.organizer_id, chat: view });
  };

  /** The side whose unread count a message of `author` adds to. */
  const isFromOrganizer = (author: string): boolean => author === 'organizer';

  return {
    viewFor,
    tellMessage,

    tellChat,

    /**
     * Writes a message in the chat, in the caller's transaction when given (a chat made in it).
     * A frozen chat takes none but support's. The same client_id from the same side again answers
     * the message it made, unchanged, and tells nobody. Returns the message and the chat after it.
     */
    post: async (
      chatId: number,
      message: NewMessage,
      q?: Db,
    ): Promise<{ row: MessageRow; chat: ChatRow; isNew: boolean }> => {
      // the routes' schemas check this already; callers without one (a Telegram reply) are held to it here
      if (message.text.length > CHAT_MESSAGE_MAX_LENGTH)
        throw AppError.validation({ message: [coded('max_length', { length: CHAT_MESSAGE_MAX_LENGTH })] });
      if (!message.text.trim() && !message.fileId) throw AppError.validation({ message: ['required'] });
      if (message.text.includes('\u0000')) throw AppError.validation({ message: ['incorrect_value'] });
      const write = async (tx: Db) => {
        const chat = await lockedChat(tx, chatId);
        if (message.clientId) {
          const same = await repo.messageByClientId(tx, chatId, message.author, message.clientId);
          if (same) return { row: same, chat, isNew: false };
        }
        if (chat.is_frozen && message.author !== 'support')
          throw AppError.validation({ message: ['chat_frozen'] }, 'chat_frozen');
        const id = await repo.insertMessage(tx, {
          chat_id: chatId,
          author: message.author,
          author_user_id: message.userId ?? null,
          author_name: message.authorName,
          text: message.text,
          file_id: message.fileId,
          client_id: message.clientId,
        });
        const updated = await repo.updateChat(tx, chatId, {
          last_message_id: id,
          updated_at: new Date(),
          ...(isFromOrganizer(message.author)
            ? { counterpart_unread: chat.counterpart_unread + 1 }
            : { organizer_unread: chat.organizer_unread + 1 }),
        });
        return { row: (await repo.message(id, tx))!, chat: updated, isNew: true };
      };
      let result;
      try {
        result = q ? await write(q) : await repo.transaction(write);
      } catch (e) {
        // the same client_id written by a concurrent call between our look and our insert
        if (!q && message.clientId && isUniqueViolation(e)) {
          const same = await repo.messageByClientId(repo.db, chatId, message.author, message.clientId);
          const chat = await repo.chat(chatId);
          if (same && chat) return { row: same, chat, isNew: false };
        }
        throw e;
      }
      if (result.isNew && !q) tellMessage('new_message', result.chat, result.row);
      return result;
    },

    /**
     * `reader` has read the chat up to its newest message: its read mark moves there and its
     * unread count is 0. Tells every channel (chat_is_read) when anything changed.
     */
    markRead: async (chatId: number, reader: Reader, isAllowed?: (chat: ChatRow) => void): Promise<ChatRow> => {
      const organizerSide = reader === 'organizer';
      const { chat, changed } = await repo.transaction(async (tx) => {
        const chat = await lockedChat(tx, chatId);
        isAllowed?.(chat);
        const upTo = chat.last_message_id ?? 0;
        const [mark, unread] = organizerSide
          ? [chat.organizer_read_id, chat.organizer_unread]
          : [chat.counterpart_read_id, chat.counterpart_unread];
        if (mark >= upTo && unread === 0) return { chat, changed: false };
        const updated = await repo.updateChat(
          tx,
          chatId,
          organizerSide
            ? { organizer_read_id: upTo, organizer_unread: 0 }
            : { counterpart_read_id: upTo, counterpart_unread: 0 },
        );
        return { chat: updated, changed: true };
      });
      if (changed)
        for (const [channel] of channelsOf(chat))
          publish(channel, 'chat_is_read', {
            organizer_id: chat.organizer_id,
            chat_id: chat.id,
            reader,
            last_read_id: organizerSide ? chat.organizer_read_id : chat.counterpart_read_id,
          });
      return chat;
    },

    /**
     * Changes a message (support's edit, delete, moderation) under its chat's lock; a deleted
     * message the other side had not read leaves its unread count. Tells every channel `event`.
     */
    changeMessage: async (
      messageId: number,
      event: Exclude<MessageEvent, 'new_message'>,
      change: (row: MessageRow, chat: ChatRow) => Parameters<ChatRepository['updateMessage']>[2],
    ): Promise<{ row: MessageRow; chat: ChatRow }> => {
      const found = await repo.message(messageId);
      if (!found) throw AppError.notFound('chat_message_not_found');
      const result = await repo.transaction(async (tx) => {
        let chat = await lockedChat(tx, found.chat_id);
        const row = (await repo.message(messageId, tx))!;
        const values = change(row, chat);
        await repo.updateMessage(tx, messageId, values);
        if (values.deleted_at && !row.deleted_at) {
          const fromOrganizer = isFromOrganizer(row.author);
          const unreadByOther = fromOrganizer ? row.id > chat.counterpart_read_id : row.id > chat.organizer_read_id;
          if (unreadByOther)
            chat = await repo.updateChat(
              tx,
              chat.id,
              fromOrganizer
                ? { counterpart_unread: Math.max(0, chat.counterpart_unread - 1) }
                : { organizer_unread: Math.max(0, chat.organizer_unread - 1) },
            );
        }
        return { row: (await repo.message(messageId, tx))!, chat };
      });
      tellMessage(event, result.chat, result.row);
      // the list shows the last message: its preview changed with it
      if (result.chat.last_message_id === result.row.id) await tellChat('chat_was_updated', result.chat);
      return result;
    },
  };
};
export type ChatCore = ReturnType<typeof createChatCore>;
