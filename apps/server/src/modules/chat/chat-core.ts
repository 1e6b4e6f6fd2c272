import {
  CHAT_MESSAGE_MAX_LENGTH,
  OPERATOR_ACTOR,
  SUPPORT_CHANNEL,
  SYSTEM_ACTOR,
  TOURIST_ACTOR,
  coded,
  chatChannel,
  organizerChannel,
  userActor,
  type ChatAuthor,
  type ChatMessage,
  type DomainActor,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordEvent } from '../../lib/domain-events';
import type { RealtimeHandlers, Tell } from '../realtime';
import type { ChatTokens } from './chat-token';
import { createChatRepository, type ChatRepository, type ChatRow, type MessageRow } from './chat.repository';
import { createChatViews, crmFileUrl, messageView, travellerFileUrl, type ChatViews, type Reader } from './chat-view';

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
type MessageChange = 'edited' | 'deleted' | 'moderated';
const EVENT_OF_CHANGE: Record<MessageChange, Exclude<MessageEvent, 'new_message'>> = {
  edited: 'message_was_edit',
  deleted: 'message_was_deleted',
  moderated: 'message_was_moderated',
};

/** Who acts when a side writes or reads: the member (organizer), the traveller, support, the server (a note). */
export const chatActor = (author: ChatAuthor, userId?: number): DomainActor =>
  author === 'organizer'
    ? userActor(userId)
    : author === 'traveller'
      ? TOURIST_ACTOR
      : author === 'note'
        ? SYSTEM_ACTOR
        : OPERATOR_ACTOR;

/** Records a chat's domain event in the transaction `q` that changes it. */
const recordChat = (
  q: Db,
  chat: Pick<ChatRow, 'id' | 'organizer_id'>,
  actor: DomainActor,
  event:
    | { type: 'chat.created' | 'chat.updated'; payload: { chat_id: number } }
    | {
        type: 'chat.message_posted';
        payload: {
          chat_id: number;
          message_id: number;
          author: ChatAuthor;
          author_name: string;
          text: string;
          attachment_name: string | null;
        };
      }
    | { type: 'chat.message_changed'; payload: { chat_id: number; message_id: number; change: MessageChange } }
    | { type: 'chat.read'; payload: { chat_id: number; reader: ChatAuthor; last_read_id: number } }
    | { type: 'chat.frozen'; payload: { chat_id: number; is_frozen: boolean } },
): Promise<number> =>
  recordEvent(q, { ...event, aggregateId: chat.id, organizerId: chat.organizer_id, actor } as Parameters<
    typeof recordEvent
  >[1]);

/**
 * What every side of a chat shares: writing a message (under the chat's row lock, the unread
 * count of the other side kept in the same transaction, a client_id sent again answered with the
 * message it made), reading up to the newest message, and telling each channel what it may see:
 * the organizer's channel, the traveller's chat channel (tourist chats) and support's channel
 * (support chats), each message as that reader sees it. Every change is a domain event of its
 * transaction (chat.message_posted, chat.read, …); `realtime` below turns them into what each
 * channel is told, after the commit.
 */
