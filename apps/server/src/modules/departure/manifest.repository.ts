import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departureCheckins, guides, requests, tourDateGuides, tourDates, tours, users } from '../../db/schema/index';

type Named = { first_name: string | null; last_name: string | null; email: string | null };
/** A member's name as the manifest shows who checked a traveller in: the name, else the e-mail. */
export const memberName = (u: Named | null): string =>
  u ? [u.first_name, u.last_name].filter((p) => p && p.trim()).join(' ') || (u.email ?? '') : '';

export type CheckinRow = typeof departureCheckins.$inferSelect & { by_name: string };

const queries = (db: Db) => ({
  /** A check-in of one place with who set it; null when there is none. */
  checkinOf: async (requestId: number, place: number): Promise<CheckinRow | null> => {
    const [r] = await db
      .select({ c: departureCheckins, first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(departureCheckins)
      .leftJoin(users, eq(users.id, departureCheckins.by_user_id))
      .where(and(eq(departureCheckins.request_id, requestId), eq(departureCheckins.place, place)))
      .limit(1);
    return r ? { ...r.c, by_name: memberName(r.c.by_user_id === null ? null : r) } : null;
  },
  /** Sets a place's check-in; ON CONFLICT: the UNIQUE (request, place) keeps one row however it is raced. */
  upsert: (row: typeof departureCheckins.$inferInsert) =>
    db
      .insert(departureCheckins)
      .values(row)
      .onConflictDoUpdate({
        target: [departureCheckins.request_id, departureCheckins.place],
        set: { status: row.status, by_user_id: row.by_user_id, at: row.at, client_key: row.client_key },
      }),
  clear: (requestId: number, place: number) =>
    db
      .delete(departureCheckins)
      .where(and(eq(departureCheckins.request_id, requestId), eq(departureCheckins.place, place))),
});

/** What the manifest reads beyond the rooming list, and what a check-in writes. */
export const createManifestRepository = (db: Db) => ({
  ...queries(db),
  /** The departure's organizer; null when there is no such departure. */
  organizerOf: async (tourDateId: number): Promise<number | null> =>
    (
      await db
        .select({ organizer_id: tours.organizer_id })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tour_id))
        .where(eq(tourDates.id, tourDateId))
        .limit(1)
    )[0]?.organizer_id ?? null,
  /** The guides assigned to the departure, by name. */
  guides: (tourDateId: number) =>
    db
      .select({ id: guides.id, first_name: guides.first_name, last_name: guides.last_name })
      .from(tourDateGuides)
      .innerJoin(guides, eq(guides.id, tourDateGuides.guide_id))
      .where(eq(tourDateGuides.tour_date_id, tourDateId))
      .orderBy(asc(guides.first_name), asc(guides.id)),
  /** What is left to pay on these requests, and in what currency. */
  money: (requestIds: number[]) =>
    requestIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: requests.id,
            total: requests.total_minor,
            paid: requests.paid_minor,
            currency: requests.currency,
          })
          .from(requests)
          .where(inArray(requests.id, requestIds)),
  /** Every check-in of the departure with who set it. */
  checkins: async (tourDateId: number): Promise<CheckinRow[]> =>
    (
      await db
        .select({ c: departureCheckins, first_name: users.first_name, last_name: users.last_name, email: users.email })
        .from(departureCheckins)
        .leftJoin(users, eq(users.id, departureCheckins.by_user_id))
        .where(eq(departureCheckins.tour_date_id, tourDateId))
    ).map((r) => ({ ...r.c, by_name: memberName(r.c.by_user_id === null ? null : r) })),
  /** fn in one transaction, with the transaction's handle (to lock the request's row) and its queries. */
  transaction: <T>(fn: (tx: Db, q: ReturnType<typeof queries>) => Promise<T>): Promise<T> =>
    db.transaction((raw) => {
      const tx = raw as unknown as Db;
      return fn(tx, queries(tx));
    }),
});
export type ManifestRepository = ReturnType<typeof createManifestRepository>;
