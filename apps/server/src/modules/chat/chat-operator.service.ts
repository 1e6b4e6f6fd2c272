import {
  SUPPORT_AUTHOR_NAME,
  type AuditAction,
  type ChatFile,
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
import type { Db } from '../../db/client';
import type { TokenSigner } from '../../lib/tokens';
import { writeAudit, type OperatorActorOfRequest } from '../operator/index';
import type { ReceivedFile, UploadService } from '../upload';
import type { ChatCore } from './chat-core';
import type { ChatRepository, ChatRow, MessagePage, MessageRow } from './chat.repository';
import { fileView, type ChatViews } from './chat-view';

/** Support's real-time token lives for an hour, as the others. */
const GUEST_TOKEN_TTL_S = 3600;
/** The bucket of support's uploads: the chat they were sent for. */
const supportBucket = (chatId: number): string => `support-chat:${chatId}`;

/** The name support's messages carry: the operator's own; the admin command's shared token signs "Support". */
export const supportNameOf = (actor: OperatorActorOfRequest): string =>
  actor.id === null ? SUPPORT_AUTHOR_NAME : actor.name;

/** What the audit log keeps of a message: its text (cut), and whether it is hidden or deleted. */
const messageState = (m: MessageRow) => ({
  text: m.text.slice(0, 500),
  is_moderated: m.moderated_at !== null,
  is_deleted: m.deleted_at !== null,
});

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
  uploads: Pick<UploadService, 'storeChatFile'>;
  /** the signed link support's screen shows a chat's file by */
  supportFileUrl: (fileId: number) => string;
}) => {
  const { repo, core, views, signer, uploads } = deps;
  const audit = (
    tx: Db,
    ctx: ServiceContext,
    actor: OperatorActorOfRequest,
    entry: {
      action: AuditAction;
      object_type: 'chat' | 'chat_message';
      object_id: number;
      before?: object | null;
      after?: object | null;
    },
  ) =>
    writeAudit(tx, {
      operator_id: actor.id,
      operator_name: actor.name,
      action: entry.action,
      object_type: entry.object_type,
      object_id: String(entry.object_id),
      before: (entry.before ?? null) as Record<string, unknown> | null,
      after: (entry.after ?? null) as Record<string, unknown> | null,
      ip: ctx.ip,
    });

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
      actor: OperatorActorOfRequest,
      body: { chat_id: number; message?: string; file_id?: number | null; client_id?: string },
    ): Promise<ChatMessage> => {
      supportOnly(await chatOf(body.chat_id));
      if (body.file_id) {
        // support's own upload for this chat, and nothing else
        const file = await repo.file(body.file_id);
        if (!file || file.bucket !== supportBucket(body.chat_id) || file.user_id !== null)
          throw AppError.validation({ file_id: ['file_not_found'] });
      }
      const { row, chat } = await repo.transaction(async (tx) => {
        const posted = await core.post(
          body.chat_id,
          {
            author: 'support',
            authorName: supportNameOf(actor),
            text: body.message ?? '',
            fileId: body.file_id ?? null,
            clientId: body.client_id ?? null,
          },
          tx,
        );
        if (posted.isNew)
          await audit(tx, ctx, actor, {
            action: 'chat.answer',
            object_type: 'chat_message',
            object_id: posted.row.id,
            after: { chat_id: posted.chat.id, ...messageState(posted.row), file_id: posted.row.file_id },
          });
        return posted;
      });
      ctx.log.info({ operator: 'chat-send', chat_id: chat.id, message_id: row.id }, 'support wrote in a chat');
      return core.viewFor(row, chat, 'support');
    },

    /** A file for support's next message in a support chat: private, the chat's organizer's. */
    upload: async (chatId: number, file: ReceivedFile | null): Promise<ChatFile> => {
      const chat = await chatOf(chatId);
      supportOnly(chat);
      if (!file || file.data.length === 0) throw AppError.validation({ file: ['file_or_url'] });
      const row = await uploads.storeChatFile(chat.organizer_id, supportBucket(chat.id), file);
      return fileView({ id: row.id, name: row.original_name, size: row.size, mime: row.mime }, (fileId) =>
        deps.supportFileUrl(fileId),
      );
    },

    markAsRead: async (chatId: number): Promise<{ success: boolean }> => {
      supportOnly(await chatOf(chatId));
      await core.markRead(chatId, 'support');
      return { success: true };
    },

    edit: async (
      ctx: ServiceContext,
      actor: OperatorActorOfRequest,
      body: { message_id: number; message: string },
    ): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(
        body.message_id,
        'edited',
        (m) => {
          if (m.author !== 'support')
            throw AppError.validation({ message_id: ['chat_message_not_editable'] }, 'chat_message_not_editable');
          notDeleted(m);
          return { text: body.message, edited_at: new Date(), edited_by: supportNameOf(actor) };
        },
        (tx, before, after) =>
          audit(tx, ctx, actor, {
            action: 'chat.edit',
            object_type: 'chat_message',
            object_id: after.id,
            before: { chat_id: after.chat_id, ...messageState(before) },
            after: { chat_id: after.chat_id, ...messageState(after) },
          }),
      );
      ctx.log.info({ operator: 'chat-edit', chat_id: chat.id, message_id: row.id }, 'support edited a message');
      return core.viewFor(row, chat, 'support');
    },

    remove: async (ctx: ServiceContext, actor: OperatorActorOfRequest, messageId: number): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(
        messageId,
        'deleted',
        (m) => {
          notDeleted(m);
          // the text goes and nobody is shown the file: the row keeps the message's place in the
          // thread, and its file_id keeps the file withdrawn (served to support alone, upload.repository.ts)
          return { deleted_at: new Date(), text: '', deleted_by: supportNameOf(actor) };
        },
        (tx, before, after) =>
          audit(tx, ctx, actor, {
            action: 'chat.delete',
            object_type: 'chat_message',
            object_id: after.id,
            before: { chat_id: after.chat_id, ...messageState(before) },
            after: { chat_id: after.chat_id, ...messageState(after) },
          }),
      );
      ctx.log.info({ operator: 'chat-delete', chat_id: chat.id, message_id: row.id }, 'support deleted a message');
      return core.viewFor(row, chat, 'support');
    },

    moderate: async (
      ctx: ServiceContext,
      actor: OperatorActorOfRequest,
      body: { message_id: number; is_moderated: boolean },
    ): Promise<ChatMessage> => {
      const { row, chat } = await core.changeMessage(
        body.message_id,
        'moderated',
        (m) => {
          notDeleted(m);
          return body.is_moderated
            ? { moderated_at: m.moderated_at ?? new Date(), moderated_by: m.moderated_by ?? supportNameOf(actor) }
            : { moderated_at: null, moderated_by: null };
        },
        (tx, before, after) =>
          audit(tx, ctx, actor, {
            action: body.is_moderated ? 'chat.hide' : 'chat.show',
            object_type: 'chat_message',
            object_id: after.id,
            before: { chat_id: after.chat_id, ...messageState(before) },
            after: { chat_id: after.chat_id, ...messageState(after) },
          }),
      );
      ctx.log.info(
        { operator: 'chat-moderate', chat_id: chat.id, message_id: row.id, is_moderated: body.is_moderated },
        'support moderated a message',
      );
      return core.viewFor(row, chat, 'support');
    },

    freeze: async (
      ctx: ServiceContext,
      actor: OperatorActorOfRequest,
      body: { chat_id: number; is_frozen: boolean },
    ): Promise<OperatorChat> => {
      await chatOf(body.chat_id);
      const chat = await repo.transaction(async (tx) => {
        const before = await repo.lockChat(tx, body.chat_id);
        const frozen = await repo.updateChat(tx, body.chat_id, {
          is_frozen: body.is_frozen,
          frozen_by: body.is_frozen ? supportNameOf(actor) : null,
        });
        await core.recordFrozen(tx, frozen);
        await audit(tx, ctx, actor, {
          action: body.is_frozen ? 'chat.freeze' : 'chat.unfreeze',
          object_type: 'chat',
          object_id: frozen.id,
          before: { is_frozen: before?.is_frozen ?? null },
          after: { is_frozen: frozen.is_frozen },
        });
        return frozen;
      });
      const payload = { organizer_id: chat.organizer_id, chat_id: chat.id, is_frozen: chat.is_frozen };
      ctx.log.info({ operator: 'chat-freeze', ...payload }, 'support froze a chat');
      return (await views.operatorChats([chat]))[0]!;
    },

    /**
     * Support's channel for the operator's screen: every support chat's events and the travellers'
     * chats'. The token names the operator and their session (`fam`): the socket it opens is
     * dropped when that session ends (the operator module's endSupportSockets), and connects no
     * more after. The admin command's shared token gets none.
     */
    channels: async (actor: OperatorActorOfRequest): Promise<ChannelsList> => {
      if (actor.id === null || actor.sessionId === null)
        throw new AppError('forbidden', { message: 'operator_session_required' });
      const token = await signer.sign(
        { sub: actor.id, typ: 'rt-guest', ch: SUPPORT_CHANNEL, fam: actor.sessionId },
        GUEST_TOKEN_TTL_S,
      );
      return { connectionToken: token, channels: [{ name: SUPPORT_CHANNEL, token }] };
    },
  };
};
export type ChatOperatorService = ReturnType<typeof createChatOperatorService>;
