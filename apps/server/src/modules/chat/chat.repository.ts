import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUS, UPLOAD_STATUS } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { selectMessages, type MessageRow } from './chat-message.columns';
import {
  chatMessages,
  chatRequests,
  chats,
  files,
  guides,
  organizerMembers,
  organizers,
  partnerSites,
  requests,
  tourDateGuides,
  tours,
  users,
} from '../../db/schema/index';

export type ChatRow = typeof chats.$inferSelect;
/** Chats about a request on one of these departures. */
const onDepartures = (tourDateIds: readonly number[]): SQL =>
  sql`${chats.id} IN (SELECT ${chatRequests.chat_id} FROM ${chatRequests} JOIN ${requests} ON ${requests.id} = ${chatRequests.request_id} WHERE ${requests.tour_date_id} = any(${sql.param([...tourDateIds, 0])}::int[]))`;
/** The first canceled status (BOOKING_STATUS: canceled by the tourist, the author, the system, support). */
const CANCELED_FROM = BOOKING_STATUS.canceled_by_tourist;
export type ChatInsert = typeof chats.$inferInsert;
export type { MessageRow };
type MessageInsert = typeof chatMessages.$inferInsert;

export interface MessagePage {
  beforeId?: number;
  afterId?: number;
  offset: number;
  limit: number;
}

