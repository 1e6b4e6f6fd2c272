import {
  BOOKING_STATUS,
  chatChannel,
  travellerChatPath,
  type ChannelsList,
  type ChatFile,
  type ChatMessage,
  type ChatMessagesResponse,
  type ChatWithOrganizerResponse,
  type TravellerChat,
} from '@tourdesk/contract';
import { TOURIST_ACTOR } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { TokenSigner } from '../../lib/tokens';
import type { Guard, Limits } from '../../plugins/rate-limit';
import type { ReceivedFile, UploadService } from '../upload';
import type { ChatCore } from './chat-core';
import { linkGeneration, newLinkSecret, type ChatTokens } from './chat-token';
import type { ChatRepository, ChatRow, MessagePage } from './chat.repository';
import { fileView, travellerFileUrl, type ChatViews } from './chat-view';

/**
 * New chats a client address opens in 15 minutes: a traveller writes to a few providers; past
 * `soft` each needs a captcha, past `hard` the hard one (the escalation of rate-limit.ts).
 */
export const CHAT_START_GUARD: Guard = { name: 'chat-start-ip', soft: 10, hard: 30, windowMs: 15 * 60_000 };
/** Writes through traveller links (messages, uploads) per client address in 10 minutes. */
export const CHAT_TRAVELLER_WRITE_GUARD: Guard = {
  name: 'chat-traveller-ip',
  soft: 120,
  hard: 300,
  windowMs: 10 * 60_000,
};
/** The traveller's real-time tokens live for an hour; the page asks for new ones on reconnect. */
const GUEST_TOKEN_TTL_S = 3600;
/** The bucket of a traveller's uploads: the chat they were sent for. */
const chatBucket = (chatId: number): string => `chat:${chatId}`;

/**
 * The traveller's side of a chat: no account. get-chat-with-organizer opens it (from a tour page
 * or the questionnaire page) and answers the link's token; every other call names the chat by
 * that token alone (a wrong or revoked one: 404 'This chat link is no longer valid').
 */