export const createChatCore = (deps: { repo: ChatRepository; views: ChatViews; tokens: ChatTokens }) => {
  const { repo, tokens } = deps;
  /** the chat views read in the delivery transaction `tx` */
  const txViews = (tx: Db) => createChatViews(createChatRepository(tx), (fileId) => tokens.supportFileUrl(fileId));

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
    ...(chat.kind === 'support' ? [] : [[chatChannel(chat.id), 'traveller'] as [string, Reader]]),
    // support's desk hears every chat it reads: its own and the travellers' (moderated there)
    [SUPPORT_CHANNEL, 'support'],
  ];

  const tellMessage = (tell: Tell, event: MessageEvent, chat: ChatRow, row: MessageRow): void => {
    for (const [channel, reader] of channelsOf(chat)) {
      // a note is the organizer's side's only: the traveller (and support) never hear of it
      if (row.author === 'note' && reader !== 'organizer') continue;
      tell(channel, event, {
        organizer_id: chat.organizer_id,
        chat_id: chat.id,
        message: viewFor(row, chat, reader),
      });
    }
  };

  const lockedChat = async (tx: Db, chatId: number): Promise<ChatRow> => {
    const chat = await repo.lockChat(tx, chatId);
    if (!chat) throw AppError.notFound('chat_not_found');
    return chat;
  };

  /** A chat was made or changed: the organizer's screens (and support's, for a support chat) hear it. */
  const tellChat = async (
    tell: Tell,
    views: ChatViews,
    event: 'chat_created' | 'chat_was_updated',
    chat: ChatRow,
  ): Promise<void> => {
    const view = await views.chat(chat);
    tell(organizerChannel(chat.organizer_id), event, { organizer_id: chat.organizer_id, chat: view });
    tell(SUPPORT_CHANNEL, event, { organizer_id: chat.organizer_id, chat: view });
  };

  /**
   * `tell` for a chat: on the organizer's channel, a guide hears it only when assigned to one of
   * the chat's departures (issue 29); everyone else as before.
   */
  const forChat = async (tx: Db, chat: ChatRow, tell: Tell): Promise<Tell> => {
    const audience = { scopedUserIds: await repo.guideUsersOf(tx, chat.id) };
    const org = organizerChannel(chat.organizer_id);
    return (channel, name, payload) => tell(channel, name, payload, channel === org ? audience : undefined);
  };

  /**
   * The SPEC §4 publications of the chat's domain events (the real-time subscriber runs them after
   * the commit): read in the delivery transaction, as each channel's reader sees it now.
   */
  const realtime: RealtimeHandlers = {
    'chat.created': async (event, tx, tell) => {
      const chat = await repo.chat(event.payload.chat_id, tx);
      if (chat) await tellChat(await forChat(tx, chat, tell), txViews(tx), 'chat_created', chat);
    },
    'chat.updated': async (event, tx, tell) => {
      const chat = await repo.chat(event.payload.chat_id, tx);
      if (chat) await tellChat(await forChat(tx, chat, tell), txViews(tx), 'chat_was_updated', chat);
    },
    'chat.message_posted': async (event, tx, tell) => {
      const [chat, row] = [
        await repo.chat(event.payload.chat_id, tx),
        await repo.message(event.payload.message_id, tx),
      ];
      if (chat && row) tellMessage(await forChat(tx, chat, tell), 'new_message', chat, row);
    },
    'chat.message_changed': async (event, tx, tell) => {
      const [chat, row] = [
        await repo.chat(event.payload.chat_id, tx),
        await repo.message(event.payload.message_id, tx),
      ];
      if (chat && row) tellMessage(await forChat(tx, chat, tell), EVENT_OF_CHANGE[event.payload.change], chat, row);
    },
    'chat.read': async (event, tx, tell) => {
      const chat = await repo.chat(event.payload.chat_id, tx);
      if (!chat) return;
      const told = await forChat(tx, chat, tell);
      for (const [channel] of channelsOf(chat))
        told(channel, 'chat_is_read', {
          organizer_id: chat.organizer_id,
          chat_id: chat.id,
          reader: event.payload.reader,
          last_read_id: event.payload.last_read_id,
        });
    },
    'chat.frozen': async (event, tx, tell) => {
      const chat = await repo.chat(event.payload.chat_id, tx);
      if (!chat) return;
      const payload = {
        organizer_id: chat.organizer_id,
        chat_id: chat.id,
        is_frozen: event.payload.is_frozen,
        frozen_by: event.payload.is_frozen ? chat.frozen_by : null,
      };
      (await forChat(tx, chat, tell))(organizerChannel(chat.organizer_id), 'chat_is_frozen', payload);
      if (chat.kind !== 'support') tell(chatChannel(chat.id), 'chat_is_frozen', payload);
      tell(SUPPORT_CHANNEL, 'chat_is_frozen', payload);
    },
  };

  /** The side whose unread count a message of `author` adds to. */
  const isFromOrganizer = (author: string): boolean => author === 'organizer';

  return {
    viewFor,
    realtime,
    channelsOf,

    /** Records that a chat was made or changed (chat_created / chat_was_updated) in the transaction `q`. */
    recordChat: (q: Db, type: 'chat.created' | 'chat.updated', chat: ChatRow, actor: DomainActor): Promise<number> =>
      recordChat(q, chat, actor, { type, payload: { chat_id: chat.id } }),

    /** Records that support froze or unfroze a chat (chat_is_frozen, and its list entry) in `q`. */
    recordFrozen: async (q: Db, chat: ChatRow): Promise<void> => {
      await recordChat(q, chat, OPERATOR_ACTOR, {
        type: 'chat.frozen',
        payload: { chat_id: chat.id, is_frozen: chat.is_frozen },
      });
      await recordChat(q, chat, OPERATOR_ACTOR, { type: 'chat.updated', payload: { chat_id: chat.id } });
    },

    /**
     * Writes a message in the chat, in the caller's transaction when given (a chat made in it),
     * with its chat.message_posted event. A frozen chat takes none but support's and notes. The same
     * client_id from the same side again answers the message it made, unchanged, and records
     * nothing. Returns the message and the chat after it.
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
        if (chat.is_frozen && message.author !== 'support' && message.author !== 'note')
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
        const row = (await repo.message(id, tx))!;
        await recordChat(tx, chat, chatActor(message.author, message.userId), {
          type: 'chat.message_posted',
          payload: {
            chat_id: chatId,
            message_id: id,
            author: message.author,
            author_name: row.author_name,
            text: row.text,
            attachment_name: row.file_id ? row.file_name : null,
          },
        });
        return { row, chat: updated, isNew: true };
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
      return result;
    },

    /**
     * `reader` has read the chat up to its newest message: its read mark moves there and its
     * unread count is 0. Records chat.read (every channel hears chat_is_read) when anything changed.
     */
    markRead: async (
      chatId: number,
      reader: Reader,
      isAllowed?: (chat: ChatRow) => void,
      userId?: number,
    ): Promise<ChatRow> => {
      const organizerSide = reader === 'organizer';
      const { chat } = await repo.transaction(async (tx) => {
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
        await recordChat(tx, updated, chatActor(reader, userId), {
          type: 'chat.read',
          payload: { chat_id: chatId, reader, last_read_id: upTo },
        });
        return { chat: updated, changed: true };
      });
      return chat;
    },

    /**
     * Changes a message (support's edit, delete, moderation) under its chat's lock; a deleted
     * message the other side had not read leaves its unread count. Records chat.message_changed
     * (and chat.updated when it is the chat's last message: the list shows it).
     */
    changeMessage: async (
      messageId: number,
      kind: MessageChange,
      change: (row: MessageRow, chat: ChatRow) => Parameters<ChatRepository['updateMessage']>[2],
      /** more of the change's transaction (the operator's audit entry): the message before and after */
      also?: (tx: Db, before: MessageRow, after: MessageRow) => Promise<void>,
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
        await recordChat(tx, chat, OPERATOR_ACTOR, {
          type: 'chat.message_changed',
          payload: { chat_id: chat.id, message_id: messageId, change: kind },
        });
        // the list shows the last message: its preview changed with it
        if (chat.last_message_id === messageId)
          await recordChat(tx, chat, OPERATOR_ACTOR, { type: 'chat.updated', payload: { chat_id: chat.id } });
        const after = (await repo.message(messageId, tx))!;
        await also?.(tx, row, after);
        return { row: after, chat };
      });
      return result;
    },
  };
};
export type ChatCore = ReturnType<typeof createChatCore>;
