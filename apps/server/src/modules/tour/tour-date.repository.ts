import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { requests, tourDates } from '../../db/schema/index';

export type TourDateRow = typeof tourDates.$inferSelect;
export type TourDateValues = Omit<
  typeof tourDates.$inferInsert,
  'id' | 'tour_id' | 'number_of_free_seats' | 'is_from_schedule' | 'created_at' | 'updated_at'
>;
export interface TourDateFilter {
  period: 'upcoming' | 'past' | 'all';
  withVariants: boolean;
  /** true: made by the week schedule; false: saved by hand; undefined: both */
  fromSchedule?: boolean;
}

export const today = sql`current_date`;

/**
 * column = ANY($1): the ids as one array parameter. drizzle's inArray makes a parameter per id:
 * the list of 1 000 tours spent ~10 ms building its three queries' 3 000 parameters.
 */
export const anyOf = (column: AnyPgColumn, ids: number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;

/** What the tour list shows of a departure (and the alerts read). */
export type UpcomingDate = Pick<
  TourDateRow,
  | 'id'
  | 'tour_id'
  | 'date_start'
  | 'date_end'
  | 'time_start'
  | 'number_of_seats'
  | 'number_of_free_seats'
  | 'not_guaranteed'
>;

/** A tour's departures: the list's upcoming ones, the departures page, and their writes. */
export const tourDateQueries = (db: Db) => ({
  /**
   * Departures from today on (not canceled), soonest first, with what the list and the alerts read. One JSON
   * value rather than a row per departure: PGlite and drizzle pay for every field they read, and
   * a tour's view reads all its upcoming departures (1 000 of them cost ~10 ms as rows on PGlite,
   * ~2 ms as one JSON value).
   */
  upcomingDates: async (tourIds: number[]): Promise<UpcomingDate[]> => {
    const [row] = await db
      .select({
        dates: sql<UpcomingDate[] | null>`json_agg(json_build_object(
          'id', ${tourDates.id},
          'tour_id', ${tourDates.tour_id},
          'date_start', ${tourDates.date_start},
          'date_end', ${tourDates.date_end},
          'time_start', ${tourDates.time_start},
          'number_of_seats', ${tourDates.number_of_seats},
          'number_of_free_seats', ${tourDates.number_of_free_seats},
          'not_guaranteed', ${tourDates.not_guaranteed}
        ) ORDER BY ${tourDates.date_start}, ${tourDates.time_start}, ${tourDates.id})`,
      })
      .from(tourDates)
      .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today), isNull(tourDates.canceled_at)));
    return row?.dates ?? [];
  },

  /**
   * What the list shows of each tour's upcoming departures (not canceled), without reading them all: per tour its
   * nearest departure, its first `free` with free seats, and (on each) how many it has ahead. The
   * database ranks them (window functions); a tour with 90 days of weekly departures sends 4 rows.
   */
  upcomingSummary: async (tourIds: number[], free: number): Promise<(UpcomingDate & { count: number })[]> => {
    const order = sql`${tourDates.date_start}, ${tourDates.time_start}, ${tourDates.id}`;
    const ranked = db
      .select({
        id: tourDates.id,
        tour_id: tourDates.tour_id,
        date_start: tourDates.date_start,
        date_end: tourDates.date_end,
        time_start: tourDates.time_start,
        number_of_seats: tourDates.number_of_seats,
        number_of_free_seats: tourDates.number_of_free_seats,
        not_guaranteed: tourDates.not_guaranteed,
        count: sql<number>`count(*) over (partition by ${tourDates.tour_id})`.as('count'),
        nth: sql<number>`row_number() over (partition by ${tourDates.tour_id} order by ${order})`.as('nth'),
        nth_free:
          sql<number>`row_number() over (partition by ${tourDates.tour_id}, ${tourDates.number_of_free_seats} > 0 order by ${order})`.as(
            'nth_free',
          ),
      })
      .from(tourDates)
      .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today), isNull(tourDates.canceled_at)))
      .as('ranked');
    const [row] = await db
      .select({
        dates: sql<(UpcomingDate & { count: number })[] | null>`json_agg(json_build_object(
          'id', ${ranked.id},
          'tour_id', ${ranked.tour_id},
          'date_start', ${ranked.date_start},
          'date_end', ${ranked.date_end},
          'time_start', ${ranked.time_start},
          'number_of_seats', ${ranked.number_of_seats},
          'number_of_free_seats', ${ranked.number_of_free_seats},
          'not_guaranteed', ${ranked.not_guaranteed},
          'count', ${ranked.count}
        ) ORDER BY ${ranked.tour_id}, ${ranked.nth})`,
      })
      .from(ranked)
      .where(sql`${ranked.nth} = 1 or (${ranked.number_of_free_seats} > 0 and ${ranked.nth_free} <= ${free})`);
    return row?.dates ?? [];
  },

  dates: async (tourId: number, f: TourDateFilter, page: number, limit: number) => {
    const where = and(
      eq(tourDates.tour_id, tourId),
      f.period === 'upcoming' ? gte(tourDates.date_start, today) : undefined,
      f.period === 'past' ? lt(tourDates.date_start, today) : undefined,
      f.withVariants ? undefined : eq(tourDates.tour_variant, ''),
      f.fromSchedule === undefined ? undefined : eq(tourDates.is_from_schedule, f.fromSchedule),
    );
    const order = f.period === 'past' ? desc(tourDates.date_start) : asc(tourDates.date_start);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(tourDates)
        .where(where)
        .orderBy(order, asc(tourDates.time_start), asc(tourDates.tour_variant), asc(tourDates.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(tourDates).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },
  findDate: async (tourId: number, id: number): Promise<TourDateRow | null> =>
    (
      await db
        .select()
        .from(tourDates)
        .where(and(eq(tourDates.id, id), eq(tourDates.tour_id, tourId)))
        .limit(1)
    )[0] ?? null,
  /** The tour's departures starting on these days (to find duplicates before writing). */
  datesOnDays: (tourId: number, days: string[]) =>
    days.length
      ? db
          .select()
          .from(tourDates)
          .where(and(eq(tourDates.tour_id, tourId), inArray(tourDates.date_start, days)))
      : Promise.resolve([]),
  insertDates: (tourId: number, values: TourDateValues[]) =>
    db
      .insert(tourDates)
      .values(values.map((v) => ({ ...v, tour_id: tourId, number_of_free_seats: v.number_of_seats })))
      .returning(),
  /**
   * Changes a departure; a new capacity keeps the seats booked (free = capacity − booked) in one
   * statement, so a booking made meanwhile is counted. null when the capacity is below the booked seats.
   */
  /**
   * Changes a departure, never below its booked seats; its requests' dates follow its own in the
   * same transaction (a booking, its contract and the trip's completion read the request's dates).
   */
  updateDate: async (id: number, values: TourDateValues): Promise<TourDateRow | null> =>
    db.transaction(async (tx) => {
      const row =
        (
          await tx
            .update(tourDates)
            .set({
              ...values,
              number_of_free_seats: sql`${tourDates.number_of_free_seats} + (${values.number_of_seats}::int - ${tourDates.number_of_seats})`,
              updated_at: new Date(),
            })
            .where(
              and(
                eq(tourDates.id, id),
                sql`${values.number_of_seats}::int >= ${tourDates.number_of_seats} - ${tourDates.number_of_free_seats}`,
              ),
            )
            .returning()
        )[0] ?? null;
      if (row)
        await tx
          .update(requests)
          .set({ date_start: row.date_start, date_end: row.date_end })
          .where(
            and(
              eq(requests.tour_date_id, id),
              sql`(${requests.date_start} is distinct from ${row.date_start} or ${requests.date_end} is distinct from ${row.date_end})`,
            ),
          );
      return row;
    }),
  /** Removes a departure with no seat booked; false when it has bookings (or is gone). */
  deleteFreeDate: async (id: number): Promise<boolean> =>
    (
      await db
        .delete(tourDates)
        .where(and(eq(tourDates.id, id), eq(tourDates.number_of_free_seats, tourDates.number_of_seats)))
        .returning({ id: tourDates.id })
    ).length > 0,
});
