import type {
  BookingStatus,
  Chat,
  ChatListResponse,
  ChatMessage,
  ChatMessagesResponse,
  ChatRequest,
  ChatKind,
} from '@tourdesk/contract';
import { userActor } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Tenancy } from '../../lib/tenancy';
import type { ChatCore } from './chat-core';
import { newLinkSecret } from './chat-token';
import type { ChatRepository, ChatRow, MessagePage } from './chat.repository';
import type { ChatViews } from './chat-view';

/**
 * The provider's side of chats (SPEC §7 Chat): the organizer's chats with travellers and with
 * support, to its members only (anyone else: 404 'Chat not found', as for a chat never made).
 */
export const createChatService = (deps: {
  repo: ChatRepository;
  tenancy: Tenancy;
  core: ChatCore;
  views: ChatViews;
}) => {
  const { repo, tenancy, core, views } = deps;

  /** The chat, to a member of its organizer; 404 'Chat not found' to anyone else. */
  const accessible = async (ctx: ServiceContext, chatId: number): Promise<ChatRow> => {
    const chat = await repo.chat(chatId);
    if (!chat || !(await tenancy.isMember(ctx.userId, chat.organizer_id))) throw AppError.notFound('chat_not_found');
    await tenancy.assertMember(ctx.userId, chat.organizer_id, 'chats');
    // a guide reaches only the chats of its departures' requests (issue 29)
    const reach = await tenancy.departureReach(ctx.userId, chat.organizer_id);
    if (reach && !(await repo.isOnDepartures(chat.id, reach))) throw AppError.notFound('chat_not_found');
    return chat;
  };

  /**
   * A file the organizer attaches: one of its own, or one a member uploaded without naming an
   * organizer (it becomes the organizer's). Anything else: 'File not found' on file_id.
   */
  const usableFile = async (ctx: ServiceContext, chat: ChatRow, fileId: number): Promise<void> => {
    const file = await repo.file(fileId);
    const isOwn =
      file && (file.organizer_id === chat.organizer_id || (file.organizer_id === null && file.user_id === ctx.userId));
    if (!file || !isOwn || !file.storage_key) throw AppError.validation({ file_id: ['file_not_found'] });
    if (file.organizer_id === null) await repo.attachFile(repo.db, file.id, chat.organizer_id);
  };

  return {
    accessible,

    list: async (
      ctx: ServiceContext,
      q: { tour_organizer_id: number; limit: number; offset: number; kind?: ChatKind },
    ): Promise<ChatListResponse> => {
      await tenancy.assertMember(ctx.userId, q.tour_organizer_id, 'chats');
      const reach = await tenancy.departureReach(ctx.userId, q.tour_organizer_id);
      const page = await repo.chatPage(
        { organizerId: q.tour_organizer_id, kind: q.kind, ...(reach ? { tourDateIds: reach } : {}) },
        q,
      );
      return { items: await views.chats(page.rows), total: page.total, offset: q.offset, limit: q.limit };
    },

    get: async (ctx: ServiceContext, chatId: number): Promise<Chat> => views.chat(await accessible(ctx, chatId)),

    messages: async (ctx: ServiceContext, chatId: number, page: MessagePage): Promise<ChatMessagesResponse> => {
      const chat = await accessible(ctx, chatId);
      const { rows, hasMore } = await repo.messagePage(chatId, page);
      return { items: rows.map((r) => core.viewFor(r, chat, 'organizer')), has_more: hasMore };
    },

    unreadCount: async (ctx: ServiceContext, organizerId: number): Promise<{ count: number }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'chats');
      // a guide counts the chats it reaches only (its departures'), not the organizer's
      return { count: await repo.unreadSum(organizerId, await tenancy.departureReach(ctx.userId, organizerId)) };
    },

    markAsRead: async (ctx: ServiceContext, chatId: number): Promise<{ success: boolean; unread_count: number }> => {
      const chat = await accessible(ctx, chatId);
      await core.markRead(chat.id, 'organizer', undefined, ctx.userId);
      const reach = await tenancy.departureReach(ctx.userId, chat.organizer_id);
      return { success: true, unread_count: await repo.unreadSum(chat.organizer_id, reach) };
    },

    send: async (
      ctx: ServiceContext,
      body: { chat_id: number; message: string; file_id?: number | null; client_id?: string },
    ): Promise<ChatMessage> => {
      const chat = await accessible(ctx, body.chat_id);
      if (body.file_id) await usableFile(ctx, chat, body.file_id);
      const { row, chat: after } = await core.post(chat.id, {
        author: 'organizer',
        userId: ctx.userId,
        authorName: await repo.userName(ctx.userId),
        text: body.message,
        fileId: body.file_id ?? null,
        clientId: body.client_id ?? null,
      });
      return core.viewFor(row, after, 'organizer');
    },

    /** The organizer's chat with the site's support, made on the first call (chat_created). */
    withSupport: async (
      ctx: ServiceContext,
      q: { site_id: number; organizer_id?: number },
    ): Promise<{ id: number }> => {
      const organizerId = q.organizer_id ?? (await repo.firstOrganizerOf(ctx.userId));
      if (!organizerId) throw AppError.notFound('organizer_not_found');
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      if (!(await repo.site(q.site_id))) throw AppError.notFound('site_not_found');
      const existing = await repo.supportChat(organizerId, q.site_id);
      if (existing) return { id: existing.id };
      try {
        const made = await repo.transaction(async (tx) => {
          const chat = await repo.insertChat(tx, {
            organizer_id: organizerId,
            kind: 'support',
            site_id: q.site_id,
            link_secret: newLinkSecret(),
          });
          await core.recordChat(tx, 'chat.created', chat, userActor(ctx.userId));
          return chat;
        });
        return { id: made.id };
      } catch (e) {
        // made at the same moment by another call: that one is the chat
        const raced = isUniqueViolation(e) ? await repo.supportChat(organizerId, q.site_id) : null;
        if (raced) return { id: raced.id };
        throw e;
      }
    },

    /** GET request/list-for-chat: the requests the chat is about. */
    requests: async (ctx: ServiceContext, chatId: number): Promise<{ items: ChatRequest[] }> => {
      const chat = await accessible(ctx, chatId);
      const rows = await repo.requestsOf(chat.id);
      return {
        items: rows.map((r) => ({
          id: r.id,
          status: r.status as BookingStatus,
          tour: r.tour_id !== null && r.tour_name !== null ? { id: r.tour_id, name: r.tour_name } : null,
          date_start: r.date_start,
          date_end: r.date_end,
          tourists_count: r.tourists_count,
          customer_name: r.customer_name,
          customer_email: r.customer_email,
          created_at: r.created_at.toISOString(),
        })),
      };
    },
  };
};
export type ChatService = ReturnType<typeof createChatService>;
