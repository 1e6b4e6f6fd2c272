import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberRoleSql } from '../../lib/tenancy';
import { checkoutSessions, requestChanges, requests, users } from '../../db/schema/index';

/** A booking's changes (issue 26): its history rows and the extras' stock its departure has given out. */
export const createBookingChangeRepository = (db: Db) => ({
  insertChange: (q: Db, values: typeof requestChanges.$inferInsert) => q.insert(requestChanges).values(values),

  changes: (requestId: number) =>
    db
      .select({
        id: requestChanges.id,
        user_id: requestChanges.user_id,
        what: requestChanges.what,
        before: requestChanges.before,
        after: requestChanges.after,
        created_at: requestChanges.created_at,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
        role: memberRoleSql(requests.organizer_id, requestChanges.user_id),
      })
      .from(requestChanges)
      .innerJoin(requests, eq(requests.id, requestChanges.request_id))
      .leftJoin(users, eq(users.id, requestChanges.user_id))
      .where(eq(requestChanges.request_id, requestId))
      .orderBy(desc(requestChanges.id)),

  /**
   * How many of an extra the departure's other requests hold: those holding seats there (a hold
   * or a firm booking), so a stock goes back with the seats, whatever gives them back. Read under
   * the departure's row lock (request-seats.ts), as seats are.
   */
  extraHeld: async (q: Db, extraId: number, tourDateId: number, exceptRequestId: number): Promise<number> => {
    const res = (await q.execute(sql`
      SELECT COALESCE(SUM((e->>'quantity')::int), 0) AS n
      FROM ${requests} r, jsonb_array_elements(r.extras) e
      WHERE r.tour_date_id = ${tourDateId} AND r.seats_taken > 0 AND r.id <> ${exceptRequestId}
        AND (e->>'extra_id')::int = ${extraId}
      UNION ALL
      SELECT COALESCE(SUM((e->>'quantity')::int), 0) AS n
      FROM ${checkoutSessions} c, jsonb_array_elements(c.extras) e
      WHERE c.tour_date_id = ${tourDateId} AND c.status = 'held'
        AND (e->>'extra_id')::int = ${extraId}`)) as unknown as { rows: { n: number | string | null }[] };
    // a traveller's checkout holds its extras as it holds its seats (issue 27)
    return res.rows.reduce((sum, r) => sum + Number(r.n ?? 0), 0);
  },
});
export type BookingChangeRepository = ReturnType<typeof createBookingChangeRepository>;
