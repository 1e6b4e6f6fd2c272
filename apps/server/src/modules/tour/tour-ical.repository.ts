import { and, asc, count, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizers, tourDates, tourIcalFeeds, tours } from '../../db/schema/index';

export type IcalFeedRow = typeof tourIcalFeeds.$inferSelect;
/** At most this many events in one feed (a year of daily departures of a few tours). */
export const MAX_FEED_EVENTS = 2000;

export const createTourIcalRepository = (db: Db) => ({
  findTour: async (id: number) =>
    (
      await db
        .select({ id: tours.id, organizer_id: tours.organizer_id, name: tours.name })
        .from(tours)
        .where(eq(tours.id, id))
        .limit(1)
    )[0] ?? null,
  /** Live feeds of the organizer (of one tour and the organizer-wide ones when tourId is given), newest first. */
  liveFeeds: (organizerId: number, tourId: number | undefined, limit: number) =>
    db
      .select({ feed: tourIcalFeeds, tour_name: tours.name })
      .from(tourIcalFeeds)
      .leftJoin(tours, eq(tours.id, tourIcalFeeds.tour_id))
      .where(
        and(
          eq(tourIcalFeeds.organizer_id, organizerId),
          isNull(tourIcalFeeds.revoked_at),
          tourId === undefined ? undefined : or(eq(tourIcalFeeds.tour_id, tourId), isNull(tourIcalFeeds.tour_id)),
        ),
      )
      .orderBy(desc(tourIcalFeeds.id))
      .limit(limit),
  liveFeedCount: async (organizerId: number): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(tourIcalFeeds)
        .where(and(eq(tourIcalFeeds.organizer_id, organizerId), isNull(tourIcalFeeds.revoked_at)))
    )[0]!.n,
  insertFeed: async (values: typeof tourIcalFeeds.$inferInsert): Promise<IcalFeedRow> =>
    (await db.insert(tourIcalFeeds).values(values).returning())[0]!,
  /** Revokes a live feed of the organizer; false when there is none. */
  revokeFeed: async (organizerId: number, id: number): Promise<boolean> =>
    (
      await db
        .update(tourIcalFeeds)
        .set({ revoked_at: new Date() })
        .where(
          and(eq(tourIcalFeeds.id, id), eq(tourIcalFeeds.organizer_id, organizerId), isNull(tourIcalFeeds.revoked_at)),
        )
        .returning({ id: tourIcalFeeds.id })
    ).length === 1,
  /** The live feed of a token digest, with its organizer's name and time zone. */
  feedByTokenHash: async (hash: string) =>
    (
      await db
        .select({
          feed: tourIcalFeeds,
          organizer_name: organizers.name,
          timezone: sql<string | null>`${organizers.profile} ->> 'timezone'`,
        })
        .from(tourIcalFeeds)
        .innerJoin(organizers, eq(organizers.id, tourIcalFeeds.organizer_id))
        .where(and(eq(tourIcalFeeds.token_hash, hash), isNull(tourIcalFeeds.revoked_at)))
        .limit(1)
    )[0] ?? null,
  /**
   * The departures a feed shows: ending on `fromDay` or later, of the organizer's tours (or one
   * tour); an archived tour's only while booked (they still happen), soonest first.
   */
  departures: (organizerId: number, tourId: number | null, fromDay: string) =>
    db
      .select({
        id: tourDates.id,
        date_start: tourDates.date_start,
        date_end: tourDates.date_end,
        time_start: tourDates.time_start,
        price: tourDates.price,
        number_of_seats: tourDates.number_of_seats,
        number_of_free_seats: tourDates.number_of_free_seats,
        not_guaranteed: tourDates.not_guaranteed,
        tour_variant: tourDates.tour_variant,
        commentary: tourDates.commentary,
        updated_at: tourDates.updated_at,
        tour_id: tours.id,
        tour_name: tours.name,
        type: tours.type,
        currency: tours.currency,
        duration_hours: tours.duration_hours,
        gathering_place: tours.gathering_place,
      })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tour_id))
      .where(
        and(
          eq(tours.organizer_id, organizerId),
          tourId === null ? undefined : eq(tours.id, tourId),
          gte(tourDates.date_end, fromDay),
          or(ne(tours.status, 'archived'), lt(tourDates.number_of_free_seats, tourDates.number_of_seats)),
        ),
      )
      .orderBy(asc(tourDates.date_start), asc(tourDates.time_start), asc(tourDates.id))
      .limit(MAX_FEED_EVENTS),
});
export type TourIcalRepository = ReturnType<typeof createTourIcalRepository>;
export type FeedDepartureRow = Awaited<ReturnType<TourIcalRepository['departures']>>[number];
