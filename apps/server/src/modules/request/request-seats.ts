import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { coded } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { requests, tourDates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * Seats of a departure, never sold twice. Every change of a departure's number_of_free_seats and
 * of a request's seats_taken happens here, inside the caller's transaction, after
 * `lockRequest` and then `lockDeparture` (always in that order, so two transactions never wait on
 * each other crosswise). On PostgreSQL these are row locks (SELECT … FOR UPDATE), as pretix locks
 * its quotas; PGlite runs one transaction at a time, so it needs none. The conditional UPDATE
 * repeats the check in the database itself: a free-seat count never goes below 0.
 */

/** How long a new request holds its seats unless it is confirmed (at least 301 s; HOLD_SECONDS). */
export const DEFAULT_HOLD_SECONDS = 15 * 60;
export const MIN_HOLD_SECONDS = 301;

export interface LockedRequest {
  id: number;
  organizer_id: number;
  status: number;
  tour_id: number | null;
  tour_date_id: number | null;
  tourists_count: number;
  seats_taken: number;
  hold_expires_at: Date | null;
}

/** Locks the request's row for the rest of the transaction and reads it; null when there is none. */
export const lockRequest = async (tx: Db, requestId: number): Promise<LockedRequest | null> => {
  const [row] = await tx
    .select({
      id: requests.id,
      organizer_id: requests.organizer_id,
      status: requests.status,
      tour_id: requests.tour_id,
      tour_date_id: requests.tour_date_id,
      tourists_count: requests.tourists_count,
      seats_taken: requests.seats_taken,
      hold_expires_at: requests.hold_expires_at,
    })
    .from(requests)
    .where(eq(requests.id, requestId))
    .for('update');
  return row ?? null;
};

/** Locks a departure's row; answers its seats, or null when it is gone. */
export const lockDeparture = async (
  tx: Db,
  tourDateId: number,
): Promise<{ id: number; tour_id: number; number_of_seats: number; number_of_free_seats: number } | null> => {
  const [row] = await tx
    .select({
      id: tourDates.id,
      tour_id: tourDates.tour_id,
      number_of_seats: tourDates.number_of_seats,
      number_of_free_seats: tourDates.number_of_free_seats,
    })
    .from(tourDates)
    .where(eq(tourDates.id, tourDateId))
    .for('update');
  return row ?? null;
};

/**
 * Takes `count` seats of the departure for the request, beside what it already has: firm
 * (`holdUntil` null) or held until then. 422 `not_enough_seats` on `field`, nothing changed, when
 * the departure has fewer free seats.
 */
export const takeSeats = async (
  tx: Db,
  request: Pick<LockedRequest, 'id' | 'seats_taken'>,
  tourDateId: number,
  count: number,
  holdUntil: Date | null,
  field = 'tourists_count',
): Promise<void> => {
  if (count > 0) {
    const taken = await tx
      .update(tourDates)
      .set({ number_of_free_seats: sql`${tourDates.number_of_free_seats} - ${count}` })
      .where(
        and(eq(tourDates.id, tourDateId), gte(tourDates.number_of_free_seats, count), isNull(tourDates.canceled_at)),
      )
      .returning({ id: tourDates.id });
    if (taken.length === 0) {
      const [left] = await tx
        .select({ free: tourDates.number_of_free_seats, canceled_at: tourDates.canceled_at })
        .from(tourDates)
        .where(eq(tourDates.id, tourDateId));
      // a canceled departure (issue 29) sells no seat
      if (left?.canceled_at) throw AppError.validation({ [field]: ['departure_canceled'] }, 'departure_canceled');
      throw AppError.validation({ [field]: [coded('not_enough_seats', { free: left?.free ?? 0 })] });
    }
  }
  await tx
    .update(requests)
    .set({ seats_taken: request.seats_taken + count, hold_expires_at: holdUntil, updated_at: sql`now()` })
    .where(eq(requests.id, request.id));
};

/** Gives `count` of the request's seats back (fewer tourists); what remains keeps its hold or firmness. */
export const releaseSomeSeats = async (
  tx: Db,
  request: Pick<LockedRequest, 'id' | 'seats_taken'>,
  tourDateId: number,
  count: number,
): Promise<void> => {
  const n = Math.min(count, request.seats_taken);
  if (n <= 0) return;
  await tx
    .update(tourDates)
    .set({ number_of_free_seats: sql`LEAST(${tourDates.number_of_seats}, ${tourDates.number_of_free_seats} + ${n})` })
    .where(eq(tourDates.id, tourDateId));
  await tx
    .update(requests)
    .set({ seats_taken: request.seats_taken - n, updated_at: sql`now()` })
    .where(eq(requests.id, request.id));
  request.seats_taken -= n;
};

/** Gives every seat the request has back to its departure (a cancel, an expired hold, a move). */
export const releaseSeats = async (
  tx: Db,
  request: Pick<LockedRequest, 'id' | 'seats_taken' | 'tour_date_id'>,
): Promise<void> => {
  if (request.seats_taken > 0 && request.tour_date_id !== null) {
    await tx
      .update(tourDates)
      .set({
        number_of_free_seats: sql`LEAST(${tourDates.number_of_seats}, ${tourDates.number_of_free_seats} + ${request.seats_taken})`,
      })
      .where(eq(tourDates.id, request.tour_date_id));
  }
  await tx
    .update(requests)
    .set({ seats_taken: 0, hold_expires_at: null, updated_at: sql`now()` })
    .where(eq(requests.id, request.id));
};
