import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatRequests,
  chats,
  guides,
  messengerChats,
  organizerMembers,
  outboxMessages,
  requests,
  tourDateGuides,
  tours,
  users,
} from '../../db/schema/index';
import type { RequestSummary } from './notification.texts';

/** The messenger kinds notifications go to (the transports that deliver codes too). */
export const NOTIFIED_MESSENGERS = ['telegram', 'whatsapp'] as const;

export const createNotificationRepository = (db: Db) => ({
  db,
  /** The request and tour a chat is about (its first request; the chat's tour). */
  chatContext: async (q: Db, chatId: number): Promise<{ request_id: number | null; tour_name: string | null }> => {
    const [chat] = await q
      .select({ tour_name: tours.name })
      .from(chats)
      .leftJoin(tours, eq(tours.id, chats.tour_id))
      .where(eq(chats.id, chatId));
    const [link] = await q
      .select({ request_id: chatRequests.request_id })
      .from(chatRequests)
      .where(eq(chatRequests.chat_id, chatId))
      .orderBy(asc(chatRequests.request_id))
      .limit(1);
    return { request_id: link?.request_id ?? null, tour_name: chat?.tour_name ?? null };
  },

  /** The organizer's members with what notifying them needs. */
  members: (q: Db, organizerId: number) =>
    q
      .select({
        id: users.id,
        email: users.email,
        is_email_confirm: users.is_email_confirm,
        language: users.language,
        blocked_at: users.blocked_at,
        role: organizerMembers.role,
      })
      .from(organizerMembers)
      .innerJoin(users, eq(users.id, organizerMembers.user_id))
      .where(eq(organizerMembers.organizer_id, organizerId))
      .orderBy(asc(users.id)),

  /** The members' linked Telegram and WhatsApp chats with notifications on. */
  chatsOf: (q: Db, userIds: number[]) =>
    userIds.length === 0
      ? Promise.resolve([])
      : q
          .select({
            user_id: messengerChats.user_id,
            source_type: messengerChats.source_type,
            chat_id: messengerChats.chat_id,
          })
          .from(messengerChats)
          .where(
            and(
              inArray(messengerChats.user_id, userIds),
              eq(messengerChats.notifications_enabled, true),
              inArray(messengerChats.source_type, [...NOTIFIED_MESSENGERS]),
            ),
          )
          .orderBy(asc(messengerChats.id)),

  /** The departures a chat's requests are on (a guide hears of the chats of its departures only). */
  chatDepartureIds: async (q: Db, chatId: number): Promise<number[]> =>
    (
      await q
        .select({ id: requests.tour_date_id })
        .from(chatRequests)
        .innerJoin(requests, eq(requests.id, chatRequests.request_id))
        .where(and(eq(chatRequests.chat_id, chatId), isNotNull(requests.tour_date_id)))
    ).map((r) => r.id!),

  /** The departures each member of the organizer is assigned to as a guide (user id → tour_date ids). */
  assignedDepartures: async (q: Db, organizerId: number): Promise<Map<number, number[]>> => {
    const rows = await q
      .select({ user_id: guides.user_id, tour_date_id: tourDateGuides.tour_date_id })
      .from(tourDateGuides)
      .innerJoin(guides, eq(guides.id, tourDateGuides.guide_id))
      .where(and(eq(guides.organizer_id, organizerId), isNotNull(guides.user_id)));
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.user_id!, [...(out.get(r.user_id!) ?? []), r.tour_date_id]);
    return out;
  },

  request: async (
    q: Db,
    id: number,
  ): Promise<(RequestSummary & { created_by_user_id: number | null; tour_date_id: number | null }) | undefined> =>
    (
      await q
        .select({
          id: requests.id,
          organizer_id: requests.organizer_id,
          tour_name: tours.name,
          date_start: requests.date_start,
          date_end: requests.date_end,
          tourists_count: requests.tourists_count,
          customer_name: requests.customer_name,
          customer_phone: requests.customer_phone,
          customer_email: requests.customer_email,
          total_minor: requests.total_minor,
          paid_minor: requests.paid_minor,
          currency: requests.currency,
          status: requests.status,
          cancel_message: requests.cancel_message,
          created_by_user_id: requests.created_by_user_id,
          tour_date_id: requests.tour_date_id,
        })
        .from(requests)
        .leftJoin(tours, eq(tours.id, requests.tour_id))
        .where(eq(requests.id, id))
        .limit(1)
    )[0],

  /**
   * The chat-message notification the bot sent as `messageId` to Telegram chat `chatId` (the
   * outbox keeps the provider's message id), with whom it was for.
   */
  telegramChatNotice: async (chatId: string, messageId: string) =>
    (
      await db
        .select({ id: outboxMessages.id, meta: outboxMessages.meta })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.channel, 'telegram'),
            eq(outboxMessages.recipient, chatId),
            sql`${outboxMessages.meta}->>'provider_id' = ${messageId}`,
            sql`${outboxMessages.meta}->'notification'->>'kind' = 'chat_message'`,
          ),
        )
        .orderBy(desc(outboxMessages.id))
        .limit(1)
    )[0],

  /** The user a Telegram chat is linked to now, with their language. */
  telegramChatOwner: async (chatId: string) =>
    (
      await db
        .select({ user_id: messengerChats.user_id, language: users.language })
        .from(messengerChats)
        .innerJoin(users, eq(users.id, messengerChats.user_id))
        .where(and(eq(messengerChats.source_type, 'telegram'), eq(messengerChats.chat_id, chatId)))
        .limit(1)
    )[0],
});
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
