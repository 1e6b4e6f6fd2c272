import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isBookingCanceled, type BookingStatus, type DomainEvent, type Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { internalContext, type ServiceContext } from '../../lib/context';
import type { Subscriber } from '../../lib/domain-events';
import type { Tenancy } from '../../lib/tenancy';
import type { Delivery, OutgoingMessage } from '../../lib/transports/index';
import type { MessengerReply } from '../chat';
import { hears } from './notification.audience';
import type { NotificationRepository } from './notification.repository';
import {
  canceledText,
  chatMessageText,
  crmLinks,
  languageOf,
  newRequestText,
  paymentText,
  REPLY_TEXTS,
  type ChatMessageData,
  type NoticeChannel,
  type NoticeText,
  type NotificationKind,
  type RequestSummary,
} from './notification.texts';

/** The subscriber name of the members' notifications (its cursor in domain_event_cursors). */
export const NOTIFICATION_SUBSCRIBER = 'notifications';

/**
 * Posts a provider's reply into a chat as that provider (a member of the chat's organizer): the
 * chat service's send. The context names the member (userId); the chat service checks access.
 */
export type PostChatReply = (ctx: ServiceContext, input: MessengerReply) => Promise<unknown>;

/** A file sent with a Telegram reply: a document, or a photo's largest size. */
export interface TelegramAttachment {
  /** Telegram's file_id (getFile reads it) */
  fileId: string;
  name: string;
  mime: string;
  /** bytes Telegram declares, 0 when it does not */
  size: number;
}

/** A Telegram message that answers another (the webhook's update.message with reply_to_message). */
export interface TelegramReply {
  /** the Telegram chat it was typed in */
  chatId: string;
  /** the Telegram message itself: delivered again (a webhook retried), it posts nothing more */
  messageId: number;
  /** the bot's message it answers */
  replyToMessageId: number;
  /** the text, or a file's caption */
  text: string | undefined;
  attachment?: TelegramAttachment;
}

/** What one domain event tells the members: its kind, what it is about, who acted (not told). */
interface Notice {
  /** the domain event's id (the outbox messages' meta names it) */
  id: number;
  kind: NotificationKind;
  organizer_id: number;
  request_id: number | null;
  chat_id: number | null;
  actor_user_id: number | null;
  data: Record<string, unknown>;
}

/**
 * Notifications (issue 17): a new request, a payment received, a cancellation and a traveller's
 * chat message reach the members of the organizer whose role covers them (issue 29,
 * notification.audience.ts; never the one whose own action it was) through
 * their linked Telegram and WhatsApp chats with notifications on, and their confirmed e-mail,
 * each with a link into the CRM, in the member's language. A subscriber of the domain events
 * (issue 23): each event it tells of becomes outbox messages in the delivery transaction that
 * moves its cursor (so exactly once), and the outbox delivery sends them with retries.
 */
