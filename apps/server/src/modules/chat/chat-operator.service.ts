import {
  SUPPORT_AUTHOR_NAME,
  SUPPORT_CHANNEL,
  type ChannelsList,
  type ChatKind,
  type ChatMessage,
  type ChatMessagesResponse,
  type OperatorChat,
  type OperatorChatListResponse,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { TokenSigner } from '../../lib/tokens';
import type { ChatCore } from './chat-core';
import type { ChatRepository, ChatRow, MessagePage } from './chat.repository';
import type { ChatViews } from './chat-view';

/** Support's real-time token lives for an hour, as the others. */
const GUEST_TOKEN_TTL_S = 3600;

/**
 * Support's side (the operator token): answers support chats, edits its own messages, deletes
 * and moderates any message of any chat, freezes chats. Each change is a domain event of its
 * transaction (told on the organizer's channel and the traveller's or support's right after the
 * commit), and logged with what it changed.
 */
export const createChatOperatorService = (deps: {
  repo: ChatRepository;
  core: ChatCore;
  views: ChatViews;
  signer: TokenSigner;
}) => {
  const { repo, core, views, signer } = deps;

  const chatOf = async (chatId: number): Promise<ChatRow> => {
    const chat = await repo.chat(chatId);
    if (!chat) throw AppError.notFound('chat_not_found');
    return chat;
  };
  const supportOnly = (chat: ChatRow): void => {
    if (chat.kind !== 'support') throw AppError.validation({ chat_id: ['chat_not_support'] }, 'chat_not_support');
  };
  const notDeleted = (row: { deleted_at: Date | null }): void => {
    if (row.deleted_at) throw AppError.validation({ message_id: ['chat_message_deleted'] }, 'chat_message_deleted');
  };

  return {
    list: async (q: {
      kind: ChatKind;
      organizer_id?: number;
      limit: number;
      offset: number;
    }): Promise<OperatorChatListResponse> => {
      const page = await repo.chatPage({ organizerId: q.organizer_id, kind: q.kind }, q);
      return { items: await views.operatorChats(page.rows), total: page.total, offset: q.offset, limit: q.limit };
    },

    messages: async (chatId: number, page: MessagePage): Promise<ChatMessagesResponse> => {
      const chat = await chatOf(chatId);
      const { rows, hasMore } = await repo.messagePage(chatId, page);
      return { items: rows.map((r) => core.viewFor(r, chat, 'support')), has_more: hasMore };
    },

    send: async (
      ctx: ServiceContext,
      body: { chat_id: number; message: string; client_id?: string },
    ): Promise<ChatMessage> => {
      supportOnly(await chatOf(body.chat_id));
      const { row, chat } = await core.post(body.chat_id, {
        author: 'support',
        authorName: SUPPORT_AUTHOR_NAME,
        text: body.message,
        fileId: null,
        clientId: body.client_id ?? null,
      });
      ctx.log.info({ operator: 'chat-send', chat_id: chat.id, message_id: row.id }, 'support wrote in a chat');
      return core.viewFor(row, chat, 'support');
    },

    markAsRead: async (chatId: number): Promise<{ success: boolean }> => {
      supportOnly(await chatOf(chatId));
      await core.markRead(chatId, 'support');
      return { success: true };
    },

    edit: async (ctx: ServiceContext, body: { message_id: number; message: string }): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(body.message_id, 'edited', (m) => {
        if (m.author !== 'support')
          throw AppError.validation({ message_id: ['chat_message_not_editable'] }, 'chat_message_not_editable');
        notDeleted(m);
        return { text: body.message, edited_at: new Date() };
      });
      ctx.log.info({ operator: 'chat-edit', chat_id: chat.id, message_id: row.id }, 'support edited a message');
      return core.viewFor(row, chat, 'support');
    },

    remove: async (ctx: ServiceContext, messageId: number): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(messageId, 'deleted', (m) => {
        notDeleted(m);
        // the text goes and nobody is shown the file: the row keeps the message's place in the
        // thread, and its file_id keeps the file withdrawn (served to support alone, upload.repository.ts)
        return { deleted_at: new Date(), text: '' };
      });
      ctx.log.info({ operator: 'chat-delete', chat_id: chat.id, message_id: row.id }, 'support deleted a message');
      return core.viewFor(row, chat, 'support');
    },

    moderate: async (
      ctx: ServiceContext,
      body: { message_id: number; is_moderated: boolean },
    ): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(body.message_id, 'moderated', (m) => {
        notDeleted(m);
        return { moderated_at: body.is_moderated ? (m.moderated_at ?? new Date()) : null };
      });
      ctx.log.info(
        { operator: 'chat-moderate', chat_id: chat.id, message_id: row.id, is_moderated: body.is_moderated },
        'support moderated a message',
      );
      return core.viewFor(row, chat, 'support');
    },

    freeze: async (ctx: ServiceContext, body: { chat_id: number; is_frozen: boolean }): Promise<OperatorChat> => {
      await chatOf(body.chat_id);
      const chat = await repo.transaction(async (tx) => {
        await repo.lockChat(tx, body.chat_id);
        const frozen = await repo.updateChat(tx, body.chat_id, { is_frozen: body.is_frozen });
        await core.recordFrozen(tx, frozen);
        return frozen;
      });
      const payload = { organizer_id: chat.organizer_id, chat_id: chat.id, is_frozen: chat.is_frozen };
      ctx.log.info({ operator: 'chat-freeze', ...payload }, 'support froze a chat');
      return (await views.operatorChats([chat]))[0]!;
    },

    /** Support's channel for the operator's screen: every support chat's events. */
    channels: async (): Promise<ChannelsList> => {
      const token = await signer.sign({ sub: 1, typ: 'rt-guest', ch: SUPPORT_CHANNEL }, GUEST_TOKEN_TTL_S);
      return { connectionToken: token, channels: [{ name: SUPPORT_CHANNEL, token }] };
    },
  };
};
export type ChatOperatorService = ReturnType<typeof createChatOperatorService>;