export const createChatTravellerService = (deps: {
  repo: ChatRepository;
  core: ChatCore;
  views: ChatViews;
  tokens: ChatTokens;
  signer: TokenSigner;
  limits: Pick<Limits, 'enforce' | 'hit'>;
  uploads: Pick<UploadService, 'storeChatFile' | 'find' | 'load' | 'isWithdrawnFromChats'>;
  /** drops the guests' real-time connections to a channel (a reissued link's, on every node) */
  endGuests?: (channel: string) => void;
}) => {
  const { repo, core, views, tokens, signer, limits, uploads } = deps;

  const chatOfToken = async (token: string): Promise<ChatRow> => {
    const id = tokens.chatIdOf(token);
    const chat = id ? await repo.chat(id) : null;
    if (!chat || chat.kind !== 'tourist' || !tokens.matches(token, chat)) throw AppError.notFound('chat_link_invalid');
    return chat;
  };
  /** A chat about requests that are all canceled takes no more of the traveller's messages or files. */
  const assertWritable = async (chat: ChatRow): Promise<void> => {
    if (await repo.isEveryRequestCanceled(chat.id))
      throw AppError.validation({ message: ['chat_request_canceled'] }, 'chat_request_canceled');
  };
  const guardWrites = async (ctx: ServiceContext, guard: Guard): Promise<void> => {
    await limits.enforce(ctx, [[guard, ctx.ip]]);
    await limits.hit([[guard, ctx.ip]]);
  };

  return {
    /**
     * POST get-chat-with-organizer. With `request_uuid`: that request's chat (made on the first
     * message, its customer the traveller), the message added to it. With name and e-mail: a new
     * chat. The traveller's message is the chat's first (or next) one; the organizer's screens hear
     * chat_created (a new chat) and new_message.
     */
    start: async (
      ctx: ServiceContext,
      body: {
        organizer_id: number;
        tour_id?: number | null;
        message: string;
        request_uuid?: string;
        name?: string;
        email?: string;
        client_id?: string;
      },
    ): Promise<ChatWithOrganizerResponse> => {
      if (!(await repo.organizer(body.organizer_id))) throw AppError.notFound('organizer_not_found');
      const tour = body.tour_id ? await repo.tour(body.tour_id) : null;
      if (body.tour_id && tour?.organizer_id !== body.organizer_id)
        throw AppError.validation({ tour_id: ['tour_not_found'] });
      const request = body.request_uuid ? await repo.requestByUuid(body.request_uuid) : null;
      if (body.request_uuid && request?.organizer_id !== body.organizer_id)
        throw AppError.validation({ request_uuid: ['questionnaire_not_found'] });
      // a canceled request's questionnaire link opens its chat no more
      if (request && request.status >= BOOKING_STATUS.canceled_by_tourist)
        throw AppError.validation({ request_uuid: ['chat_request_canceled'] }, 'chat_request_canceled');
      await guardWrites(ctx, CHAT_START_GUARD);

      const existingId = request ? await repo.chatOfRequest(request.id) : null;
      const message = (name: string) => ({
        author: 'traveller' as const,
        authorName: name,
        text: body.message,
        fileId: null,
        clientId: body.client_id ?? null,
      });
      if (existingId) {
        const { row, chat } = await core.post(existingId, message(request!.customer_name));
        const token = tokens.tokenOf(chat);
        return {
          id: chat.id,
          token,
          url: `/org${travellerChatPath(token)}`,
          message: core.viewFor(row, chat, 'traveller'),
        };
      }
      const name = request ? request.customer_name : (body.name ?? '');
      const { row, chat } = await repo.transaction(async (tx) => {
        const made = await repo.insertChat(tx, {
          organizer_id: body.organizer_id,
          kind: 'tourist',
          tour_id: tour?.id ?? request?.tour_id ?? null,
          traveller_name: name,
          traveller_email: request ? request.customer_email : (body.email ?? ''),
          link_secret: newLinkSecret(),
        });
        if (request) await repo.linkRequest(tx, made.id, request.id);
        // chat_created, then the first message: the events in the order the screens need them
        await core.recordChat(tx, 'chat.created', made, TOURIST_ACTOR);
        return core.post(made.id, message(name), tx);
      });
      const token = tokens.tokenOf(chat);
      return {
        id: chat.id,
        token,
        url: `/org${travellerChatPath(token)}`,
        message: core.viewFor(row, chat, 'traveller'),
      };
    },

    get: async (token: string): Promise<TravellerChat> => views.travellerChat(await chatOfToken(token)),

    messages: async (token: string, page: MessagePage): Promise<ChatMessagesResponse> => {
      const chat = await chatOfToken(token);
      // the organizer's notes (a held e-mail) are not the traveller's to read
      const { rows, hasMore } = await repo.messagePage(chat.id, page, { withoutNotes: true });
      return { items: rows.map((r) => core.viewFor(r, chat, 'traveller')), has_more: hasMore };
    },

    send: async (
      ctx: ServiceContext,
      body: { token: string; message: string; file_id?: number | null; client_id?: string },
    ): Promise<ChatMessage> => {
      const chat = await chatOfToken(body.token);
      await assertWritable(chat);
      if (body.file_id) {
        // the traveller's own upload for this chat, and nothing else
        const file = await repo.file(body.file_id);
        if (
          !file ||
          file.bucket !== chatBucket(chat.id) ||
          file.user_id !== null ||
          file.organizer_id !== chat.organizer_id
        )
          throw AppError.validation({ file_id: ['file_not_found'] });
      }
      await guardWrites(ctx, CHAT_TRAVELLER_WRITE_GUARD);
      const { row, chat: after } = await core.post(chat.id, {
        author: 'traveller',
        authorName: chat.traveller_name,
        text: body.message,
        fileId: body.file_id ?? null,
        clientId: body.client_id ?? null,
      });
      return core.viewFor(row, after, 'traveller');
    },

    markAsRead: async (token: string): Promise<{ success: boolean }> => {
      const chat = await chatOfToken(token);
      await core.markRead(chat.id, 'traveller');
      return { success: true };
    },

    /** The chat's channel, for the traveller's page: a guest connection that may join it alone. */
    channels: async (token: string): Promise<ChannelsList> => {
      const chat = await chatOfToken(token);
      const name = chatChannel(chat.id);
      const guest = await signer.sign(
        { sub: chat.id, typ: 'rt-guest', ch: name, fam: linkGeneration(chat.link_secret) },
        GUEST_TOKEN_TTL_S,
      );
      return { connectionToken: guest, channels: [{ name, token: guest }] };
    },

    /** A file for the traveller's next message: private, the chat's organizer's. */
    upload: async (ctx: ServiceContext, token: string, file: ReceivedFile | null): Promise<ChatFile> => {
      const chat = await chatOfToken(token);
      await assertWritable(chat);
      if (!file || file.data.length === 0) throw AppError.validation({ file: ['file_or_url'] });
      await guardWrites(ctx, CHAT_TRAVELLER_WRITE_GUARD);
      const row = await uploads.storeChatFile(chat.organizer_id, chatBucket(chat.id), file);
      return fileView(
        { id: row.id, name: row.original_name, size: row.size, mime: row.mime },
        travellerFileUrl(tokens.tokenOf(chat)),
      );
    },

    /**
     * Whether a guest's real-time token still opens its channel: a chat's is its link's (`fam`, the
     * link secret's generation), so a reissued link's old connections end; support's always does.
     */
    isGuestLive: async (channel: string, generation: number | undefined): Promise<boolean> => {
      const m = /^chat:(\d{1,10})$/.exec(channel);
      if (!m) return true;
      const chat = await repo.chat(Number(m[1]));
      return chat?.kind === 'tourist' && generation === linkGeneration(chat.link_secret);
    },

    /** The request's chat link (its token), null while the traveller has not written about it. */
    linkOfRequest: async (requestId: number): Promise<string | null> => {
      const chatId = await repo.chatOfRequest(requestId);
      const chat = chatId ? await repo.chat(chatId) : null;
      return chat ? tokens.tokenOf(chat) : null;
    },

    /**
     * A new link for the request's chat (the caller checked the request is the user's): a new link
     * secret, so the old token answers 404 and its real-time connections end. Null: no chat yet.
     */
    reissueLinkOfRequest: async (requestId: number): Promise<string | null> => {
      const chatId = await repo.chatOfRequest(requestId);
      if (!chatId) return null;
      const chat = await repo.transaction(async (tx) => {
        await repo.lockChat(tx, chatId);
        return repo.updateChat(tx, chatId, { link_secret: newLinkSecret() });
      });
      deps.endGuests?.(chatChannel(chat.id));
      return tokens.tokenOf(chat);
    },

    /** GET /spa/chat/file: a file a message of the chat shows, or the traveller's own upload for it. */
    file: async (token: string, fileId: number) => {
      const chat = await chatOfToken(token);
      const file = await uploads.find(fileId);
      // their own upload opens before it is sent, and never once support deleted or hid its message
      const isTheirs =
        file?.bucket === chatBucket(chat.id) && file.user_id === null && !(await uploads.isWithdrawnFromChats(file.id));
      if (!file || !(isTheirs || (await repo.isFileShown(chat.id, fileId)))) throw AppError.notFound('file_not_found');
      const loaded = await uploads.load(file, undefined);
      if (!loaded) throw AppError.notFound('file_not_found');
      return loaded;
    },

    /**
     * GET /spa/chat/support-file: a file of any chat's message (deleted and hidden ones too) through
     * the signed link of support's message views; a link not signed, expired or of a file in no chat: 404.
     */
    supportFile: async (link: { id: number; exp: number; sig: string }) => {
      if (!tokens.isSupportFileLink(link) || !(await repo.isChatFile(link.id)))
        throw AppError.notFound('file_not_found');
      const file = await uploads.find(link.id);
      const loaded = file ? await uploads.load(file, undefined) : null;
      if (!loaded) throw AppError.notFound('file_not_found');
      return loaded;
    },
  };
};
export type ChatTravellerService = ReturnType<typeof createChatTravellerService>;
