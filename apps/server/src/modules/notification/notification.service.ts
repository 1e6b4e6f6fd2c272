import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isBookingCanceled, type BookingStatus, type Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { internalContext, type ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { Delivery, OutgoingMessage } from '../../lib/transports/index';
import { recordNotificationEvent } from './notification-events';
import type { NotificationEventRow, NotificationRepository } from './notification.repository';
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

/** How often server.ts runs the dispatcher (events recorded inside other transactions wait for it). */
export const NOTIFICATION_SWEEP_INTERVAL_MS = 15_000;
const BATCH = 20;
const MAX_BATCHES = 25;

/**
 * A traveller's new chat message, as the chat service hands it over after its transaction has
 * committed: everything the notification shows, so nothing of the chat's tables is read here.
 */
export interface ChatMessageNotice {
  organizerId: number;
  chatId: number;
  /** the message's id: one notification per message, however often this is called */
  messageId: number;
  /** the traveller's name as the chat shows it */
  authorName: string;
  /** the text ('' for an attachment alone) */
  text: string;
  /** an attachment's file name */
  attachmentName?: string | null;
  /** the request and tour the chat belongs to, when it does */
  requestId?: number | null;
  tourName?: string | null;
}

/**
 * Posts a provider's reply into a chat as that provider (a member of the chat's organizer): the
 * chat service's send. The context names the member (userId); the chat service checks access.
 */
export type PostChatReply = (ctx: ServiceContext, input: { chatId: number; text: string }) => Promise<unknown>;

/** A Telegram message that answers another (the webhook's update.message with reply_to_message). */
export interface TelegramReply {
  /** the Telegram chat it was typed in */
  chatId: string;
  /** the bot's message it answers */
  replyToMessageId: number;
  text: string | undefined;
}

/** The payload of a request event the request core and the payment sweeps publish. */
const requestChangeOf = (payload: unknown): { request_id: number; organizer_id: number; status: number } | null => {
  const p = payload as { request_id?: unknown; organizer_id?: unknown; status?: unknown } | null;
  return p && typeof p.request_id === 'number' && typeof p.organizer_id === 'number' && typeof p.status === 'number'
    ? { request_id: p.request_id, organizer_id: p.organizer_id, status: p.status }
    : null;
};

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Notifications (issue 17): a new request, a payment received, a cancellation and a traveller's
 * chat message reach every member of the organizer (but the one whose own action it was) through
 * their linked Telegram and WhatsApp chats with notifications on, and their confirmed e-mail,
 * each with a link into the CRM, in the member's language. Events are recorded first
 * (notification_events, once per dedupe key); the dispatcher turns each into outbox messages in
 * one transaction and the delivery sends them with retries. Nothing here blocks the caller.
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

  // Work started by a hook runs in the background; close waits for it.
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  // while the demo is seeded nothing is told: its history is not news
  let muted = false;
  const track = (p: Promise<unknown>): void => {
    const tracked = p.catch((err: unknown) => log.error({ err }, 'notification: recording an event failed'));
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  };

  /** The texts of one event for one member on one channel; null when it is not told (the request is gone). */
  const textOf = (
    event: NotificationEventRow,
    request: RequestSummary | undefined,
    channel: NoticeChannel,
    lang: Language,
  ): NoticeText | null => {
    const kind = event.kind as NotificationKind;
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

  /** The outbox messages of one event: per member (not its actor), each enabled messenger chat and the e-mail. */
  const messagesOf = async (tx: Db, event: NotificationEventRow): Promise<OutgoingMessage[]> => {
    const request = event.request_id ? await repo.request(tx, event.request_id) : undefined;
    // the request moved to another organizer's hands is never told to this one's members
    if (request && request.organizer_id !== event.organizer_id) return [];
    const members = (await repo.members(tx, event.organizer_id)).filter(
      (m) => m.id !== event.actor_user_id && !m.blocked_at,
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

  /**
   * Turns recorded events into outbox messages: a batch at a time, each batch in one transaction
   * holding its events (FOR UPDATE SKIP LOCKED: two nodes never dispatch one twice), each event
   * in a savepoint (one that fails is marked with its error, the others go on). Then the delivery
   * is started for what was queued.
   */
  const dispatch = async (now: Date = new Date()): Promise<{ events: number; messages: number }> => {
    if (muted) return { events: 0, messages: 0 };
    let events = 0;
    let messages = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claimed = await repo.transaction(async (tx) => {
        const rows = await repo.claimPending(tx, BATCH);
        for (const event of rows) {
          try {
            const queued = await tx.transaction(async (inner) => {
              const sp = inner as unknown as Db;
              const list = await messagesOf(sp, event);
              for (const message of list) await delivery.enqueue(message, { q: sp, now });
              return list.length;
            });
            messages += queued;
            await repo.markDispatched(tx, event.id, now);
          } catch (err) {
            log.error({ err, notification_event_id: event.id }, 'notification: an event could not be dispatched');
            await repo.markDispatched(tx, event.id, now, errorText(err));
          }
        }
        return rows.length;
      });
      events += claimed;
      if (claimed < BATCH) break;
    }
    if (messages > 0) delivery.kick();
    return { events, messages };
  };

  // A dispatch started by a hook, in the background; another hook meanwhile asks for one more.
  let dispatching: Promise<void> | null = null;
  let again = false;
  const kickDispatch = (): void => {
    if (closed) return;
    if (dispatching) {
      again = true;
      return;
    }
    dispatching = (async () => {
      do {
        again = false;
        try {
          await dispatch(new Date());
        } catch (err) {
          log.error({ err }, 'notification dispatch failed; the sweep tries again');
        }
      } while (again && !closed);
    })().finally(() => {
      dispatching = null;
    });
  };

  const record = async (event: Parameters<typeof recordNotificationEvent>[1]): Promise<void> => {
    if (await recordNotificationEvent(repo.db, event)) kickDispatch();
  };

  /** What a request change means for the members: a new request, or its cancellation (once). */
  const requestChanged = async (
    kind: 'new_request' | 'request_canceled',
    change: { request_id: number; organizer_id: number; status: number },
  ) => {
    const request = await repo.request(repo.db, change.request_id);
    if (!request || request.organizer_id !== change.organizer_id) return;
    const actorUserId =
      kind === 'new_request' ? request.created_by_user_id : await repo.statusActor(repo.db, request.id, request.status);
    await record({
      kind,
      organizerId: request.organizer_id,
      requestId: request.id,
      actorUserId,
      dedupeKey: `${kind}:${request.id}`,
    });
  };

  /** The bot answers the member in their language; a failed answer changes nothing. */
  const botAnswer = async (chatId: string, text: string, replyTo: number): Promise<void> => {
    await delivery.telegramBot
      ?.sendMessage(chatId, text, { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } })
      .catch((err: unknown) => log.warn({ err }, 'notification: the bot could not answer a reply'));
  };

  return {
    /**
     * Hook of the realtime publish the request core and the payment sweeps are given (app.ts):
     * `new_request_in_crm` is a new request; `request_in_crm_update_status` into a canceled status
     * is a cancellation (recorded once per request, however often the status is published again).
     * Returns at once; the work runs in the background.
     */
    onPublished: (event: string, payload: unknown): void => {
      if (closed || muted) return;
      const change = requestChangeOf(payload);
      if (!change) return;
      if (event === 'new_request_in_crm') track(requestChanged('new_request', change));
      else if (event === 'request_in_crm_update_status' && isBookingCanceled(change.status as BookingStatus))
        track(requestChanged('request_canceled', change));
    },

    /**
     * A traveller wrote in a chat: the organizer's members are told (messenger chats and e-mail,
     * a link to the chat; a reply typed to the Telegram notification is posted into the chat).
     * Call it after the message's transaction has committed; once per message id. Never throws:
     * a failure is logged, the message itself stands.
     */
    chatMessage: async (notice: ChatMessageNotice): Promise<void> => {
      try {
        await record({
          kind: 'chat_message',
          organizerId: notice.organizerId,
          requestId: notice.requestId ?? null,
          chatId: notice.chatId,
          data: {
            author_name: notice.authorName,
            text: notice.text,
            attachment_name: notice.attachmentName ?? null,
            tour_name: notice.tourName ?? null,
            request_id: notice.requestId ?? null,
            message_id: notice.messageId,
          } satisfies ChatMessageData & { message_id: number },
          dedupeKey: `chat_message:${notice.messageId}`,
        });
      } catch (err) {
        log.error(
          { err, chat_id: notice.chatId, message_id: notice.messageId },
          'notification: chat message not recorded',
        );
      }
    },

    dispatch,

    /**
     * Runs `fn` (the demo seed) telling nobody: hooks record nothing meanwhile, and the events
     * recorded inside its transactions (payments) are closed afterwards without a message.
     */
    whileSeeding: async <T>(fn: () => Promise<T>, now: Date = new Date()): Promise<T> => {
      muted = true;
      try {
        while (inFlight.size > 0 || dispatching) {
          await Promise.all([...inFlight]);
          if (dispatching) await dispatching;
        }
        return await fn();
      } finally {
        await repo.closePending(now, 'not told: recorded while the demo was seeded');
        muted = false;
      }
    },

    /**
     * The Telegram reply path: a text typed in Telegram as a reply to a chat-message notification
     * the bot sent to this chat (the outbox keeps the provider's message id) is posted into that
     * chat as the member the notification was for, when the Telegram chat is still linked to them
     * and they are still a member of the chat's organizer. Answers false when the update is not
     * such a reply (the webhook handles it as before).
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
      if (!text) {
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

    /** Resolves once no hook work or background dispatch is in flight (tests; shutdown). */
    idle: async (): Promise<void> => {
      while (inFlight.size > 0 || dispatching) {
        await Promise.all([...inFlight]);
        if (dispatching) await dispatching;
      }
    },

    close: async (): Promise<void> => {
      closed = true;
      while (inFlight.size > 0 || dispatching) {
        await Promise.all([...inFlight]);
        if (dispatching) await dispatching;
      }
    },
  };
};
export type NotificationService = ReturnType<typeof createNotificationService>;
