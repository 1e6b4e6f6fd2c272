import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundEmails, requestTourists, requests } from '../../db/schema/index';

export type InboundEmailRow = typeof inboundEmails.$inferSelect;

/** What the inbound e-mail (a traveller's reply to a message) reads and writes beside the chat's own. */
export const createChatInboundRepository = (db: Db) => ({
  /** What an inbound e-mail needs of the request its reply address names. */
  requestForInbound: async (id: number, q: Db = db) =>
    (
      await q
        .select({
          id: requests.id,
          organizer_id: requests.organizer_id,
          tour_id: requests.tour_id,
          customer_name: requests.customer_name,
          customer_email: requests.customer_email,
          status: requests.status,
        })
        .from(requests)
        .where(eq(requests.id, id))
    )[0] ?? null,

  /** The e-mail addresses of the request's tourists (those given), lower-case. */
  touristEmailsOf: async (requestId: number, q: Db = db): Promise<string[]> =>
    (
      await q
        .select({ email: sql<string>`lower(trim(${requestTourists.email}))` })
        .from(requestTourists)
        .where(and(eq(requestTourists.request_id, requestId), ne(requestTourists.email, '')))
    ).map((r) => r.email),

  /** Stores an inbound e-mail; null when the request has that Message-ID already (a delivery again). */
  insertInboundEmail: async (q: Db, values: typeof inboundEmails.$inferInsert): Promise<number | null> =>
    (await q.insert(inboundEmails).values(values).onConflictDoNothing().returning({ id: inboundEmails.id }))[0]?.id ??
    null,
  inboundEmail: async (q: Db, requestId: number, messageId: string): Promise<InboundEmailRow | null> =>
    (
      await q
        .select()
        .from(inboundEmails)
        .where(and(eq(inboundEmails.request_id, requestId), eq(inboundEmails.message_id, messageId)))
    )[0] ?? null,
});
export type ChatInboundRepository = ReturnType<typeof createChatInboundRepository>;
