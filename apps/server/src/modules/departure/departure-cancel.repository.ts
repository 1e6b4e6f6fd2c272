import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { requests, tourDates } from '../../db/schema/index';

/** A request of a departure being canceled or messaged. */
export interface DepartureRequest {
  id: number;
  customer_name: string;
  status: number;
  seats: number;
  currency: string;
  paid_minor: number;
  /** what a canceled request keeps of what was paid; null while live */
  penalty_minor: number | null;
}

/** The requests still live on a departure: received, confirmed or prepaid (1, 2, 3). */
const LIVE = [BOOKING_STATUS.pending_confirm, BOOKING_STATUS.pending_prepayment, BOOKING_STATUS.made_prepayment];

const COLUMNS = {
  id: requests.id,
  customer_name: requests.customer_name,
  status: requests.status,
  seats: requests.seats_taken,
  currency: requests.currency,
  paid_minor: requests.paid_minor,
  penalty_minor: requests.penalty_minor,
};

/** The requests of a departure that its cancel and its message reach (issue 29), and its canceled mark. */
const queries = (db: Db) => ({
  /** The departure's live requests, oldest first. */
  liveRequests: (tourDateId: number): Promise<DepartureRequest[]> =>
    db
      .select(COLUMNS)
      .from(requests)
      .where(and(eq(requests.tour_date_id, tourDateId), inArray(requests.status, LIVE)))
      .orderBy(asc(requests.id)),
  /** Requests the author canceled with the departure (since `since`): their refund is asked again on a repeat. */
  canceledWith: (tourDateId: number, since: Date): Promise<DepartureRequest[]> =>
    db
      .select(COLUMNS)
      .from(requests)
      .where(
        and(
          eq(requests.tour_date_id, tourDateId),
          eq(requests.status, BOOKING_STATUS.canceled_by_author),
          gte(requests.canceled_at, since),
        ),
      )
      .orderBy(asc(requests.id)),
  canceledAt: async (tourDateId: number): Promise<Date | null> =>
    (await db.select({ at: tourDates.canceled_at }).from(tourDates).where(eq(tourDates.id, tourDateId)))[0]?.at ?? null,
  /** Marks the departure canceled (closed for sale) unless it is; true when this call marked it. */
  markCanceled: async (tourDateId: number): Promise<boolean> =>
    (
      await db
        .update(tourDates)
        .set({ canceled_at: sql`now()`, updated_at: sql`now()` })
        .where(and(eq(tourDates.id, tourDateId), isNull(tourDates.canceled_at)))
        .returning({ id: tourDates.id })
    ).length > 0,
});
export type DepartureCancelQueries = ReturnType<typeof queries>;

export const createDepartureCancelRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction; `tx` for recording events in it. */
  transaction: <T>(fn: (repo: DepartureCancelQueries, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db), tx as unknown as Db)),
});
export type DepartureCancelRepository = ReturnType<typeof createDepartureCancelRepository>;
