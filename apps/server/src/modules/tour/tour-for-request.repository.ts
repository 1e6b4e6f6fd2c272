import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requests, tours } from '../../db/schema/index';

export const createTourForRequestRepository = (db: Db) => ({
  requestOrganizer: async (requestId: number): Promise<number | null> =>
    (await db.select({ id: requests.organizer_id }).from(requests).where(eq(requests.id, requestId)))[0]?.id ?? null,
  /** The organizer's tours but archived ones: published first, then by name. */
  bookable: (organizerId: number) =>
    db
      .select({
        id: tours.id,
        name: tours.name,
        type: tours.type,
        schedule_type: tours.schedule_type,
        status: tours.status,
        currency: tours.currency,
        price: tours.price,
      })
      .from(tours)
      .where(and(eq(tours.organizer_id, organizerId), ne(tours.status, 'archived')))
      .orderBy(sql`${tours.status} <> 'published'`, asc(tours.name), asc(tours.id)),
});
export type TourForRequestRepository = ReturnType<typeof createTourForRequestRepository>;
