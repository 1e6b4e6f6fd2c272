import { eq, sql } from 'drizzle-orm';
import {
  BOOKING_STATUS,
  coded,
  isBookingCanceled,
  statusNoteOf,
  STATUS_NOTES,
  type BookingStatus,
  userActor,
  type StatusNote,
  type DomainActor,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { requests, requestStatusHistory } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/domain-events';

const S = BOOKING_STATUS;

/**
 * SPEC §4 booking statuses and the moves between them: 1 pending confirm → 2 pending prepayment
 * (confirm) → 3 made prepayment (the prepayment is paid) → 4 tour complete (the sweep after the
 * end date). A live request can be canceled: 5 by the tourist, 6 by the author (the provider),
 * 8 by an admin; 7 by the system only while it is unpaid (1 or 2). 4 and the canceled ones are final.
 */
export const STATUS_MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  [S.pending_confirm]: [
    S.pending_prepayment,
    S.canceled_by_tourist,
    S.canceled_by_author,
    S.canceled_by_system,
    S.canceled_by_admin,
  ],
  [S.pending_prepayment]: [
    S.made_prepayment,
    S.canceled_by_tourist,
    S.canceled_by_author,
    S.canceled_by_system,
    S.canceled_by_admin,
  ],
  [S.made_prepayment]: [S.tour_complete, S.canceled_by_tourist, S.canceled_by_author, S.canceled_by_admin],
  [S.tour_complete]: [],
  [S.canceled_by_tourist]: [],
  [S.canceled_by_author]: [],
  [S.canceled_by_system]: [],
  [S.canceled_by_admin]: [],
};

/** What is still asked of the tourist, in minor units: nothing once the request is canceled (a penalty is kept from what was paid). */
export const balanceMinorOf = (r: { status: number; total_minor: number; paid_minor: number }): number =>
  isBookingCanceled(r.status as BookingStatus) ? 0 : Math.max(0, r.total_minor - r.paid_minor);

export const canMove = (from: BookingStatus, to: BookingStatus): boolean => STATUS_MOVES[from].includes(to);

/** 422 with nothing changed when the move is not in STATUS_MOVES. */
export const assertMove = (from: BookingStatus, to: BookingStatus): void => {
  if (!canMove(from, to)) {
    throw new AppError('validation', {
      message: coded('request_status_illegal', { from, to }),
      fields: { status: [coded('request_status_illegal', { from, to })] },
    });
  }
};

/**
 * Moves a request (its row already locked by the caller's transaction) from `from` to `to`,
 * stamps confirmed_at or canceled_at, writes the history line and records `request.status_changed`
 * in the same transaction. `userId` null: the system, which writes a `note` (a code the reader
 * sees in their language) rather than a message.
 */
export const moveStatus = async (
  tx: Db,
  requestId: number,
  from: BookingStatus,
  to: BookingStatus,
  by: { userId: number | null; message?: string; note?: StatusNote; notifyTraveller?: boolean; actor?: DomainActor },
): Promise<void> => {
  assertMove(from, to);
  const [row] = await tx
    .update(requests)
    .set({
      status: to,
      updated_at: sql`now()`,
      ...(to === S.pending_prepayment ? { confirmed_at: sql`now()` } : {}),
      ...(to >= S.canceled_by_tourist ? { canceled_at: sql`now()` } : {}),
    })
    .where(eq(requests.id, requestId))
    .returning({
      organizer_id: requests.organizer_id,
      paid_minor: requests.paid_minor,
      penalty_minor: requests.penalty_minor,
    });
  await tx.insert(requestStatusHistory).values({
    request_id: requestId,
    previous_status: from,
    status: to,
    user_id: by.userId || null,
    message: by.note ?? by.message ?? '',
  });
  // every move is a domain event of the same transaction: real time, the members' notifications
  if (row)
    await recordEvent(tx, {
      type: 'request.status_changed',
      aggregateId: requestId,
      organizerId: row.organizer_id,
      actor: by.actor ?? userActor(by.userId),
      payload: {
        request_id: requestId,
        from,
        status: to,
        ...(by.notifyTraveller === false ? { notify_traveller: false } : {}),
        // what was paid and kept when canceled: the notice names the refund even once it is made
        ...(to >= S.canceled_by_tourist ? { paid_minor: row.paid_minor, penalty_minor: row.penalty_minor ?? 0 } : {}),
      },
    });
};

/**
 * A stored history line as the API gives it: a system line (no user) that stands for a note gets
 * the note's code and English text (older rows hold the text itself); anything else is as written.
 */
export const historyLine = (row: {
  user_id: number | null;
  message: string;
}): { message: string; note: StatusNote | null } => {
  const note = row.user_id === null ? statusNoteOf(row.message) : null;
  return note ? { message: STATUS_NOTES[note], note } : { message: row.message, note: null };
};