/** The queries of chats. Each write takes the executor: the pool, or the caller's transaction. */
export const createChatRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  chat: async (id: number, q: Db = db): Promise<ChatRow | null> =>
    (await q.select().from(chats).where(eq(chats.id, id)))[0] ?? null,

  /** The chat's row, locked until the transaction ends: its messages and read marks change one writer at a time. */
  lockChat: async (tx: Db, id: number): Promise<ChatRow | null> =>
    (await tx.select().from(chats).where(eq(chats.id, id)).for('update'))[0] ?? null,

  insertChat: async (q: Db, values: ChatInsert): Promise<ChatRow> =>
    (await q.insert(chats).values(values).returning())[0]!,

  updateChat: async (q: Db, id: number, values: Partial<ChatInsert>): Promise<ChatRow> =>
    (await q.update(chats).set(values).where(eq(chats.id, id)).returning())[0]!,

  /** A page of chats (of an organizer, or of every organizer), the last written to first, and how many there are. */
  chatPage: async (
    where: { organizerId?: number; kind?: string; tourDateIds?: readonly number[] },
    page: { limit: number; offset: number },
  ): Promise<{ rows: ChatRow[]; total: number }> => {
    const conditions: SQL[] = [];
    if (where.organizerId !== undefined) conditions.push(eq(chats.organizer_id, where.organizerId));
    if (where.tourDateIds) conditions.push(onDepartures(where.tourDateIds));
    if (where.kind !== undefined) conditions.push(eq(chats.kind, where.kind));
    const filter = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(chats)
        .where(filter)
        .orderBy(desc(chats.updated_at), desc(chats.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(chats).where(filter),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The users assigned as guides to the departures of a chat's requests (who of the guides hears of it). */
  guideUsersOf: async (q: Db, chatId: number): Promise<number[]> =>
    (
      await q
        .selectDistinct({ id: guides.user_id })
        .from(chatRequests)
        .innerJoin(requests, eq(requests.id, chatRequests.request_id))
        .innerJoin(tourDateGuides, eq(tourDateGuides.tour_date_id, requests.tour_date_id))
        .innerJoin(guides, eq(guides.id, tourDateGuides.guide_id))
        .where(and(eq(chatRequests.chat_id, chatId), isNotNull(guides.user_id)))
    ).map((r) => r.id!),

  /** Unread messages of the organizer's chats; `tourDateIds`: of those on these departures only (a guide's reach). */
  unreadSum: async (organizerId: number, tourDateIds?: readonly number[] | null): Promise<number> =>
    (
      await db
        .select({ n: sql<number>`coalesce(sum(${chats.organizer_unread}), 0)::int` })
        .from(chats)
        .where(and(eq(chats.organizer_id, organizerId), tourDateIds ? onDepartures(tourDateIds) : undefined))
    )[0]!.n,

  supportChat: async (organizerId: number, siteId: number): Promise<ChatRow | null> =>
    (
      await db
        .select()
        .from(chats)
        .where(and(eq(chats.organizer_id, organizerId), eq(chats.site_id, siteId), eq(chats.kind, 'support')))
    )[0] ?? null,

  chatOfRequest: async (requestId: number, q: Db = db): Promise<number | null> =>
    (await q.select({ id: chatRequests.chat_id }).from(chatRequests).where(eq(chatRequests.request_id, requestId)))[0]
      ?.id ?? null,

  linkRequest: (q: Db, chatId: number, requestId: number) =>
    q.insert(chatRequests).values({ chat_id: chatId, request_id: requestId }).onConflictDoNothing(),

  /** Whether the chat is about requests and every one of them is canceled (its traveller writes no more). */
  isEveryRequestCanceled: async (chatId: number): Promise<boolean> => {
    const [row] = await db
      .select({
        n: count(),
        open: sql<number>`count(*) FILTER (WHERE ${requests.status} < ${CANCELED_FROM})::int`,
      })
      .from(chatRequests)
      .innerJoin(requests, eq(requests.id, chatRequests.request_id))
      .where(eq(chatRequests.chat_id, chatId));
    return (row?.n ?? 0) > 0 && row?.open === 0;
  },

  /** Whether the chat is about a request on one of these departures (a guide's reach, issue 29). */
  isOnDepartures: async (chatId: number, tourDateIds: readonly number[]): Promise<boolean> =>
    (
      await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, chatId), onDepartures(tourDateIds)))
    ).length > 0,

  /** The request ids of each chat, oldest first. */
  requestIdsOf: async (chatIds: number[]): Promise<Map<number, number[]>> => {
    const out = new Map<number, number[]>();
    if (!chatIds.length) return out;
    const rows = await db
      .select({ chat_id: chatRequests.chat_id, request_id: chatRequests.request_id })
      .from(chatRequests)
      .where(inArray(chatRequests.chat_id, chatIds))
      .orderBy(asc(chatRequests.request_id));
    for (const r of rows) out.set(r.chat_id, [...(out.get(r.chat_id) ?? []), r.request_id]);
    return out;
  },

  /** list-for-chat: the chat's requests with their tours, oldest first. */
  requestsOf: (chatId: number) =>
    db
      .select({
        id: requests.id,
        status: requests.status,
        tour_id: tours.id,
        tour_name: tours.name,
        date_start: requests.date_start,
        date_end: requests.date_end,
        tourists_count: requests.tourists_count,
        customer_name: requests.customer_name,
        customer_email: requests.customer_email,
        created_at: requests.created_at,
      })
      .from(chatRequests)
      .innerJoin(requests, eq(requests.id, chatRequests.request_id))
      .leftJoin(tours, eq(tours.id, requests.tour_id))
      .where(eq(chatRequests.chat_id, chatId))
      .orderBy(asc(requests.id)),

  requestByUuid: async (uuid: string) =>
    (
      await db
        .select({
          id: requests.id,
          organizer_id: requests.organizer_id,
          tour_id: requests.tour_id,
          customer_name: requests.customer_name,
          customer_email: requests.customer_email,
          status: requests.status,
        })
        .from(requests)
        .where(eq(requests.uuid, uuid))
    )[0] ?? null,

  namesOf: async (table: 'tours' | 'sites' | 'organizers', ids: number[]): Promise<Map<number, string>> => {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const t = table === 'tours' ? tours : table === 'sites' ? partnerSites : organizers;
    const rows = await db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, unique));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  tour: async (id: number) =>
    (
      await db
        .select({ id: tours.id, organizer_id: tours.organizer_id, name: tours.name })
        .from(tours)
        .where(eq(tours.id, id))
    )[0] ?? null,
  organizer: async (id: number) =>
    (await db.select({ id: organizers.id, name: organizers.name }).from(organizers).where(eq(organizers.id, id)))[0] ??
    null,
  site: async (id: number) =>
    (
      await db
        .select({ id: partnerSites.id, name: partnerSites.name })
        .from(partnerSites)
        .where(eq(partnerSites.id, id))
    )[0] ?? null,
  /** The user's first organizer (SPEC §6: the active one when no other is named). */
  firstOrganizerOf: async (userId: number): Promise<number | null> =>
    (
      await db
        .select({ id: organizerMembers.organizer_id })
        .from(organizerMembers)
        .where(eq(organizerMembers.user_id, userId))
        .orderBy(asc(organizerMembers.organizer_id))
        .limit(1)
    )[0]?.id ?? null,
  userName: async (userId: number): Promise<string> => {
    const u = (await db.select({ f: users.first_name, l: users.last_name }).from(users).where(eq(users.id, userId)))[0];
    return u ? [u.f, u.l].filter(Boolean).join(' ') : '';
  },

  file: async (id: number, q: Db = db) => (await q.select().from(files).where(eq(files.id, id)))[0] ?? null,
  /** The organizer's file now (an upload of a member not yet given to an organizer). */
  attachFile: (q: Db, fileId: number, organizerId: number) =>
    q
      .update(files)
      .set({ organizer_id: organizerId })
      .where(and(eq(files.id, fileId), isNull(files.organizer_id))),
  /** A file row made before its bytes (a messenger's attachment, in progress): the bytes' columns come later. */
  insertPendingFile: async (
    q: Db,
    values: { organizer_id: number; user_id: number; name: string; mime: string; size: number },
  ): Promise<number> =>
    (
      await q
        .insert(files)
        .values({
          organizer_id: values.organizer_id,
          user_id: values.user_id,
          kind: 'file',
          storage_key: '',
          original_name: values.name,
          mime: values.mime,
          size: values.size,
          is_public: false,
          download_status: UPLOAD_STATUS.in_progress,
        })
        .returning({ id: files.id })
    )[0]!.id,
  deleteFile: (q: Db, fileId: number) => q.delete(files).where(eq(files.id, fileId)),
  /**
   * Ends an in-progress file: received (its bytes' columns) or failed. Only one end wins: answers
   * false when the file was no longer in progress (the stale sweep, or another end, came first).
   */
  endDownload: async (
    q: Db,
    fileId: number,
    end: { download_status: number } & Partial<typeof files.$inferInsert>,
  ): Promise<boolean> =>
    (
      await q
        .update(files)
        .set(end)
        .where(and(eq(files.id, fileId), eq(files.download_status, UPLOAD_STATUS.in_progress)))
        .returning({ id: files.id })
    ).length === 1,
  /** Fails every file in progress since before `before` (a download its node lost); answers their ids. */
  failDownloadsBefore: async (q: Db, before: Date): Promise<number[]> =>
    (
      await q
        .update(files)
        .set({ download_status: UPLOAD_STATUS.fail })
        .where(and(eq(files.download_status, UPLOAD_STATUS.in_progress), lt(files.created_at, before)))
        .returning({ id: files.id })
    ).map((r) => r.id),
  /** The messages (with their chats' organizers) that carry a file. */
  messagesOfFile: (q: Db, fileId: number) =>
    q
      .select({ id: chatMessages.id, chat_id: chatMessages.chat_id, organizer_id: chats.organizer_id })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chat_id))
      .where(eq(chatMessages.file_id, fileId)),
  /** Whether a message of the chat shows the file (not deleted, not moderated). */
  isFileShown: async (chatId: number, fileId: number): Promise<boolean> =>
    (
      await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chat_id, chatId),
            eq(chatMessages.file_id, fileId),
            isNull(chatMessages.deleted_at),
            isNull(chatMessages.moderated_at),
          ),
        )
        .limit(1)
    ).length === 1,

  /** Whether a message of some chat (deleted and hidden ones too) carries the file. */
  isChatFile: async (fileId: number): Promise<boolean> =>
    (await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.file_id, fileId)).limit(1))
      .length === 1,

  message: async (id: number, q: Db = db): Promise<MessageRow | null> =>
    (await selectMessages(q).where(eq(chatMessages.id, id)))[0] ?? null,
  messagesByIds: async (ids: number[]): Promise<Map<number, MessageRow>> => {
    if (!ids.length) return new Map();
    const rows = await selectMessages(db).where(inArray(chatMessages.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },
  messageByClientId: async (q: Db, chatId: number, author: string, clientId: string): Promise<MessageRow | null> =>
    (
      await selectMessages(q).where(
        and(eq(chatMessages.chat_id, chatId), eq(chatMessages.author, author), eq(chatMessages.client_id, clientId)),
      )
    )[0] ?? null,

  /**
   * A page of a chat's messages in the order written, and whether there are more beyond it: the
   * newest `limit` before `beforeId` (after skipping `offset`), or the oldest `limit` after `afterId`.
   * `withoutNotes`: the organizer's notes left out (the traveller's pages).
   */
  messagePage: async (
    chatId: number,
    page: MessagePage,
    opts: { withoutNotes?: boolean } = {},
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> => {
    const forward = page.afterId !== undefined;
    const rows = await selectMessages(db)
      .where(
        and(
          eq(chatMessages.chat_id, chatId),
          opts.withoutNotes ? ne(chatMessages.author, 'note') : undefined,
          forward ? gt(chatMessages.id, page.afterId!) : undefined,
          page.beforeId !== undefined ? lt(chatMessages.id, page.beforeId) : undefined,
        ),
      )
      .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const hasMore = rows.length > page.limit;
    const shown = rows.slice(0, page.limit);
    return { rows: forward ? shown : shown.reverse(), hasMore };
  },

  insertMessage: async (q: Db, values: MessageInsert): Promise<number> =>
    (await q.insert(chatMessages).values(values).returning({ id: chatMessages.id }))[0]!.id,
  updateMessage: (q: Db, id: number, values: Partial<MessageInsert>) =>
    q.update(chatMessages).set(values).where(eq(chatMessages.id, id)),
  /** The newest message id of a chat up to now (the read mark mark-as-read sets). */
  lastMessageId: async (q: Db, chatId: number): Promise<number> =>
    (
      await q
        .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.chat_id, chatId))
    )[0]!.id,
});
export type ChatRepository = ReturnType<typeof createChatRepository>;
