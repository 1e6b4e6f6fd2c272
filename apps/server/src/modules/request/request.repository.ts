import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberRoleSql } from '../../lib/tenancy';
import {
  tourTravellerCategories,
  invoices,
  organizers,
  requests,
  requestStatusHistory,
  requestTourists,
  tourDates,
  tourDiscounts,
  tourPenalties,
  tours,
  users,
} from '../../db/schema/index';

export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;
export type TouristInsert = typeof requestTourists.$inferInsert;
export type DepartureRow = typeof tourDates.$inferSelect;

/** The queries of the request core. Each takes the executor: the pool, or the caller's transaction. */
export const createRequestRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  byId: async (q: Db, id: number): Promise<RequestRow | null> =>
    (await q.select().from(requests).where(eq(requests.id, id)))[0] ?? null,

  byIdempotencyKey: async (organizerId: number, key: string): Promise<RequestRow | null> =>
    (
      await db
        .select()
        .from(requests)
        .where(and(eq(requests.organizer_id, organizerId), eq(requests.idempotency_key, key)))
    )[0] ?? null,

  /** The tour a request is made for, with what pricing and cancelling read. */
  tour: async (q: Db, tourId: number) =>
    (
      await q
        .select({
          id: tours.id,
          organizer_id: tours.organizer_id,
          name: tours.name,
          type: tours.type,
          status: tours.status,
          screen_name: tours.screen_name,
          currency: tours.currency,
          price: tours.price,
          use_standard_cancellation_terms: tours.use_standard_cancellation_terms,
        })
        .from(tours)
        .where(eq(tours.id, tourId))
    )[0] ?? null,

  departure: async (q: Db, tourDateId: number): Promise<DepartureRow | null> =>
    (await q.select().from(tourDates).where(eq(tourDates.id, tourDateId)))[0] ?? null,

  /** A tour's departures from `fromDay` on (and the one given, whatever its day), soonest first. */
  departuresFrom: (tourId: number, fromDay: string, withVariants: boolean, includeId: number | null) =>
    db
      .select()
      .from(tourDates)
      .where(
        and(
          eq(tourDates.tour_id, tourId),
          includeId === null
            ? gte(tourDates.date_start, fromDay)
            : sql`(${tourDates.date_start} >= ${fromDay} OR ${tourDates.id} = ${includeId})`,
          withVariants ? undefined : eq(tourDates.tour_variant, ''),
          // a canceled departure (issue 29) is offered no more
          includeId === null
            ? isNull(tourDates.canceled_at)
            : sql`(${tourDates.canceled_at} IS NULL OR ${tourDates.id} = ${includeId})`,
        ),
      )
      .orderBy(asc(tourDates.date_start), asc(tourDates.time_start), asc(tourDates.id))
      .limit(200),

  /** The tour's adult category (every tour has one: migration 0021): a new request's travellers are adults. */
  adultCategory: async (q: Db, tourId: number) =>
    (
      await q
        .select()
        .from(tourTravellerCategories)
        .where(and(eq(tourTravellerCategories.tour_id, tourId), eq(tourTravellerCategories.code, 'adult')))
    )[0] ?? null,

  discounts: (q: Db, tourId: number) => q.select().from(tourDiscounts).where(eq(tourDiscounts.tour_id, tourId)),
  tourPenalties: (tourId: number, q: Db = db) =>
    q.select().from(tourPenalties).where(eq(tourPenalties.tour_id, tourId)),

  /** The organizer's profile (time zone, cancellation terms, penalties) and name. */
  organizer: async (q: Db, organizerId: number) =>
    (
      await q
        .select({ id: organizers.id, name: organizers.name, profile: organizers.profile })
        .from(organizers)
        .where(eq(organizers.id, organizerId))
    )[0] ?? null,

  insert: async (q: Db, values: RequestInsert): Promise<RequestRow> =>
    (await q.insert(requests).values(values).returning())[0]!,

  update: (q: Db, id: number, values: Partial<RequestInsert>) =>
    q
      .update(requests)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(requests.id, id)),

  insertTourists: (q: Db, rows: TouristInsert[]) =>
    rows.length ? q.insert(requestTourists).values(rows) : Promise.resolve(),

  tourists: (requestId: number, q: Db = db) =>
    q
      .select()
      .from(requestTourists)
      .where(eq(requestTourists.request_id, requestId))
      .orderBy(asc(requestTourists.position), asc(requestTourists.id)),

  touristCount: async (q: Db, requestId: number): Promise<number> =>
    (
      await q
        .select({ n: sql<number>`count(*)::int` })
        .from(requestTourists)
        .where(eq(requestTourists.request_id, requestId))
    )[0]!.n,

  history: (requestId: number) =>
    db
      .select({
        status: requestStatusHistory.status,
        previous_status: requestStatusHistory.previous_status,
        message: requestStatusHistory.message,
        user_id: requestStatusHistory.user_id,
        created_at: requestStatusHistory.created_at,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
        role: memberRoleSql(requests.organizer_id, requestStatusHistory.user_id),
      })
      .from(requestStatusHistory)
      .innerJoin(requests, eq(requests.id, requestStatusHistory.request_id))
      .leftJoin(users, eq(users.id, requestStatusHistory.user_id))
      .where(eq(requestStatusHistory.request_id, requestId))
      .orderBy(desc(requestStatusHistory.id)),

  /** Requests whose hold has passed and still have seats: the hold sweep's work, oldest first. */
  expiredHolds: (now: Date, limit: number) =>
    db
      .select({ id: requests.id })
      .from(requests)
      .where(and(isNotNull(requests.hold_expires_at), lt(requests.hold_expires_at, now)))
      .orderBy(asc(requests.hold_expires_at))
      .limit(limit),

  /** Prepaid requests whose trip ended before `day`: the completion sweep's work. */
  endedTrips: (day: string, limit: number) =>
    db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.status, 3), lt(requests.date_end, day)))
      .orderBy(asc(requests.id))
      .limit(limit),

  insertHistory: (q: Db, values: typeof requestStatusHistory.$inferInsert) =>
    q.insert(requestStatusHistory).values(values),

  /** A canceled request's unpaid invoices are canceled with it. */
  cancelOpenInvoices: (q: Db, requestId: number) =>
    q
      .update(invoices)
      .set({ status: 3, canceled_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(invoices.request_id, requestId), eq(invoices.status, 1))),
});
export type RequestRepository = ReturnType<typeof createRequestRepository>;
