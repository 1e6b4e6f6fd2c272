import {
  BASE_SALE_STATUS,
  SYSTEM_ACTOR,
  TOURIST_ACTOR,
  coded,
  userActor,
  type DomainActor,
  type BaseSaleStatus,
  type BookingRequest,
  type BookingStatus,
  type CancelPopupData,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { toMajor, toMinor } from '../../lib/money';
import { cancelCost } from './request-pricing';
import { requestPenalties } from './request-penalties';
import { seatsOf } from './booking-pricing.view';
import { checkExtrasStock } from './extras-stock';
import type { RequestRow } from './request.repository';
import { lockDeparture, lockRequest, releaseSeats, releaseSomeSeats, takeSeats } from './request-seats';
import { moveStatus, assertMove } from './request-status';
import { departureStarted } from './request-dates';
import { S, text, type RequestPartDeps } from './request-core';

/** English names of the marketplace's sale stages (the web names them by id). */
const BASE_SALE_STATUS_NAMES: Record<number, string> = {
  [BASE_SALE_STATUS.new]: 'New',
  [BASE_SALE_STATUS.in_work]: 'In work',
  [BASE_SALE_STATUS.waiting_for_tourist]: 'Waiting for the tourist',
  [BASE_SALE_STATUS.documents_sent]: 'Documents sent',
  [BASE_SALE_STATUS.done]: 'Done',
};

/**
 * A request's life after its making: confirmation (seats made firm), the hold, cancellation and
 * its cost, the marketplace's sale stage, and the sweeps that end holds and complete trips.
 */
export const createRequestLifecycle = (deps: RequestPartDeps) => {
  const { repo, advanceIfPrepaid, record, accessible, organizerToday, view } = deps.core;

  return {
    /**
     * 1 → 2: the seats become firm; taken again under the departure's lock when the hold has lapsed.
     * A departure that has started (its first day on the organizer's clock) is confirmed no more.
     */
    confirm: async (ctx: ServiceContext, id: number, now = new Date()): Promise<BookingRequest> => {
      const row = await accessible(ctx, id);
      const done = await repo.transaction((tx) => confirmInside(tx, row, ctx.userId || null, now));
      return view(done.id);
    },

    /** The confirm inside the caller's transaction, with no member check (the checkout's instant booking). */
    confirmInside: (tx: Db, row: RequestRow, userId: number | null, now: Date) => confirmInside(tx, row, userId, now),

    /** Keeps a pending request's seats for `seconds` more from now (never shortens a hold). */
    extendHold: async (ctx: ServiceContext, id: number, seconds: number, now = new Date()): Promise<BookingRequest> => {
      const row = await accessible(ctx, id);
      await repo.transaction(async (tx) => {
        const locked = (await lockRequest(tx, row.id))!;
        if (locked.status !== S.pending_confirm || locked.seats_taken === 0 || locked.hold_expires_at === null)
          throw AppError.validation({ id: ['hold_not_active'] }, 'hold_not_active');
        const until = new Date(Math.max(locked.hold_expires_at.getTime(), now.getTime() + seconds * 1000));
        await repo.update(tx, row.id, { hold_expires_at: until });
      });
      return view(row.id);
    },
    cancelPopupData: async (ctx: ServiceContext, id: number, now = new Date()): Promise<CancelPopupData> => {
      const row = await accessible(ctx, id);
      return cancelQuote(row, now);
    },

    /** Cancels a live request: its seats go back, open invoices are canceled, the penalty is kept. */
    cancel: async (
      ctx: ServiceContext,
      input: { id: number; message: string; notify_client: boolean; canceled_by: 'author' | 'tourist' },
      now = new Date(),
    ): Promise<BookingRequest> => {
      const row = await accessible(ctx, input.id);
      await cancelInside(row, input, ctx.userId, undefined, now);
      return view(row.id);
    },

    /**
     * The provider cancels a whole departure (issue 29; the departure module has checked the member
     * may): 6, by the author, the traveller told, the penalty by `rule` — `full` keeps nothing (all
     * paid is to be refunded), `penalties` the tour's terms, `none` keeps all paid. Answers the
     * request as canceled; 422 request_status_illegal when it is no longer live.
     */
    cancelForDeparture: async (
      id: number,
      input: { message: string; rule: 'full' | 'penalties' | 'none'; userId: number },
      now = new Date(),
    ): Promise<void> => {
      const row = await repo.byId(repo.db, id);
      if (!row) throw AppError.notFound('request_not_found');
      await cancelInside(
        row,
        { message: input.message, notify_client: true, canceled_by: 'author' },
        input.userId,
        undefined,
        now,
        input.rule,
      );
    },

    /** What cancelling would cost now, with no member check (the traveller's booking page, by its link). */
    cancelQuoteOf: async (id: number, now = new Date()): Promise<CancelPopupData> => {
      const row = await repo.byId(repo.db, id);
      if (!row) throw AppError.notFound('request_not_found');
      return cancelQuote(row, now);
    },

    /**
     * The traveller cancels their own booking (the booking page, by its link): 5, by the tourist
     * actor, the traveller told; refused when the penalty differs from `penaltyMinor` they were shown.
     */
    cancelAsTourist: async (id: number, message: string, penaltyMinor: number, now = new Date()): Promise<void> => {
      const row = await repo.byId(repo.db, id);
      if (!row) throw AppError.notFound('request_not_found');
      await cancelInside(
        row,
        { message, notify_client: true, canceled_by: 'tourist' },
        null,
        { actor: TOURIST_ACTOR, penaltyMinor },
        now,
      );
    },

    baseSaleStatuses: async (ctx: ServiceContext, id: number): Promise<{ items: BaseSaleStatus[] }> => {
      const row = await accessible(ctx, id);
      return {
        items: Object.values(BASE_SALE_STATUS).map((value) => ({
          id: value,
          name: BASE_SALE_STATUS_NAMES[value]!,
          is_current: row.base_sale_status === value,
        })),
      };
    },

    changeBaseSaleStatus: async (ctx: ServiceContext, id: number, value: number): Promise<{ success: boolean }> => {
      const row = await accessible(ctx, id);
      await repo.transaction(async (tx) => {
        await repo.update(tx, row.id, { base_sale_status: value });
        await record(tx, 'request.updated', row, userActor(ctx.userId));
      });
      return { success: true };
    },

    /**
     * The sweeps (server.ts runs them every minute): holds that have passed give their seats back
     * (the request stays pending: confirm takes seats again if any are left); prepaid requests
     * whose trip has ended become 4. Each request in its own locked transaction, re-checked there.
     */
    sweep: async (now = new Date()): Promise<{ released: number; completed: number }> => {
      let released = 0;
      let completed = 0;
      for (const { id } of await repo.expiredHolds(now, 500)) {
        const row = await repo.transaction(async (tx) => {
          const locked = await lockRequest(tx, id);
          if (!locked || !locked.hold_expires_at || locked.hold_expires_at >= now || locked.seats_taken === 0)
            return null;
          if (locked.tour_date_id !== null) await lockDeparture(tx, locked.tour_date_id);
          await releaseSeats(tx, locked);
          await record(tx, 'request.updated', locked, SYSTEM_ACTOR);
          return locked;
        });
        if (row) released += 1;
      }
      // a day after the end everywhere: the end date is the organizer's, the sweep's clock is UTC
      const yesterday = calendarDayIn(null, new Date(now.getTime() - 86_400_000));
      for (const { id } of await repo.endedTrips(yesterday, 500)) {
        const row = await repo.transaction(async (tx) => {
          const locked = await lockRequest(tx, id);
          if (!locked || locked.status !== S.made_prepayment) return null;
          await moveStatus(tx, id, S.made_prepayment, S.tour_complete, { userId: null });
          return { ...locked, status: S.tour_complete };
        });
        if (row) completed += 1;
      }
      return { released, completed };
    },
  };

  /** Cancels a live request inside its lock: its seats go back, open invoices are canceled, the penalty is kept. */
  async function cancelInside(
    row: RequestRow,
    input: { message: string; notify_client: boolean; canceled_by: 'author' | 'tourist' },
    userId: number | null,
    tourist: { actor: DomainActor; penaltyMinor: number } | undefined,
    now: Date,
    /** a departure's cancel (issue 29): the refund rule in place of the terms */
    rule: 'full' | 'penalties' | 'none' = 'penalties',
  ): Promise<void> {
    const to = input.canceled_by === 'tourist' ? S.canceled_by_tourist : S.canceled_by_author;
    await repo.transaction(async (tx) => {
      const locked = (await lockRequest(tx, row.id))!;
      assertMove(locked.status as BookingStatus, to);
      if (locked.tour_date_id !== null && locked.seats_taken > 0) {
        await lockDeparture(tx, locked.tour_date_id);
        await releaseSeats(tx, locked);
      }
      const current = (await repo.byId(tx, row.id))!;
      const quote = await cancelQuote(current, now, tx);
      if (tourist && toMinor(quote.penalty_amount) !== tourist.penaltyMinor)
        throw AppError.validation(
          { penalty_amount: [coded('booking_penalty_changed', { penalty: quote.penalty_amount })] },
          'booking_penalty_changed',
        );
      const penaltyMinor = rule === 'full' ? 0 : rule === 'none' ? current.paid_minor : toMinor(quote.penalty_amount);
      await repo.update(tx, row.id, {
        penalty_minor: penaltyMinor,
        cancel_message: input.message || null,
      });
      await repo.cancelOpenInvoices(tx, row.id);
      await moveStatus(tx, row.id, locked.status as BookingStatus, to, {
        userId,
        message: input.message,
        // the traveller messages tell the traveller (with the refund), unless asked not to
        notifyTraveller: input.notify_client,
        ...(tourist ? { actor: tourist.actor } : {}),
      });
    });
  }

  /** What cancelling would cost now: the tour's penalties (unless it uses the standard terms), else the organizer's. */
  async function cancelQuote(row: RequestRow, now: Date, q: Db = repo.db): Promise<CancelPopupData> {
    const { today, profile } = await organizerToday(q, row.organizer_id, now);
    const { penalties, source } = await requestPenalties(repo, row.tour_id, profile, q);
    const daysBefore = row.date_start ? daysBetween(today, row.date_start) : null;
    const cost = cancelCost(penalties, daysBefore, row.total_minor, row.paid_minor);
    return {
      request_id: row.id,
      currency: row.currency,
      days_before_start: daysBefore,
      penalties: [...penalties].sort((a, b) => b.days_before - a.days_before),
      penalties_source: source,
      applied_penalty: cost.penalty,
      price: toMajor(row.total_minor),
      paid_amount: toMajor(row.paid_minor),
      penalty_amount: toMajor(cost.penalty_minor),
      refund_amount: toMajor(cost.refund_minor),
      cancellation_terms: text(profile.cancellation_terms),
      actual_expenses: text(profile.actual_expenses),
    };
  }

  async function confirmInside(tx: Db, row: RequestRow, userId: number | null, now: Date): Promise<RequestRow> {
    const locked = (await lockRequest(tx, row.id))!;
    assertMove(locked.status as BookingStatus, S.pending_prepayment);
    if (!row.is_individual_tour) {
      if (locked.tour_date_id === null) throw AppError.validation({ tour_date_id: ['request_needs_departure'] });
      await lockDeparture(tx, locked.tour_date_id);
      const departure = (await repo.departure(tx, locked.tour_date_id))!;
      const { today } = await organizerToday(tx, row.organizer_id, now);
      if (departureStarted(departure.date_start, today))
        throw AppError.validation({ tour_date_id: ['departure_started'] }, 'departure_started');
      // the travellers taking a seat (issue 26: an infant on a lap takes none)
      const fresh = (await repo.byId(tx, row.id))!;
      const seats = seatsOf(fresh);
      const need = seats - locked.seats_taken;
      if (need >= 0) await takeSeats(tx, locked, locked.tour_date_id, need, null);
      else {
        await releaseSomeSeats(tx, locked, locked.tour_date_id, -need);
        await takeSeats(tx, { id: locked.id, seats_taken: seats }, locked.tour_date_id, 0, null);
      }
      if (locked.seats_taken === 0) await checkExtrasStock(tx, fresh, locked.tour_date_id);
    }
    await moveStatus(tx, row.id, locked.status as BookingStatus, S.pending_prepayment, { userId });
    // money paid before the confirmation (an invoice sent while pending) counts at once: 2 → 3
    const advanced = await advanceIfPrepaid(tx, row.id);
    return { ...row, status: advanced ? S.made_prepayment : S.pending_prepayment };
  }
};
