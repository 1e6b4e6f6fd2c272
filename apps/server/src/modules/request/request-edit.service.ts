import { coded, userActor, type BookingRequest, type DomainActor, type TourDate } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { StoredThirdPartyAgent } from '../../db/schema/bookings';
import { AppError } from '../../lib/app-error';
import { calendarDayIn } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { numericToMinor, toMinor } from '../../lib/money';
import { toTourDate } from '../tour';
import { discountAmount, priceRequest } from './request-pricing';
import type { RequestRepository, RequestRow } from './request.repository';
import { lockDeparture, lockRequest, releaseSeats, releaseSomeSeats, takeSeats } from './request-seats';
import { requestSearchText } from './request-search';
import { departureStarted, firstBookableDay, pastDateErrors } from './request-dates';
import { createMoveTarget } from './booking-move';
import {
  FIRM_STATUSES,
  S,
  isClosed,
  text,
  type OwnRequestInput,
  type RequestPartDeps,
  type RequestUpdateInput,
} from './request-core';

/** Making a request by hand and changing it: its count, price, departure, dates, contact. */
export const createRequestEdit = (deps: RequestPartDeps) => {
  const { repo, tenancy, holdSeconds, record, accessible, organizerToday, view } = deps.core;
  const moveTarget = createMoveTarget(repo);

  const storedAgent = (a: OwnRequestInput['third_party_agent']): StoredThirdPartyAgent | null =>
    a ? { name: a.name, email: a.email, phone: a.phone, commission_minor: toMinor(a.commission) } : null;

  const touristRows = (requestId: number, tourists: Record<string, unknown>[], from = 0) =>
    tourists.map((t, i) => ({
      request_id: requestId,
      position: from + i,
      first_name: text(t.first_name),
      last_name: text(t.last_name),
      middle_name: text(t.middle_name),
      birthday: typeof t.birthday === 'string' ? t.birthday : null,
      passport: text(t.passport),
      email: text(t.email),
      phone: text(t.phone),
      food_restriction: text(t.food_restriction),
      is_contact_person: t.is_contact_person === true,
      is_child: t.is_child === true,
      needs_transfer: t.needs_transfer === true,
    }));

  /**
   * Makes the request inside the caller's transaction, with no member check: the hand-made
   * request's body, and the checkout's (issue 27: a traveller's, source direct_sales, its actor the
   * tourist). Priced, its seats held until `hold_seconds` pass.
   */
  const insertOwn = async (
    tx: Db,
    ctx: ServiceContext,
    input: OwnRequestInput,
    source: 'own' | 'third_party_agent' | 'direct_sales',
    now: Date,
    actor: DomainActor = userActor(ctx.userId),
  ): Promise<RequestRow> => {
    const organizerId = input.tour_organizer_id;
    const tour = await repo.tour(tx, input.tour_id);
    if (!tour || tour.organizer_id !== organizerId) throw AppError.notFound('tour_not_found');
    if (tour.status === 'archived') throw AppError.validation({ tour_id: ['tour_unknown_item'] });
    const byCategory =
      input.travellers !== undefined || input.extras !== undefined || (input.promo_code ?? null) !== null;
    if (byCategory && (input.is_individual_tour || !deps.applyBooking))
      throw AppError.validation({ travellers: ['booking_not_priced'] });
    // by category, the travellers are the count (apply checks the tourists named against them)
    if (!byCategory && input.tourists.length > input.tourists_count)
      throw AppError.validation({ tourists: [coded('tourists_over_count', { count: input.tourists_count })] });
    const { today } = await organizerToday(tx, organizerId, now);
    const explicit = input.unit_price === undefined ? null : toMinor(input.unit_price);
    let departureId: number | null = null;
    let dates = { date_start: input.date_start, date_end: input.date_end };
    let priced;
    if (!input.is_individual_tour) {
      if (input.tour_date_id === null) throw AppError.validation({ tour_date_id: ['request_needs_departure'] });
      const locked = await lockDeparture(tx, input.tour_date_id);
      const departure = locked && (await repo.departure(tx, locked.id));
      if (!departure || departure.tour_id !== tour.id)
        throw AppError.validation({ tour_date_id: ['departure_not_of_tour'] });
      if (departureStarted(departure.date_start, today))
        throw AppError.validation({ tour_date_id: ['departure_started'] });
      departureId = departure.id;
      dates = { date_start: departure.date_start, date_end: departure.date_end };
      priced =
        explicit !== null
          ? priceRequest(explicit, input.tourists_count, [], today, departure.date_start)
          : priceRequest(
              numericToMinor(departure.price) ?? 0,
              input.tourists_count,
              await repo.discounts(tx, tour.id),
              today,
              departure.date_start,
            );
    } else {
      if (input.tour_date_id !== null) throw AppError.validation({ tour_date_id: ['request_not_individual'] });
      const past = pastDateErrors(today, input, { date_start: null, date_end: null });
      if (past) throw AppError.validation(past);
      priced = priceRequest(
        explicit ?? numericToMinor(tour.price) ?? 0,
        input.tourists_count,
        [],
        today,
        input.date_start,
      );
    }
    // the travellers per category (issue 26): a booking made here is its tourists_count adults
    const adult = departureId !== null ? await repo.adultCategory(tx, tour.id) : null;
    const travellers = adult
      ? [
          {
            category_id: adult.id,
            code: adult.code,
            name_en: adult.name_en,
            name_ru: adult.name_ru,
            count: input.tourists_count,
            unit_minor: priced.unit_price_minor,
            takes_seat: true,
          },
        ]
      : null;
    const row = await repo.insert(tx, {
      travellers,
      organizer_id: organizerId,
      tour_id: tour.id,
      tour_date_id: departureId,
      status: S.pending_confirm,
      source,
      third_party_agent: storedAgent(input.third_party_agent),
      is_individual_tour: input.is_individual_tour,
      ...dates,
      currency: tour.currency,
      tourists_count: input.tourists_count,
      ...priced,
      individual_tour_price_minor: input.is_individual_tour ? priced.total_minor : null,
      customer_name: input.customer_name,
      customer_email: input.customer_email,
      customer_phone: input.customer_phone,
      comment: input.comment,
      idempotency_key: input.idempotency_key,
      created_by_user_id: ctx.userId || null,
    });
    await repo.update(tx, row.id, { search_text: requestSearchText({ ...row, tourists: input.tourists }) });
    if (departureId !== null) {
      const until = new Date(now.getTime() + (input.hold_seconds ?? holdSeconds) * 1000);
      // by category: one seat now, the rest (or none) as apply counts the travellers taking one
      await takeSeats(tx, { id: row.id, seats_taken: 0 }, departureId, byCategory ? 1 : input.tourists_count, until);
    }
    await repo.insertTourists(tx, touristRows(row.id, input.tourists));
    if (byCategory) {
      const { travellers, extras, promo_code } = input;
      await deps.applyBooking!(tx, ctx, (await repo.byId(tx, row.id))!, { travellers, extras, promo_code }, now, false);
    }
    await repo.insertHistory(tx, {
      request_id: row.id,
      previous_status: null,
      status: S.pending_confirm,
      user_id: ctx.userId || null,
    });
    if (input.language) await repo.update(tx, row.id, { language: input.language });
    await record(tx, 'request.created', row, actor);
    return row;
  };

  /** Makes a request by hand (own, or a third-party agent's): priced, its seats held, idempotent by key. */
  const create = async (
    ctx: ServiceContext,
    input: OwnRequestInput,
    source: 'own' | 'third_party_agent',
    now = new Date(),
  ): Promise<BookingRequest> => {
    const organizerId = input.tour_organizer_id;
    await tenancy.assertMember(ctx.userId, organizerId, 'bookings.write');
    const again = await repo.byIdempotencyKey(organizerId, input.idempotency_key);
    if (again) return view(again.id);
    let made: RequestRow;
    try {
      made = await repo.transaction((tx) => insertOwn(tx, ctx, input, source, now));
    } catch (e) {
      // the same key at the same moment: the other call made it
      if (isUniqueViolation(e)) {
        const other = await repo.byIdempotencyKey(organizerId, input.idempotency_key);
        if (other) return view(other.id);
      }
      throw e;
    }
    return view(made.id);
  };

  /** Changes a live request: contact, count (seats follow), price, departure, an individual tour's dates. */
  const update = async (
    ctx: ServiceContext,
    input: RequestUpdateInput,
    only?: 'own' | 'third_party_agent',
    now = new Date(),
  ): Promise<BookingRequest> => {
    const row = await accessible(ctx, input.id);
    if (only && row.source !== only) throw AppError.notFound('request_not_found');
    const changed = await repo.transaction(async (tx) => {
      const locked = (await lockRequest(tx, row.id))!;
      if (isClosed(locked.status)) throw AppError.validation({ id: ['request_closed'] }, 'request_closed');
      let current = (await repo.byId(tx, row.id))!;
      const count = input.tourists_count ?? current.tourists_count;
      const listed = await repo.touristCount(tx, row.id);
      if (count < listed)
        throw AppError.validation({ tourists_count: [coded('tourists_count_below_listed', { count: listed })] });
      if ((input.date_start !== undefined || input.date_end !== undefined) && !current.is_individual_tour)
        throw AppError.validation({ date_start: ['request_individual_only'] });
      if (input.tour_date_id !== undefined && current.is_individual_tour)
        throw AppError.validation({ tour_date_id: ['request_not_individual'] });
      const { today } = await organizerToday(tx, current.organizer_id, now);
      const past = pastDateErrors(today, input, current);
      if (past) throw AppError.validation(past);
      const values: Parameters<RequestRepository['update']>[2] = {};
      // a booking priced by categories (more than its adults, extras, manual lines, a promo code)
      // changes its count and departure through change-booking (issue 26); N adults change here too
      const simple =
        (current.travellers ?? []).every((t) => t.code === 'adult' || t.count === 0) &&
        current.extras.length === 0 &&
        current.adjustments.length === 0 &&
        current.promo === null;
      if (!simple && input.tourists_count !== undefined && input.tourists_count !== current.tourists_count)
        throw AppError.validation({ tourists_count: ['booking_change_by_category'] });
      if (!simple && input.tour_date_id !== undefined && input.tour_date_id !== current.tour_date_id) {
        // its move is change-booking's: seats, extras' stock and every category repriced, in this transaction
        await deps.applyBooking!(tx, ctx, current, { tour_date_id: input.tour_date_id }, now, true);
        current = (await repo.byId(tx, row.id))!;
      }
      // seats: firm for a confirmed request; held (same expiry) while pending and the hold lasts
      const holdsSeats = FIRM_STATUSES.includes(locked.status) || locked.seats_taken > 0;
      const holdUntil = FIRM_STATUSES.includes(locked.status) ? null : locked.hold_expires_at;
      let departure = current.tour_date_id ? await repo.departure(tx, current.tour_date_id) : null;
      const moving = input.tour_date_id !== undefined && input.tour_date_id !== current.tour_date_id;
      if (moving) {
        const target = await moveTarget(tx, current.tour_id, input.tour_date_id!, today);
        // both departures, lower id first: two moves the other way round never wait on each other
        for (const id of [current.tour_date_id, target.id].filter((x): x is number => x !== null).sort((a, b) => a - b))
          await lockDeparture(tx, id);
        await releaseSeats(tx, locked);
        if (holdsSeats) await takeSeats(tx, { id: row.id, seats_taken: 0 }, target.id, count, holdUntil);
        departure = target;
        Object.assign(values, { tour_date_id: target.id, date_start: target.date_start, date_end: target.date_end });
      } else if (count !== current.tourists_count && current.tour_date_id !== null && holdsSeats) {
        await lockDeparture(tx, current.tour_date_id);
        const delta = count - locked.seats_taken;
        if (delta > 0) await takeSeats(tx, locked, current.tour_date_id, delta, holdUntil);
        if (delta < 0) await releaseSomeSeats(tx, locked, current.tour_date_id, -delta);
      }
      if (input.date_start !== undefined) values.date_start = input.date_start;
      if (input.date_end !== undefined) values.date_end = input.date_end;
      // the price: an explicit one replaces it; a new departure prices afresh; a new count keeps the discount
      if (input.unit_price !== undefined || moving || count !== current.tourists_count) {
        const start = (values.date_start as string | null | undefined) ?? current.date_start;
        let priced;
        if (input.unit_price !== undefined) priced = priceRequest(toMinor(input.unit_price), count, [], today, start);
        else if (moving && departure)
          priced = priceRequest(
            numericToMinor(departure.price) ?? 0,
            count,
            await repo.discounts(tx, departure.tour_id),
            calendarDayIn(null, current.created_at),
            start,
          );
        else {
          const gross = current.unit_price_minor * count;
          const d = current.discount;
          const off = d ? discountAmount({ value: String(d.value), value_type: d.value_type }, gross, count) : 0;
          priced = {
            unit_price_minor: current.unit_price_minor,
            total_minor: gross - off,
            discount: d ? { ...d, amount_minor: off } : null,
          };
        }
        Object.assign(values, priced);
        if (current.is_individual_tour) values.individual_tour_price_minor = priced.total_minor;
        const adults = (current.travellers ?? []).find((t) => t.code === 'adult');
        if (adults) values.travellers = [{ ...adults, count, unit_minor: priced.unit_price_minor }];
      }
      for (const k of ['customer_name', 'customer_email', 'customer_phone', 'comment'] as const)
        if (input[k] !== undefined) values[k] = input[k];
      if (input.third_party_agent) values.third_party_agent = storedAgent(input.third_party_agent);
      values.tourists_count = count;
      const merged = { ...current, ...values };
      values.search_text = requestSearchText({ ...merged, tourists: await repo.tourists(row.id, tx) });
      await repo.update(tx, row.id, values);
      await record(tx, 'request.updated', merged, userActor(ctx.userId));
      return merged;
    });
    return view(changed.id);
  };

  return {
    create,
    insertOwn,
    update,

    /** The departures a request may move to: its tour's not started yet (from tomorrow, the organizer's), and its own. */
    tourDates: async (
      ctx: ServiceContext,
      requestId: number,
      withVariants: boolean,
    ): Promise<{ items: TourDate[] }> => {
      const row = await accessible(ctx, requestId);
      if (row.is_individual_tour || row.tour_id === null) return { items: [] };
      const { today } = await organizerToday(repo.db, row.organizer_id, new Date());
      const rows = await repo.departuresFrom(row.tour_id, firstBookableDay(today), withVariants, row.tour_date_id);
      return { items: rows.map((d) => toTourDate(d, row.currency, ctx.lang)) };
    },
  };
};
