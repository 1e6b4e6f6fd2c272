import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutSessions, organizers, requests, tourDates, tours } from '../../db/schema/index';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** The checkout's queries (issue 27). Each takes the executor: the pool, or the caller's transaction. */
export const createCheckoutRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  /** A tour travellers may book: published, of an organizer. */
  tour: async (tourId: number, q: Db = db) =>
    (
      await q
        .select({
          id: tours.id,
          organizer_id: tours.organizer_id,
          name: tours.name,
          status: tours.status,
          currency: tours.currency,
          instant_booking: tours.instant_booking,
          booking_end_hours: tours.booking_end_hours,
          booking_auto_end_one_hour: tours.booking_auto_end_one_hour,
          is_request_period_limited: tours.is_request_period_limited,
          request_period_from: tours.request_period_from,
          request_period_to: tours.request_period_to,
          group_min: tours.group_min,
          group_max: tours.group_max,
          min_age: tours.min_age,
          max_age: tours.max_age,
        })
        .from(tours)
        .where(eq(tours.id, tourId))
    )[0] ?? null,

  organizerProfile: async (organizerId: number, q: Db = db): Promise<Record<string, unknown>> =>
    ((await q.select({ profile: organizers.profile }).from(organizers).where(eq(organizers.id, organizerId)))[0]
      ?.profile as Record<string, unknown> | undefined) ?? {},

  /** The tour's departures from `day` on, in order (a canceled departure is not for sale). */
  departuresFrom: (tourId: number, day: string, q: Db = db) =>
    q
      .select()
      .from(tourDates)
      .where(and(eq(tourDates.tour_id, tourId), gte(tourDates.date_start, day), isNull(tourDates.canceled_at)))
      .orderBy(asc(tourDates.date_start), asc(tourDates.id))
      .limit(200),

  departure: async (id: number, q: Db = db) =>
    (await q.select().from(tourDates).where(eq(tourDates.id, id)))[0] ?? null,

  request: async (id: number, q: Db = db) => (await q.select().from(requests).where(eq(requests.id, id)))[0] ?? null,

  /** Takes `count` free seats of a locked departure; false when it has fewer (or it is canceled). */
  takeSeats: async (q: Db, tourDateId: number, count: number): Promise<boolean> =>
    (
      await q
        .update(tourDates)
        .set({ number_of_free_seats: sql`${tourDates.number_of_free_seats} - ${count}` })
        .where(
          and(eq(tourDates.id, tourDateId), gte(tourDates.number_of_free_seats, count), isNull(tourDates.canceled_at)),
        )
        .returning({ id: tourDates.id })
    ).length > 0,

  /** Gives `count` seats back to a locked departure (never above its seats). */
  giveSeats: (q: Db, tourDateId: number, count: number) =>
    q
      .update(tourDates)
      .set({
        number_of_free_seats: sql`LEAST(${tourDates.number_of_seats}, ${tourDates.number_of_free_seats} + ${count})`,
      })
      .where(eq(tourDates.id, tourDateId)),

  insert: async (q: Db, values: typeof checkoutSessions.$inferInsert): Promise<CheckoutSessionRow> =>
    (await q.insert(checkoutSessions).values(values).returning())[0]!,

  byToken: async (tokenHash: string, q: Db = db): Promise<CheckoutSessionRow | null> =>
    (await q.select().from(checkoutSessions).where(eq(checkoutSessions.token_hash, tokenHash)))[0] ?? null,

  /** Locks the session's row for the rest of the transaction and reads it. */
  lock: async (q: Db, id: number): Promise<CheckoutSessionRow | null> =>
    (await q.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update'))[0] ?? null,

  update: (q: Db, id: number, values: Partial<typeof checkoutSessions.$inferInsert>) =>
    q
      .update(checkoutSessions)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(checkoutSessions.id, id)),

  expired: (now: Date, limit: number) =>
    db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.status, 'held'), lt(checkoutSessions.expires_at, now)))
      .orderBy(asc(checkoutSessions.expires_at))
      .limit(limit),

  // ─── The abandoned checkout (issue 27) ───

  /** Sessions with a contact that the recovery sweep has not decided on, begun in [from, to]. */
  recoveryDue: (from: Date, to: Date, limit: number) =>
    db
      .select()
      .from(checkoutSessions)
      .where(
        and(
          isNotNull(checkoutSessions.contact_email),
          isNull(checkoutSessions.recovery_decided_at),
          inArray(checkoutSessions.status, ['released', 'expired', 'confirmed']),
          gte(checkoutSessions.created_at, from),
          lte(checkoutSessions.created_at, to),
        ),
      )
      .orderBy(asc(checkoutSessions.created_at))
      .limit(limit),

  byRecoveryToken: async (tokenHash: string, q: Db = db): Promise<CheckoutSessionRow | null> =>
    (await q.select().from(checkoutSessions).where(eq(checkoutSessions.recovery_token_hash, tokenHash)))[0] ?? null,

  /** A booking made from a session restored from this one. */
  recoveredBooking: async (sessionId: number, q: Db = db): Promise<boolean> =>
    (
      await q
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.recovered_from, sessionId), eq(checkoutSessions.status, 'confirmed')))
        .limit(1)
    ).length > 0,

  /** Whether this e-mail booked this departure since `since` (any request, any source). */
  bookedSince: async (q: Db, tourDateId: number, email: string, since: Date): Promise<boolean> =>
    (
      await q
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            eq(requests.tour_date_id, tourDateId),
            sql`lower(${requests.customer_email}) = lower(${email})`,
            gte(requests.created_at, since),
          ),
        )
        .limit(1)
    ).length > 0,
});
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