export const createNotificationService = (deps: {
  repo: NotificationRepository;
  delivery: Delivery;
  tenancy: Tenancy;
  publicUrl: string;
  brandName: string;
  log: FastifyBaseLogger;
  /** the chat service's send, once the chat module is wired (the Telegram reply path posts through it) */
  postChatReply?: PostChatReply;
}) => {
  const { repo, delivery, tenancy, brandName, log } = deps;
  const links = crmLinks(deps.publicUrl);

  /** The texts of one notice for one member on one channel; null when it is not told (the request is gone). */
  const textOf = (
    event: Notice,
    request: RequestSummary | undefined,
    channel: NoticeChannel,
    lang: Language,
  ): NoticeText | null => {
    const kind = event.kind;
    if (kind === 'chat_message') {
      const data = event.data as Partial<ChatMessageData>;
      return chatMessageText(
        {
          author_name: String(data.author_name ?? ''),
          text: String(data.text ?? ''),
          attachment_name: typeof data.attachment_name === 'string' ? data.attachment_name : null,
          tour_name: typeof data.tour_name === 'string' ? data.tour_name : null,
          request_id: typeof data.request_id === 'number' ? data.request_id : null,
        },
        channel,
        lang,
        brandName,
        links.chat(event.organizer_id, event.chat_id ?? 0),
      );
    }
    if (!request) return null;
    const url = links.request(event.organizer_id, request.id);
    if (kind === 'new_request') return newRequestText(request, lang, brandName, url);
    if (kind === 'request_canceled') return canceledText(request, lang, brandName, url);
    if (kind === 'payment_received') {
      const data = event.data as { amount_minor?: unknown; currency?: unknown };
      return paymentText(
        request,
        {
          minor: typeof data.amount_minor === 'number' ? data.amount_minor : 0,
          currency: typeof data.currency === 'string' ? data.currency : request.currency,
        },
        lang,
        brandName,
        url,
      );
    }
    return null;
  };

  /** The outbox messages of one notice: per member (not its actor), each enabled messenger chat and the e-mail. */
  const messagesOf = async (tx: Db, event: Notice): Promise<OutgoingMessage[]> => {
    const request = event.request_id ? await repo.request(tx, event.request_id) : undefined;
    // the request moved to another organizer's hands is never told to this one's members
    if (request && request.organizer_id !== event.organizer_id) return [];
    // the notice's departures: a guide hears of its own departures' requests and chats only
    const departureIds =
      event.kind === 'chat_message' && event.chat_id
        ? await repo.chatDepartureIds(tx, event.chat_id)
        : request?.tour_date_id
          ? [request.tour_date_id]
          : [];
    const assigned = await repo.assignedDepartures(tx, event.organizer_id);
    const members = (await repo.members(tx, event.organizer_id)).filter(
      (m) =>
        m.id !== event.actor_user_id &&
        !m.blocked_at &&
        hears(m.role, event.kind, departureIds, assigned.get(m.id) ?? []),
    );
    const chats = await repo.chatsOf(
      tx,
      members.map((m) => m.id),
    );
    const out: OutgoingMessage[] = [];
    for (const member of members) {
      const lang = languageOf(member.language);
      const meta = {
        notification: {
          kind: event.kind,
          event_id: event.id,
          organizer_id: event.organizer_id,
          user_id: member.id,
          request_id: event.request_id,
          chat_id: event.chat_id,
        },
      };
      for (const chat of chats.filter((c) => c.user_id === member.id)) {
        const text = textOf(event, request, chat.source_type as NoticeChannel, lang);
        if (text)
          out.push({
            channel: chat.source_type as 'telegram' | 'whatsapp',
            recipient: chat.chat_id,
            body: text.body,
            meta,
          });
      }
      if (member.email && member.is_email_confirm) {
        const text = textOf(event, request, 'email', lang);
        if (text) out.push({ channel: 'email', recipient: member.email, subject: text.subject, body: text.body, meta });
      }
    }
    return out;
  };

  /** What a domain event tells the members, if anything (read in the delivery transaction). */
  const noticeOf = async (tx: Db, event: DomainEvent): Promise<Notice | null> => {
    if (event.organizerId === null) return null;
    const base = {
      id: event.id,
      organizer_id: event.organizerId,
      actor_user_id: event.actor.type === 'user' ? event.actor.user_id : null,
      chat_id: null,
      data: {},
    };
    switch (event.type) {
      case 'request.created':
        return { ...base, kind: 'new_request', request_id: event.payload.request_id };
      case 'request.status_changed':
        return isBookingCanceled(event.payload.status as BookingStatus)
          ? { ...base, kind: 'request_canceled', request_id: event.payload.request_id }
          : null;
      case 'payment.received':
        return {
          ...base,
          kind: 'payment_received',
          request_id: event.payload.request_id,
          data: {
            amount_minor: event.payload.amount_minor,
            currency: event.payload.currency,
            payment_id: event.payload.payment_id,
          },
        };
      case 'chat.message_posted': {
        // a traveller's message only: the members' own and support's are not news to them
        if (event.payload.author !== 'traveller') return null;
        const context = await repo.chatContext(tx, event.payload.chat_id);
        return {
          ...base,
          kind: 'chat_message',
          chat_id: event.payload.chat_id,
          request_id: context.request_id,
          data: {
            author_name: event.payload.author_name,
            text: event.payload.text,
            attachment_name: event.payload.attachment_name,
            tour_name: context.tour_name,
            request_id: context.request_id,
            message_id: event.payload.message_id,
          } satisfies ChatMessageData & { message_id: number },
        };
      }
      default:
        return null;
    }
  };

  /**
   * The subscriber (lib/domain-events.ts): each event becomes its outbox messages in the delivery
   * transaction `tx` (the same one that moves the cursor: exactly once); the delivery is started
   * once that has committed.
   */
  const subscriber: Subscriber = {
    name: NOTIFICATION_SUBSCRIBER,
    types: ['request.created', 'request.status_changed', 'payment.received', 'chat.message_posted'],
    handle: async (tx, event) => {
      const notice = await noticeOf(tx, event);
      if (!notice) return;
      const now = new Date();
      for (const message of await messagesOf(tx, notice)) await delivery.enqueue(message, { q: tx, now });
    },
    afterCommit: () => delivery.kick(),
  };

  /** The bot answers the member in their language; a failed answer changes nothing. */
  const botAnswer = async (chatId: string, text: string, replyTo: number): Promise<void> => {
    await delivery.telegramBot
      ?.sendMessage(chatId, text, { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } })
      .catch((err: unknown) => log.warn({ err }, 'notification: the bot could not answer a reply'));
  };

  return {
    subscriber,

    /**
     * The Telegram reply path: a text, photo or file sent in Telegram as a reply to a chat-message
     * notification the bot sent to this chat (the outbox keeps the provider's message id) is posted
     * into that chat as the member the notification was for, when the Telegram chat is still linked
     * to them and they are still a member of the chat's organizer; a file comes in progress and the
     * chat module receives it from Telegram in the background. The same Telegram message delivered
     * again posts nothing more. Answers false when the update is not such a reply (the webhook
     * handles it as before).
     */
    handleTelegramReply: async (reply: TelegramReply): Promise<boolean> => {
      const notice = await repo.telegramChatNotice(reply.chatId, String(reply.replyToMessageId));
      if (!notice) return false;
      const n = (notice.meta.notification ?? {}) as { user_id?: unknown; organizer_id?: unknown; chat_id?: unknown };
      const owner = await repo.telegramChatOwner(reply.chatId);
      if (
        !owner ||
        typeof n.user_id !== 'number' ||
        typeof n.organizer_id !== 'number' ||
        typeof n.chat_id !== 'number' ||
        owner.user_id !== n.user_id
      )
        return false;
      const texts = REPLY_TEXTS[languageOf(owner.language)];
      const text = reply.text?.trim() ?? '';
      const bot = delivery.telegramBot;
      const file = bot ? reply.attachment : undefined;
      if (!text && !file) {
        await botAnswer(reply.chatId, texts.empty, reply.replyToMessageId);
        return true;
      }
      if (!deps.postChatReply || !(await tenancy.isMember(owner.user_id, n.organizer_id))) {
        await botAnswer(reply.chatId, texts.failed, reply.replyToMessageId);
        return true;
      }
      const ctx = internalContext(owner.user_id, log, `telegram-reply-${crypto.randomUUID()}`);
      try {
        await deps.postChatReply(
          { ...ctx, lang: languageOf(owner.language), organizerId: n.organizer_id },
          {
            chatId: n.chat_id,
            text,
            clientId: `telegram:${reply.chatId}:${reply.messageId}`,
            ...(file && bot
              ? {
                  attachment: {
                    name: file.name,
                    mime: file.mime,
                    size: file.size,
                    fetch: (limits) => bot.downloadFile(file.fileId, limits),
                  },
                }
              : {}),
          },
        );
      } catch (err) {
        log.warn({ err, chat_id: n.chat_id, user_id: owner.user_id }, 'notification: a Telegram reply was not posted');
        await botAnswer(reply.chatId, texts.failed, reply.replyToMessageId);
        return true;
      }
      await botAnswer(reply.chatId, texts.posted, reply.replyToMessageId);
      return true;
    },
  };
};
export type NotificationService = ReturnType<typeof createNotificationService>;
