import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requests, requestTourists, tourDates, tours } from '../../db/schema/index';

/** What the rooming list reads: the departure with its tour, its confirmed requests and their tourists. */
export const createRoomingListRepository = (db: Db) => ({
  /** The departure, its tour's name and organizer; null when there is none. */
  departure: async (tourDateId: number) =>
    (
      await db
        .select({
          id: tourDates.id,
          tour_id: tourDates.tour_id,
          tour_name: tours.name,
          organizer_id: tours.organizer_id,
          date_start: tourDates.date_start,
          date_end: tourDates.date_end,
          time_start: tourDates.time_start,
          tour_variant: tourDates.tour_variant,
          number_of_seats: tourDates.number_of_seats,
          number_of_free_seats: tourDates.number_of_free_seats,
        })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tour_id))
        .where(eq(tourDates.id, tourDateId))
        .limit(1)
    )[0] ?? null,
  /** The departure's requests in these statuses, oldest first (requests_tour_date_idx). */
  requests: (tourDateId: number, statuses: readonly number[]) =>
    db
      .select({
        id: requests.id,
        status: requests.status,
        tourists_count: requests.tourists_count,
        customer_name: requests.customer_name,
        customer_phone: requests.customer_phone,
        customer_email: requests.customer_email,
        travellers: requests.travellers,
      })
      .from(requests)
      .where(and(eq(requests.tour_date_id, tourDateId), inArray(requests.status, [...statuses])))
      .orderBy(asc(requests.id)),
  /** The tourists of these requests in their order (request_tourists_request_idx). */
  tourists: (requestIds: number[]): Promise<(typeof requestTourists.$inferSelect)[]> =>
    requestIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(requestTourists)
          .where(inArray(requestTourists.request_id, requestIds))
          .orderBy(asc(requestTourists.request_id), asc(requestTourists.position), asc(requestTourists.id)),
});
export type RoomingListRepository = ReturnType<typeof createRoomingListRepository>;
