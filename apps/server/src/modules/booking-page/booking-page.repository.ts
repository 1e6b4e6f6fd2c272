import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLinks, organizers, requests, requestTourists, tours } from '../../db/schema/index';

/** The booking page's queries (issue 27): the links, and what a page shows of its request. */
export const createBookingPageRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  insertLink: (q: Db, values: typeof bookingLinks.$inferInsert) => q.insert(bookingLinks).values(values),

  /** The request a link's hash opens; null when no link has it. */
  requestOfLink: async (tokenHash: string): Promise<number | null> =>
    (
      await db
        .select({ request_id: bookingLinks.request_id })
        .from(bookingLinks)
        .where(eq(bookingLinks.token_hash, tokenHash))
    )[0]?.request_id ?? null,

  request: async (id: number, q: Db = db) => (await q.select().from(requests).where(eq(requests.id, id)))[0] ?? null,

  names: async (requestId: number, tourId: number | null, organizerId: number) => {
    const tour = tourId ? (await db.select({ name: tours.name }).from(tours).where(eq(tours.id, tourId)))[0] : null;
    const org = (await db.select({ name: organizers.name }).from(organizers).where(eq(organizers.id, organizerId)))[0];
    const tourists = await db
      .select({ first: requestTourists.first_name, last: requestTourists.last_name })
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId))
      .orderBy(asc(requestTourists.position));
    return {
      tour_name: tour?.name ?? '',
      organizer_name: org?.name ?? '',
      tourists: tourists.map((t) => `${t.first} ${t.last}`.trim()).filter((n) => n.length > 0),
    };
  },
});
export type BookingPageRepository = ReturnType<typeof createBookingPageRepository>;
