import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  organizers,
  tourDates,
  tours,
  tourWeekScheduleExcludedPeriods,
  tourWeekSchedules,
  tourWeekScheduleTimes,
} from '../../db/schema/index';

export type WeekScheduleRow = typeof tourWeekSchedules.$inferSelect;
export type WeekScheduleValues = Omit<typeof tourWeekSchedules.$inferInsert, 'tour_id' | 'updated_at'>;
export type NewScheduleDeparture = Omit<typeof tourDates.$inferInsert, 'tour_id' | 'id'>;

/** A week schedule with what the sweep needs: its times, excluded periods, the tour's duration and the organizer's time zone. */
export interface ScheduleToSweep {
  schedule: WeekScheduleRow;
  times: { day_of_week: number; time: string }[];
  excluded: { date_from: string; date_to: string }[];
  duration: number | null;
  timezone: string | null;
}

/** Statements a row changes in at most this many (bind parameters stay far below PostgreSQL's limit). */
const CHUNK = 500;

/** The queries of week schedules on a connection or inside a transaction. */
export const weekScheduleQueries = (db: Db) => ({
  find: async (tourId: number): Promise<ScheduleToSweep | null> => {
    const [row] = await db
      .select({
        schedule: tourWeekSchedules,
        duration: tours.duration,
        timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
      })
      .from(tourWeekSchedules)
      .innerJoin(tours, eq(tours.id, tourWeekSchedules.tour_id))
      .innerJoin(organizers, eq(organizers.id, tours.organizer_id))
      .where(eq(tourWeekSchedules.tour_id, tourId));
    if (!row) return null;
    const times = await db
      .select({ day_of_week: tourWeekScheduleTimes.day_of_week, time: tourWeekScheduleTimes.time })
      .from(tourWeekScheduleTimes)
      .where(eq(tourWeekScheduleTimes.tour_id, tourId))
      .orderBy(asc(tourWeekScheduleTimes.day_of_week), asc(tourWeekScheduleTimes.time));
    const excluded = await db
      .select({
        date_from: tourWeekScheduleExcludedPeriods.date_from,
        date_to: tourWeekScheduleExcludedPeriods.date_to,
      })
      .from(tourWeekScheduleExcludedPeriods)
      .where(eq(tourWeekScheduleExcludedPeriods.tour_id, tourId))
      .orderBy(asc(tourWeekScheduleExcludedPeriods.date_from));
    return { ...row, times, excluded };
  },

  /** The tours whose schedule the sweep keeps: weekly (schedule_type 2) and not archived. */
  sweptTourIds: async (): Promise<number[]> =>
    (
      await db
        .select({ id: tourWeekSchedules.tour_id })
        .from(tourWeekSchedules)
        .innerJoin(tours, eq(tours.id, tourWeekSchedules.tour_id))
        .where(and(eq(tours.schedule_type, 2), ne(tours.status, 'archived')))
        .orderBy(asc(tourWeekSchedules.tour_id))
    ).map((r) => r.id),

  /** Replaces the tour's schedule (its times and excluded periods whole) and makes the tour weekly. */
  save: async (
    tourId: number,
    values: WeekScheduleValues,
    times: { day_of_week: number; time: string }[],
    excluded: { date_from: string; date_to: string }[],
  ): Promise<void> => {
    await db
      .insert(tourWeekSchedules)
      .values({ ...values, tour_id: tourId })
      .onConflictDoUpdate({ target: tourWeekSchedules.tour_id, set: { ...values, updated_at: sql`now()` } });
    await db.delete(tourWeekScheduleTimes).where(eq(tourWeekScheduleTimes.tour_id, tourId));
    await db.delete(tourWeekScheduleExcludedPeriods).where(eq(tourWeekScheduleExcludedPeriods.tour_id, tourId));
    if (times.length) await db.insert(tourWeekScheduleTimes).values(times.map((t) => ({ ...t, tour_id: tourId })));
    if (excluded.length)
      await db.insert(tourWeekScheduleExcludedPeriods).values(excluded.map((p) => ({ ...p, tour_id: tourId })));
    await db
      .update(tours)
      .set({ schedule_type: 2, updated_at: sql`now()` })
      .where(eq(tours.id, tourId));
  },

  /** The schedule-made departures of the tour from `from` on. */
  scheduleDepartures: (tourId: number, from: string) =>
    db
      .select({
        id: tourDates.id,
        date_start: tourDates.date_start,
        time_start: tourDates.time_start,
        tour_variant: tourDates.tour_variant,
      })
      .from(tourDates)
      .where(and(eq(tourDates.tour_id, tourId), eq(tourDates.is_from_schedule, true), gte(tourDates.date_start, from))),

  /** New departures; one already there (same tour, day, time and variant, by hand or not) is left as it is. */
  insertMissing: async (tourId: number, rows: NewScheduleDeparture[]): Promise<number> => {
    let made = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const inserted = await db
        .insert(tourDates)
        .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, tour_id: tourId })))
        .onConflictDoNothing({
          target: [tourDates.tour_id, tourDates.date_start, tourDates.time_start, tourDates.tour_variant],
        })
        .returning({ id: tourDates.id });
      made += inserted.length;
    }
    return made;
  },

  /** Removes those of the departures that have no bookings (checked in the same statement); a booked one stays. */
  deleteFree: async (ids: number[]): Promise<number> => {
    let removed = 0;
    for (let i = 0; i < ids.length; i += CHUNK)
      removed += (
        await db
          .delete(tourDates)
          .where(
            and(
              inArray(tourDates.id, ids.slice(i, i + CHUNK)),
              eq(tourDates.is_from_schedule, true),
              eq(tourDates.number_of_free_seats, tourDates.number_of_seats),
            ),
          )
          .returning({ id: tourDates.id })
      ).length;
    return removed;
  },
});
export type WeekScheduleQueries = ReturnType<typeof weekScheduleQueries>;

export const createWeekScheduleRepository = (db: Db) => ({
  ...weekScheduleQueries(db),
  /** Runs fn in one transaction. */
  transaction: <T>(fn: (repo: WeekScheduleQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(weekScheduleQueries(tx as unknown as Db))),
  /**
   * Runs fn in one transaction holding the sweep's PostgreSQL advisory lock, or not at all (null)
   * when another node holds it. PGlite is one process: there the lock is trivially held.
   */
  withSweepLock: <T>(kind: 'pglite' | 'postgres', fn: (repo: WeekScheduleQueries) => Promise<T>): Promise<T | null> =>
    db.transaction(async (tx) => {
      if (kind === 'postgres') {
        const res = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${sql.raw(String(WEEK_SCHEDULE_SWEEP_LOCK))}) as locked`,
        )) as {
          rows: { locked: boolean }[];
        };
        if (!res.rows[0]?.locked) return null;
      }
      return fn(weekScheduleQueries(tx as unknown as Db));
    }),
});
export type WeekScheduleRepository = ReturnType<typeof createWeekScheduleRepository>;

/** The advisory lock key of the week schedule sweep (migrations use 727001). */
export const WEEK_SCHEDULE_SWEEP_LOCK = 727015;
