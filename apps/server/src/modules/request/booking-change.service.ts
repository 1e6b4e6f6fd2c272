import {
  coded,
  userActor,
  type BookingChangeBody,
  type BookingChangeFigures,
  type BookingPricing,
  type BookingSnapshot,
  type TourPrices,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { StoredExtraLine } from '../../db/schema/bookings';
import { AppError, type FieldMessages } from '../../lib/app-error';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { recordEvent } from '../../lib/domain-events';
import { numericToMinor, toMajor, toMinor } from '../../lib/money';
import { memberActorOf } from '../../lib/tenancy';
import { toCategory, toExtra, type ExtraRow, type PromoCodeService, type createTourPricesRepository } from '../tour';
import { changeFigures, priceBooking, type PromoRule } from './booking-price';
import type { BookingChangeRepository } from './booking-change.repository';
import { memberName, pricingOf, snapshotOf, travellersOf } from './booking-pricing.view';
import { FIRM_STATUSES, isClosed, type RequestCore } from './request-core';
import { requestPenalties } from './request-penalties';
import { lockDeparture, lockRequest, releaseSeats, releaseSomeSeats, takeSeats } from './request-seats';
import { createMoveTarget, repricedAt } from './booking-move';
import { extraLines, travellerLines } from './booking-lines';
import type { RequestRow } from './request.repository';

type TourPricesRepository = ReturnType<typeof createTourPricesRepository>;
export type BookingChangeInput = Omit<BookingChangeBody, 'request_id' | 'dry_run'>;

/** Rolls back a dry run's transaction, carrying what the change would have made. */
class DryRun {
  constructor(readonly result: { row: RequestRow; figures: BookingChangeFigures }) {}
}

const fail = (errors: FieldMessages): never => {
  throw AppError.validation(errors);
};

/**
 * Changing a booking after it is made (issue 26): travellers per category, extras, manual lines
 * and the promo code, in ONE transaction with the request's and then the departure's row lock
 * (request-seats.ts): the price recomputed (booking-price.ts), seats and the extras' stock taken or
 * given back, never oversold; what was paid kept. Lines already on the booking keep the price
 * they were sold at; a category or extra added now is priced by the tour's rules of today.
 */
export const createBookingChangeService = (deps: {
  core: RequestCore;
  changes: BookingChangeRepository;
  prices: TourPricesRepository;
  promoCodes: PromoCodeService;
}) => {
  const { core, changes, prices, promoCodes } = deps;
  const { repo, accessible, organizerToday } = core;
  const moveTarget = createMoveTarget(repo);

  /** The tour and departure a booking is priced with: 422 on request_id for one without (individual, tour gone). */
  const pricedWith = async (q: Db, row: RequestRow) => {
    const departure = row.tour_date_id ? await repo.departure(q, row.tour_date_id) : null;
    if (row.tour_id === null || row.is_individual_tour || !departure)
      return fail({ request_id: ['booking_not_priced'] });
    return { tourId: row.tour_id, departure };
  };

  /**
   * Refuses (422 extra_out_of_stock, with what is left) when a stocked extra of `lines` has fewer
   * left on the departure than asked, counting what other bookings and checkouts hold. Inside the
   * caller's lock of the departure.
   */
  const checkStock = async (
    tx: Db,
    departureId: number,
    lines: StoredExtraLine[],
    extras: ExtraRow[],
    chosen: BookingChangeInput['extras'],
    exceptRequestId: number,
    fallback: string,
  ): Promise<void> => {
    for (const e of lines) {
      const stock = extras.find((x) => x.id === e.extra_id)?.stock;
      if (stock === null || stock === undefined) continue;
      const held = await changes.extraHeld(tx, e.extra_id!, departureId, exceptRequestId);
      if (held + e.quantity > stock) {
        const at = chosen?.findIndex((c) => c.extra_id === e.extra_id) ?? -1;
        fail({
          [at >= 0 ? `extras.${at}.quantity` : fallback]: [
            coded('extra_out_of_stock', { free: Math.max(0, stock - held) }),
          ],
        });
      }
    }
  };

  /**
   * A new booking's price without making it (issue 27's checkout: the quote and the hold): its
   * travellers and extras as apply makes them, the tour's discounts, the promo code peeked (used
   * only by the booking the confirm makes). `checkStock` refuses extras out of stock, inside the
   * caller's lock of the departure.
   */
  const quote = async (
    q: Db,
    input: Required<Pick<BookingChangeInput, 'travellers' | 'extras'>> & {
      organizerId: number;
      tourId: number;
      departure: { id: number; price: string | null; date_start: string };
      promo_code: string | null;
      email: string;
      now: Date;
    },
  ) => {
    const { today } = await organizerToday(q, input.organizerId, input.now);
    const [categories, extras] = [await prices.categories(input.tourId, q), await prices.extras(input.tourId, q)];
    const travellers = travellerLines([], input.travellers, categories, numericToMinor(input.departure.price) ?? 0);
    const tourists = travellers.reduce((n, t) => n + t.count, 0);
    const seats = travellers.reduce((n, t) => n + (t.takes_seat ? t.count : 0), 0);
    if (seats < 1) fail({ travellers: ['booking_needs_traveller'] });
    const lines = extraLines([], input.extras, extras, tourists);
    const at = { organizerId: input.organizerId, tourId: input.tourId, email: input.email, today };
    const priced = priceBooking({
      travellers,
      extras: lines,
      adjustments: [],
      discounts: await repo.discounts(q, input.tourId),
      bookedOn: calendarDayIn(null, input.now),
      startsOn: input.departure.date_start,
      promo: input.promo_code ? await promoCodes.peek(q, at, input.promo_code) : null,
    });
    return {
      priced: {
        travellers,
        extras: lines,
        adjustments: [],
        discount: priced.discount,
        promo: priced.promo,
        total_minor: priced.total_minor,
        tourists_count: tourists,
        unit_price_minor: travellers[0]?.unit_minor ?? 0,
        paid_minor: 0,
      },
      seats,
      checkStock: (tx: Db) => checkStock(tx, input.departure.id, lines, extras, input.extras, 0, 'extras'),
    };
  };

  /**
   * Applies a change to the locked request `row` inside `tx`; answers the row as changed and the
   * money figures. `history` false: the booking is being made (no history row of its own).
   */
  const apply = async (
    tx: Db,
    ctx: ServiceContext,
    row: RequestRow,
    input: BookingChangeInput,
    now: Date,
    history = true,
  ): Promise<{ row: RequestRow; figures: BookingChangeFigures }> => {
    if (isClosed(row.status)) fail({ request_id: ['request_closed'] });
    const { tourId, departure: was } = await pricedWith(tx, row);
    const { today, profile } = await organizerToday(tx, row.organizer_id, now);
    // a move to another departure of the tour: every category repriced by that departure's price
    const moving = input.tour_date_id !== undefined && input.tour_date_id !== row.tour_date_id;
    const departure = moving ? await moveTarget(tx, tourId, input.tour_date_id!, today) : was;
    const [categories, extras] = [await prices.categories(tourId, tx), await prices.extras(tourId, tx)];
    const baseMinor = numericToMinor(departure.price) ?? 0;
    const chosen = input.travellers
      ? travellerLines(travellersOf(row), input.travellers, categories, baseMinor)
      : travellersOf(row);
    const travellers = moving ? repricedAt(chosen, categories, baseMinor) : chosen;
    const tourists = travellers.reduce((n, t) => n + t.count, 0);
    const seats = travellers.reduce((n, t) => n + (t.takes_seat ? t.count : 0), 0);
    if (seats < 1) fail({ travellers: ['booking_needs_traveller'] });
    const named = await repo.touristCount(tx, row.id);
    if (tourists < named) fail({ travellers: [coded('tourists_count_below_listed', { count: named })] });
    const chosenExtras = extraLines(row.extras, input.extras, extras, tourists);
    const adjustments = input.adjustments
      ? input.adjustments.map((a) => ({ kind: a.kind, amount_minor: toMinor(a.amount), reason: a.reason }))
      : row.adjustments;

    let promo: PromoRule | null = row.promo;
    if (input.promo_code !== undefined) {
      const same = input.promo_code !== null && row.promo?.code === input.promo_code.trim().toUpperCase();
      if (!same) {
        if (row.promo) {
          await promoCodes.lockForSwap(tx, row.organizer_id, row.id, input.promo_code);
          await promoCodes.release(tx, row.id);
        }
        promo =
          input.promo_code === null || input.promo_code.trim() === ''
            ? null
            : await promoCodes.use(
                tx,
                { organizerId: row.organizer_id, tourId, requestId: row.id, email: row.customer_email, today },
                input.promo_code,
              );
      }
    }
    const priced = priceBooking({
      travellers,
      extras: chosenExtras,
      adjustments,
      discounts: await repo.discounts(tx, tourId),
      bookedOn: calendarDayIn(null, row.created_at),
      startsOn: departure.date_start,
      promo,
    });
    const off = (priced.discount?.amount_minor ?? 0) + (priced.promo?.amount_minor ?? 0);
    if (priced.travellers_minor + priced.extras_minor - off + priced.adjustments_minor < 0)
      fail({ adjustments: ['adjustment_over_total'] });

    // seats: firm for a confirmed request, held (same expiry) while pending and the hold lasts
    const locked = (await lockRequest(tx, row.id))!;
    const holdsSeats = FIRM_STATUSES.includes(locked.status) || locked.seats_taken > 0;
    const stocked = chosenExtras.filter((e) => extras.find((x) => x.id === e.extra_id)?.stock != null);
    const holdUntil = FIRM_STATUSES.includes(locked.status) ? null : locked.hold_expires_at;
    if (moving) {
      // both departures, lower id first: two moves the other way round never wait on each other
      for (const id of [was.id, departure.id].sort((a, b) => a - b)) await lockDeparture(tx, id);
      if (holdsSeats) {
        await releaseSeats(tx, locked);
        await takeSeats(tx, { id: row.id, seats_taken: 0 }, departure.id, seats, holdUntil, 'tour_date_id');
      }
    } else {
      if ((holdsSeats && seats !== locked.seats_taken) || stocked.length > 0) await lockDeparture(tx, departure.id);
      const delta = seats - locked.seats_taken;
      if (holdsSeats && delta > 0) await takeSeats(tx, locked, departure.id, delta, holdUntil, 'travellers');
      if (holdsSeats && delta < 0) await releaseSomeSeats(tx, locked, departure.id, -delta);
    }
    await checkStock(tx, departure.id, chosenExtras, extras, input.extras, row.id, moving ? 'tour_date_id' : 'extras');

    const values = {
      travellers,
      extras: chosenExtras,
      adjustments,
      promo: priced.promo,
      discount: priced.discount,
      total_minor: priced.total_minor,
      tourists_count: tourists,
      ...(moving ? { tour_date_id: departure.id, date_start: departure.date_start, date_end: departure.date_end } : {}),
    };
    await repo.update(tx, row.id, values);
    const after = { ...row, ...values, seats_taken: holdsSeats ? seats : locked.seats_taken };
    const what = (['date_start', 'travellers', 'extras', 'adjustments', 'promo_code'] as const)
      .filter((k) => JSON.stringify(snapshotOf(row)[k]) !== JSON.stringify(snapshotOf(after)[k]))
      .map((k) => (k === 'date_start' ? 'departure' : k));
    if (history && (what.length > 0 || row.total_minor !== after.total_minor))
      await changes.insertChange(tx, {
        request_id: row.id,
        user_id: ctx.userId || null,
        what: what.join(','),
        before: snapshotOf(row),
        after: snapshotOf(after),
      });
    const actor = userActor(ctx.userId);
    await core.record(tx, 'request.updated', after, actor);
    if (tourists !== row.tourists_count)
      await recordEvent(tx, {
        type: 'request.tourists_changed',
        aggregateId: row.id,
        organizerId: row.organizer_id,
        actor,
        payload: { request_id: row.id, source: 'provider' },
      });
    const { penalties } = await requestPenalties(repo, tourId, profile, tx);
    const daysBefore = row.date_start ? daysBetween(today, row.date_start) : null;
    const f = changeFigures(row.total_minor, after.total_minor, row.paid_minor, penalties, daysBefore);
    return {
      row: after,
      figures: {
        total_before: toMajor(f.total_before_minor),
        total_after: toMajor(f.total_after_minor),
        paid: toMajor(f.paid_minor),
        balance_due: toMajor(f.balance_due_minor),
        overpaid: toMajor(f.overpaid_minor),
        penalty_percent: f.penalty_percent,
        penalty: toMajor(f.penalty_minor),
        refund_offered: toMajor(f.refund_offered_minor),
      },
    };
  };

  return {
    apply,
    quote,

    pricing: async (
      ctx: ServiceContext,
      requestId: number,
    ): Promise<{ pricing: BookingPricing; prices: TourPrices }> => {
      const row = await accessible(ctx, requestId, 'bookings.read');
      const tourId = row.tour_id && !row.is_individual_tour ? row.tour_id : null;
      return {
        pricing: pricingOf(row),
        prices: {
          categories: tourId ? (await prices.categories(tourId)).map(toCategory) : [],
          extras: tourId ? (await prices.extras(tourId)).map(toExtra) : [],
        },
      };
    },

    /**
     * change-booking. A dry run makes the change in a transaction it then rolls back: the price,
     * the figures and any refusal are the real change's, and nothing is written or sent.
     */
    change: async (
      ctx: ServiceContext,
      requestId: number,
      { dry_run: dryRun, ...input }: BookingChangeInput & { dry_run?: boolean },
      now = new Date(),
    ): Promise<{ pricing: BookingPricing; figures: BookingChangeFigures }> => {
      await accessible(ctx, requestId);
      const empty = Object.values(input).every((v) => v === undefined);
      if (empty) fail({ request_id: ['nothing_to_change'] });
      let done: { row: RequestRow; figures: BookingChangeFigures };
      try {
        done = await repo.transaction(async (tx) => {
          await lockRequest(tx, requestId);
          const made = await apply(tx, ctx, (await repo.byId(tx, requestId))!, input, now);
          if (dryRun) throw new DryRun(made);
          return made;
        });
      } catch (e) {
        if (!(e instanceof DryRun)) throw e;
        done = e.result;
      }
      return { pricing: pricingOf(done.row), figures: done.figures };
    },

    changes: async (ctx: ServiceContext, requestId: number) => {
      await accessible(ctx, requestId, 'bookings.read');
      return {
        items: (await changes.changes(requestId)).map((c) => ({
          id: c.id,
          user_id: c.user_id,
          user_name: memberName(c),
          actor: memberActorOf(c.user_id, memberName(c), c.role),
          what: c.what ? c.what.split(',') : [],
          before: c.before as BookingSnapshot,
          after: c.after as BookingSnapshot,
          created_at: c.created_at.toISOString(),
        })),
      };
    },
  };
};
export type BookingChangeService = ReturnType<typeof createBookingChangeService>;
