import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { meetDataTemplates, requestMeetDataSends, users } from '../../db/schema/index';

export type MeetDataTemplateRow = typeof meetDataTemplates.$inferSelect;
export type MeetDataSendRow = typeof requestMeetDataSends.$inferSelect & { sent_by_name: string };
type NewSend = Omit<typeof requestMeetDataSends.$inferInsert, 'id'>;

/** A user's name as the request page shows it: given and family name, else the e-mail. */
const senderName = (u: { first_name: string | null; last_name: string | null; email: string | null } | null): string =>
  u ? [u.first_name, u.last_name].filter((p) => p && p.trim()).join(' ') || (u.email ?? '') : '';

const queries = (db: Db) => ({
  /** The organizer's meet-data templates, oldest first. */
  templates: (organizerId: number): Promise<MeetDataTemplateRow[]> =>
    db
      .select()
      .from(meetDataTemplates)
      .where(eq(meetDataTemplates.organizer_id, organizerId))
      .orderBy(asc(meetDataTemplates.id)),
  template: async (id: number): Promise<MeetDataTemplateRow | null> =>
    (await db.select().from(meetDataTemplates).where(eq(meetDataTemplates.id, id)).limit(1))[0] ?? null,
  /** The request's sends, newest first, with the sender's name. */
  sends: async (requestId: number): Promise<MeetDataSendRow[]> =>
    (
      await db
        .select({
          send: requestMeetDataSends,
          first_name: users.first_name,
          last_name: users.last_name,
          email: users.email,
        })
        .from(requestMeetDataSends)
        .leftJoin(users, eq(users.id, requestMeetDataSends.sent_by))
        .where(eq(requestMeetDataSends.request_id, requestId))
        .orderBy(desc(requestMeetDataSends.sent_at), desc(requestMeetDataSends.id))
    ).map((r) => ({ ...r.send, sent_by_name: senderName(r.send.sent_by === null ? null : r) })),
  /** When the request's meet data was last sent; null when never. */
  lastSentAt: async (requestId: number): Promise<Date | null> =>
    (
      await db
        .select({ sent_at: requestMeetDataSends.sent_at })
        .from(requestMeetDataSends)
        .where(eq(requestMeetDataSends.request_id, requestId))
        .orderBy(desc(requestMeetDataSends.sent_at))
        .limit(1)
    )[0]?.sent_at ?? null,
  insert: async (values: NewSend): Promise<typeof requestMeetDataSends.$inferSelect> =>
    (await db.insert(requestMeetDataSends).values(values).returning())[0]!,
  /** Keeps the addresses the mail went to (some were refused). */
  setEmails: async (id: number, emails: string[]): Promise<void> => {
    await db.update(requestMeetDataSends).set({ emails }).where(eq(requestMeetDataSends.id, id));
  },
  /** Forgets a send none of whose mails went out (so it can be sent again at once). */
  remove: async (id: number): Promise<void> => {
    await db.delete(requestMeetDataSends).where(eq(requestMeetDataSends.id, id));
  },
  senderName: async (userId: number): Promise<string> =>
    senderName(
      (
        await db
          .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1)
      )[0] ?? null,
    ),
});
export type RequestMeetDataQueries = ReturnType<typeof queries>;

/** What sending meet data reads and writes: the organizer's templates and the request's sends. */
export const createRequestMeetDataRepository = (db: Db) => ({
  ...queries(db),
  /** fn in one transaction, with the transaction's handle (to lock the request's row) and its queries. */
  transaction: <T>(fn: (tx: Db, repo: RequestMeetDataQueries) => Promise<T>): Promise<T> =>
    db.transaction((raw) => {
      const tx = raw as unknown as Db;
      return fn(tx, queries(tx));
    }),
});
export type RequestMeetDataRepository = ReturnType<typeof createRequestMeetDataRepository>;
