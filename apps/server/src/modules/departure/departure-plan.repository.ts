import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { CalendarDeparture, DepartureGuide, DepartureStatus, GuideConflict } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import {
  checkoutSessions,
  departureCheckins,
  guides,
  requests,
  tourDateGuides,
  tourDates,
  tours,
} from '../../db/schema/index';

const GUIDE_COLUMNS = {
  id: guides.id,
  first_name: guides.first_name,
  last_name: guides.last_name,
  user_id: guides.user_id,
};

export interface DepartureDates {
  id: number;
  date_start: string;
  date_end: string;
}

export interface CalendarFilter {
  from: string;
  to: string;
  tourId?: number;
  guideId?: number;
  /** a departure-scoped member's reach: only these departures */
  onlyIds?: number[];
}

/**
 * The departures of an organizer's tours (issue 29): their guides, clashes between guides'
 * departures, and the calendar with seat counts in a few queries whatever the number of departures.
 */
const queries = (db: Db) => ({
  /** The organizer's departure (its tour is the organizer's), or undefined. */
  departure: async (organizerId: number, tourDateId: number): Promise<DepartureDates | undefined> => {
    const [row] = await db
      .select({ id: tourDates.id, date_start: tourDates.date_start, date_end: tourDates.date_end })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tour_id))
      .where(and(eq(tourDates.id, tourDateId), eq(tours.organizer_id, organizerId)))
      .limit(1);
    return row;
  },
  /** Those of ids that are the organizer's guides. */
  ownGuideIds: async (organizerId: number, ids: number[]): Promise<number[]> =>
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: guides.id })
            .from(guides)
            .where(and(eq(guides.organizer_id, organizerId), inArray(guides.id, ids)))
        ).map((r) => r.id),
  guide: async (organizerId: number, guideId: number): Promise<DepartureGuide | undefined> => {
    const [row] = await db
      .select(GUIDE_COLUMNS)
      .from(guides)
      .where(and(eq(guides.organizer_id, organizerId), eq(guides.id, guideId)))
      .limit(1);
    return row;
  },
  /** The guides of each departure, by departure id, in the order of their names. */
  guidesOf: async (tourDateIds: number[]): Promise<Map<number, DepartureGuide[]>> => {
    const out = new Map<number, DepartureGuide[]>();
    if (tourDateIds.length === 0) return out;
    const rows = await db
      .select({ tour_date_id: tourDateGuides.tour_date_id, ...GUIDE_COLUMNS })
      .from(tourDateGuides)
      .innerJoin(guides, eq(guides.id, tourDateGuides.guide_id))
      .where(inArray(tourDateGuides.tour_date_id, tourDateIds))
      .orderBy(asc(guides.first_name), asc(guides.last_name), asc(guides.id));
    for (const { tour_date_id, ...g } of rows) out.set(tour_date_id, [...(out.get(tour_date_id) ?? []), g]);
    return out;
  },
  setGuides: async (tourDateId: number, guideIds: number[]): Promise<void> => {
    await db.delete(tourDateGuides).where(eq(tourDateGuides.tour_date_id, tourDateId));
    if (guideIds.length > 0)
      await db.insert(tourDateGuides).values(guideIds.map((guide_id) => ({ tour_date_id: tourDateId, guide_id })));
  },
  /** Other departures of these guides whose dates overlap the departure's. */
  conflicts: async (d: DepartureDates, guideIds: number[]): Promise<GuideConflict[]> =>
    guideIds.length === 0
      ? []
      : db
          .select({
            guide_id: tourDateGuides.guide_id,
            tour_date_id: tourDates.id,
            tour_id: tours.id,
            tour_name: tours.name,
            date_start: tourDates.date_start,
            date_end: tourDates.date_end,
            time_start: tourDates.time_start,
          })
          .from(tourDateGuides)
          .innerJoin(tourDates, eq(tourDates.id, tourDateGuides.tour_date_id))
          .innerJoin(tours, eq(tours.id, tourDates.tour_id))
          .where(
            and(
              inArray(tourDateGuides.guide_id, guideIds),
              ne(tourDates.id, d.id),
              lte(tourDates.date_start, d.date_end),
              gte(tourDates.date_end, d.date_start),
            ),
          )
          .orderBy(asc(tourDates.date_start), asc(tourDates.id), asc(tourDateGuides.guide_id)),
  /** Whether the tour is the organizer's. */
  isOwnTour: async (organizerId: number, tourId: number): Promise<boolean> =>
    (
      await db
        .select({ id: tours.id })
        .from(tours)
        .where(and(eq(tours.organizer_id, organizerId), eq(tours.id, tourId)))
        .limit(1)
    ).length > 0,
  /** The guide linked to this member account, other than guideId. */
  guideOfUser: async (organizerId: number, userId: number, guideId: number): Promise<number | undefined> => {
    const [row] = await db
      .select({ id: guides.id })
      .from(guides)
      .where(and(eq(guides.organizer_id, organizerId), eq(guides.user_id, userId), ne(guides.id, guideId)))
      .limit(1);
    return row?.id;
  },
  linkGuideUser: async (organizerId: number, guideId: number, userId: number | null): Promise<void> => {
    await db
      .update(guides)
      .set({ user_id: userId })
      .where(and(eq(guides.organizer_id, organizerId), eq(guides.id, guideId)));
  },
  /**
   * The organizer's departures overlapping from … to, by start, with seats: booked (firm requests'
   * seats), held (requests on hold and checkouts holding seats), free (the departure's counter),
   * and the travellers checked in on its manifest.
   */
  calendar: async (organizerId: number, f: CalendarFilter): Promise<Omit<CalendarDeparture, 'guides'>[]> => {
    if (f.onlyIds && f.onlyIds.length === 0) return [];
    const where: SQL[] = [
      eq(tours.organizer_id, organizerId),
      lte(tourDates.date_start, f.to),
      gte(tourDates.date_end, f.from),
    ];
    if (f.tourId) where.push(eq(tourDates.tour_id, f.tourId));
    if (f.onlyIds) where.push(inArray(tourDates.id, f.onlyIds));
    if (f.guideId)
      where.push(
        sql`exists (select 1 from ${tourDateGuides} where ${tourDateGuides.tour_date_id} = ${tourDates.id} and ${tourDateGuides.guide_id} = ${f.guideId})`,
      );
    const booked = sql<number>`coalesce((select sum(${requests.seats_taken}) from ${requests} where ${requests.tour_date_id} = ${tourDates.id} and ${requests.hold_expires_at} is null), 0)::int`;
    const heldRequests = sql`coalesce((select sum(${requests.seats_taken}) from ${requests} where ${requests.tour_date_id} = ${tourDates.id} and ${requests.hold_expires_at} is not null), 0)`;
    const heldCheckouts = sql`coalesce((select sum(${checkoutSessions.seats}) from ${checkoutSessions} where ${checkoutSessions.tour_date_id} = ${tourDates.id} and ${checkoutSessions.status} = 'held'), 0)`;
    const checkedIn = sql<number>`(select count(*) from ${departureCheckins} where ${departureCheckins.tour_date_id} = ${tourDates.id} and ${departureCheckins.status} = 'checked_in')::int`;
    return db
      .select({
        tour_date_id: tourDates.id,
        tour_id: tours.id,
        tour_name: tours.name,
        date_start: tourDates.date_start,
        date_end: tourDates.date_end,
        time_start: tourDates.time_start,
        tour_variant: tourDates.tour_variant,
        capacity: tourDates.number_of_seats,
        booked,
        held: sql<number>`(${heldRequests} + ${heldCheckouts})::int`,
        free: tourDates.number_of_free_seats,
        checked_in: checkedIn,
        status: sql<DepartureStatus>`case when ${tourDates.canceled_at} is null then 'scheduled' else 'canceled' end`,
      })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tour_id))
      .where(and(...where))
      .orderBy(asc(tourDates.date_start), asc(tourDates.time_start), asc(tours.name), asc(tourDates.id));
  },
});
export type DeparturePlanQueries = ReturnType<typeof queries>;

export const createDeparturePlanRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction; `tx` for recording events in it. */
  transaction: <T>(fn: (repo: DeparturePlanQueries, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db), tx as unknown as Db)),
});
export type DeparturePlanRepository = ReturnType<typeof createDeparturePlanRepository>;
