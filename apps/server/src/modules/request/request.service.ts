import {
  BASE_SALE_STATUS,
  BOOKING_STATUS,
  coded,
  organizerChannel,
  type BaseSaleStatus,
  type BookingRequest,
  type BookingStatus,
  type CancelPopupData,
  type Currency,
  type Penalty,
  type RequestInvoices,
  type RequestSource,
  type TourDate,
  type TourType,
  type Publish,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { StoredThirdPartyAgent } from '../../db/schema/bookings';
import { AppError } from '../../lib/app-error';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import type { ServiceContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { numericToMinor, toMajor, toMinor } from '../../lib/money';
import type { Tenancy } from '../../lib/tenancy';
import { advanceIfPrepaid } from '../payment';
import { toTourDate } from '../tour';
import { cancelCost, discountAmount, priceRequest } from './request-pricing';
import type { RequestRepository, RequestRow } from './request.repository';
import {
  DEFAULT_HOLD_SECONDS,
  lockDeparture,
  lockRequest,
  releaseSeats,
  releaseSomeSeats,
  takeSeats,
} from './request-seats';
import { moveStatus, assertMove, balanceMinorOf, historyLine } from './request-status';
import { requestSearchText } from './request-search';
import { departureStarted, firstBookableDay, pastDateErrors } from './request-dates';

const S = BOOKING_STATUS;
/** Statuses whose seats are firm: confirmed and not over. */
const FIRM_STATUSES: readonly number[] = [S.pending_prepayment, S.made_prepayment];
/** A request in these can no longer change (the trip is over, or it is canceled). */
const isClosed = (status: number): boolean => status >= S.tour_complete;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const penaltiesOf = (v: unknown): Penalty[] =>
  Array.isArray(v)
    ? v
        .filter((p): p is Penalty => typeof p?.days_before === 'number' && typeof p?.percent === 'number')
        .map((p) => ({ days_before: p.days_before, percent: p.percent }))
    : [];

/** English names of the marketplace's sale stages (the web names them by id). */
const BASE_SALE_STATUS_NAMES: Record<number, string> = {
  [BASE_SALE_STATUS.new]: 'New',
  [BASE_SALE_STATUS.in_work]: 'In work',
  [BASE_SALE_STATUS.waiting_for_tourist]: 'Waiting for the tourist',
  [BASE_SALE_STATUS.documents_sent]: 'Documents sent',
  [BASE_SALE_STATUS.done]: 'Done',
};

export interface OwnRequestInput {
  tour_organizer_id: number;
  tour_id: number;
  tour_date_id: number | null;
  is_individual_tour: boolean;
  date_start: string | null;
  date_end: string | null;
  tourists_count: number;
  unit_price?: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  comment: string;
  tourists: Record<string, unknown>[];
  hold_seconds?: number;
  idempotency_key: string;
  third_party_agent?: { name: string; email: string; phone: string; commission: number };
}

export interface RequestUpdateInput {
  id: number;
  tour_date_id?: number;
  date_start?: string | null;
  date_end?: string | null;
  tourists_count?: number;
  unit_price?: number;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  comment?: string;
  third_party_agent?: { name: string; email: string; phone: string; commission: number };
}

export interface RequestServiceDeps {
  repo: RequestRepository;
  tenancy: Tenancy;
  publish: Publish;
  /** the request's invoices (the payment module's); none until it is wired */
  invoicesOf?: (requestId: number) => Promise<RequestInvoices>;
  /** e-mails the tourist (a cancellation with notify_client) */
  notify?: (message: { recipient: string; subject: string; body: string }) => Promise<unknown>;
  /** how long a new request holds its seats */
  holdSeconds?: number;
}

const NO_INVOICES: RequestInvoices = { prepayment_invoice: null, additional_invoices: [] };

/**
 * The request core: one request's life from its making to its end. A request made here holds its
 * seats (request-seats.ts) until it is confirmed or the hold passes; confirm makes them firm
 * (taking them again under the departure's lock when the hold has lapsed); cancel returns them.
 * Status moves follow request-status.ts. Every change tells the organizer's open screens.
 */
export const createRequestService = (deps: RequestServiceDeps) => {
  const { repo, tenancy, publish } = deps;
  const invoicesOf = deps.invoicesOf ?? (async () => NO_INVOICES);
  const holdSeconds = deps.holdSeconds ?? DEFAULT_HOLD_SECONDS;

  const tell = (
    event: 'new_request_in_crm' | 'request_in_crm_update_status',
    row: Pick<RequestRow, 'id' | 'organizer_id' | 'status'>,
  ): void =>
    publish(organizerChannel(row.organizer_id), event, {
      request_id: row.id,
      organizer_id: row.organizer_id,
      status: row.status as BookingStatus,
    });

  /** The request, to a member of its organizer; 404 'Request not found' to anyone else. */
  const accessible = async (ctx: ServiceContext, id: number): Promise<RequestRow> => {
    const row = await repo.byId(repo.db, id);
    if (!row || !(await tenancy.isMember(ctx.userId, row.organizer_id))) throw AppError.notFound('request_not_found');
    return row;
  };

  const organizerToday = async (
    q: Db,
    organizerId: number,
    now: Date,
  ): Promise<{ today: string; profile: Record<string, unknown> }> => {
    const org = await repo.organizer(q, organizerId);
    const profile = org?.profile ?? {};
    return { today: calendarDayIn(text(profile.timezone), now), profile };
  };

  const view = async (id: number): Promise<BookingRequest> => {
    const row = (await repo.byId(repo.db, id))!;
    const [tour, departure, tourists, history, invoices] = [
      row.tour_id ? await repo.tour(repo.db, row.tour_id) : null,
      row.tour_date_id ? await repo.departure(repo.db, row.tour_date_id) : null,
      await repo.tourists(id),
      await repo.history(id),
      await invoicesOf(id),
    ];
    const balance = balanceMinorOf(row);
    const agent = row.third_party_agent;
    return {
      request_id: row.id,
      uuid: row.uuid,
      tour_organizer_id: row.organizer_id,
      status: row.status as BookingStatus,
      source: row.source as RequestSource,
      site_id: row.site_id,
      agent_id: row.agent_id,
      group_id: null,
      tour: tour ? { id: tour.id, name: tour.name, type: tour.type as TourType, screen_name: tour.screen_name } : null,
      tour_date_id: row.tour_date_id,
      date_start: row.date_start,
      date_end: row.date_end,
      is_individual_tour: row.is_individual_tour,
      individual_tour_price: row.individual_tour_price_minor === null ? null : toMajor(row.individual_tour_price_minor),
      currency: row.currency as Currency,
      tourists_count: row.tourists_count,
      price: toMajor(row.total_minor),
      paid_amount: toMajor(row.paid_minor),
      discount: row.discount
        ? {
            type: row.discount.type,
            type_string: row.discount.type,
            value: row.discount.value,
            value_type: row.discount.value_type,
            amount: toMajor(row.discount.amount_minor),
          }
        : null,
      tourists: tourists.map((t) => ({
        id: t.id,
        request_id: t.request_id,
        full_name: [t.last_name, t.first_name, t.middle_name].filter(Boolean).join(' '),
        first_name: t.first_name,
        last_name: t.last_name,
        middle_name: t.middle_name,
        birthday: t.birthday,
        passport: t.passport,
        email: t.email,
        phone: t.phone,
        food_restriction: t.food_restriction,
        is_contact_person: t.is_contact_person,
        is_child: t.is_child,
        is_questionnaire_filled: t.is_questionnaire_filled,
        needs_transfer: t.needs_transfer,
      })),
      invoices,
      customer_name: row.customer_name,
      customer_email: row.customer_email,
      customer_phone: row.customer_phone,
      comment: row.comment,
      chat_id: null,
      base_sale_status: row.base_sale_status,
      cancel_message: row.cancel_message,
      departure: departure
        ? {
            id: departure.id,
            date_start: departure.date_start,
            date_end: departure.date_end,
            time_start: departure.time_start,
            tour_variant: departure.tour_variant,
            price: Number(departure.price),
            number_of_seats: departure.number_of_seats,
            number_of_free_seats: departure.number_of_free_seats,
            full_payment_days: departure.full_payment_days,
          }
        : null,
      unit_price: toMajor(row.unit_price_minor),
      balance: toMajor(balance),
      penalty: row.penalty_minor === null ? null : toMajor(row.penalty_minor),
      seats_taken: row.seats_taken,
      hold_expires_at: iso(row.hold_expires_at),
      third_party_agent: agent
        ? { name: agent.name, email: agent.email, phone: agent.phone, commission: toMajor(agent.commission_minor) }
        : null,
      history: history.map((h) => ({
        status: h.status as BookingStatus,
        previous_status: (h.previous_status ?? null) as BookingStatus | null,
        user_name: [h.first_name, h.last_name].filter(Boolean).join(' '),
        ...historyLine(h),
        created_at: h.created_at.toISOString(),
      })),
      balance_reminder_sent_at: iso(row.balance_reminder_sent_at),
      confirmed_at: iso(row.confirmed_at),
      canceled_at: iso(row.canceled_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  };

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

  /** Makes a request by hand (own, or a third-party agent's): priced, its seats held, idempotent by key. */
  const create = async (
    ctx: ServiceContext,
    input: OwnRequestInput,
    source: 'own' | 'third_party_agent',
    now = new Date(),
  ): Promise<BookingRequest> => {
    const organizerId = input.tour_organizer_id;
    await tenancy.assertMember(ctx.userId, organizerId);
    const again = await repo.byIdempotencyKey(organizerId, input.idempotency_key);
    if (again) return view(again.id);
    let made: RequestRow;
    try {
      made = await repo.transaction(async (tx) => {
        const tour = await repo.tour(tx, input.tour_id);
        if (!tour || tour.organizer_id !== organizerId) throw AppError.notFound('tour_not_found');
        if (tour.status === 'archived') throw AppError.validation({ tour_id: ['tour_unknown_item'] });
        if (input.tourists.length > input.tourists_count)
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
        const row = await repo.insert(tx, {
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
          await takeSeats(tx, { id: row.id, seats_taken: 0 }, departureId, input.tourists_count, until);
        }
        await repo.insertTourists(tx, touristRows(row.id, input.tourists));
        await repo.insertHistory(tx, {
          request_id: row.id,
          previous_status: null,
          status: S.pending_confirm,
          user_id: ctx.userId || null,
        });
        return row;
      });
    } catch (e) {
      // the same key at the same moment: the other call made it
      if (isUniqueViolation(e)) {
        const other = await repo.byIdempotencyKey(organizerId, input.idempotency_key);
        if (other) return view(other.id);
      }
      throw e;
    }
    tell('new_request_in_crm', made);
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
      const current = (await repo.byId(tx, row.id))!;
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
      // seats: firm for a confirmed request; held (same expiry) while pending and the hold lasts
      const holdsSeats = FIRM_STATUSES.includes(locked.status) || locked.seats_taken > 0;
      const holdUntil = FIRM_STATUSES.includes(locked.status) ? null : locked.hold_expires_at;
      let departure = current.tour_date_id ? await repo.departure(tx, current.tour_date_id) : null;
      const moving = input.tour_date_id !== undefined && input.tour_date_id !== current.tour_date_id;
      if (moving) {
        const target = await repo.departure(tx, input.tour_date_id!);
        if (!target || target.tour_id !== current.tour_id)
          throw AppError.validation({ tour_date_id: ['departure_not_of_tour'] });
        if (departureStarted(target.date_start, today))
          throw AppError.validation({ tour_date_id: ['departure_started'] });
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
      }
      for (const k of ['customer_name', 'customer_email', 'customer_phone', 'comment'] as const)
        if (input[k] !== undefined) values[k] = input[k];
      if (input.third_party_agent) values.third_party_agent = storedAgent(input.third_party_agent);
      values.tourists_count = count;
      const merged = { ...current, ...values };
      values.search_text = requestSearchText({ ...merged, tourists: await repo.tourists(row.id, tx) });
      await repo.update(tx, row.id, values);
      return merged;
    });
    tell('request_in_crm_update_status', changed);
    return view(row.id);
  };

  return {
    view,
    accessible,
    create,
    update,

    get: async (ctx: ServiceContext, id: number): Promise<BookingRequest> => view((await accessible(ctx, id)).id),

    /**
     * 1 → 2: the seats become firm; taken again under the departure's lock when the hold has lapsed.
     * A departure that has started (its first day on the organizer's clock) is confirmed no more.
     */
    confirm: async (ctx: ServiceContext, id: number, now = new Date()): Promise<BookingRequest> => {
      const row = await accessible(ctx, id);
      const done = await repo.transaction(async (tx) => {
        const locked = (await lockRequest(tx, row.id))!;
        assertMove(locked.status as BookingStatus, S.pending_prepayment);
        if (!row.is_individual_tour) {
          if (locked.tour_date_id === null) throw AppError.validation({ tour_date_id: ['request_needs_departure'] });
          await lockDeparture(tx, locked.tour_date_id);
          const departure = (await repo.departure(tx, locked.tour_date_id))!;
          const { today } = await organizerToday(tx, row.organizer_id, now);
          if (departureStarted(departure.date_start, today))
            throw AppError.validation({ tour_date_id: ['departure_started'] }, 'departure_started');
          const need = locked.tourists_count - locked.seats_taken;
          if (need >= 0) await takeSeats(tx, locked, locked.tour_date_id, need, null);
          else {
            await releaseSomeSeats(tx, locked, locked.tour_date_id, -need);
            await takeSeats(tx, { id: locked.id, seats_taken: locked.tourists_count }, locked.tour_date_id, 0, null);
          }
        }
        await moveStatus(tx, row.id, locked.status as BookingStatus, S.pending_prepayment, { userId: ctx.userId });
        // money paid before the confirmation (an invoice sent while pending) counts at once: 2 → 3
        const advanced = await advanceIfPrepaid(tx, row.id);
        return { ...row, status: advanced ? S.made_prepayment : S.pending_prepayment };
      });
      tell('request_in_crm_update_status', done);
      return view(row.id);
    },

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
      const to = input.canceled_by === 'tourist' ? S.canceled_by_tourist : S.canceled_by_author;
      const done = await repo.transaction(async (tx) => {
        const locked = (await lockRequest(tx, row.id))!;
        assertMove(locked.status as BookingStatus, to);
        if (locked.tour_date_id !== null && locked.seats_taken > 0) {
          await lockDeparture(tx, locked.tour_date_id);
          await releaseSeats(tx, locked);
        }
        const current = (await repo.byId(tx, row.id))!;
        const quote = await cancelQuote(current, now, tx);
        await repo.update(tx, row.id, {
          penalty_minor: toMinor(quote.penalty_amount),
          cancel_message: input.message || null,
        });
        await repo.cancelOpenInvoices(tx, row.id);
        await moveStatus(tx, row.id, locked.status as BookingStatus, to, {
          userId: ctx.userId,
          message: input.message,
        });
        return { ...current, status: to, quote };
      });
      tell('request_in_crm_update_status', done);
      if (input.notify_client && done.customer_email && deps.notify) {
        const lines = [
          `Your booking #${done.id}${done.date_start ? ` (${done.date_start})` : ''} has been canceled.`,
          input.message,
          done.quote.penalty_amount > 0 ? `Cancellation penalty: ${done.quote.penalty_amount} ${done.currency}.` : '',
          done.quote.refund_amount > 0 ? `To be refunded: ${done.quote.refund_amount} ${done.currency}.` : '',
        ].filter(Boolean);
        try {
          await deps.notify({
            recipient: done.customer_email,
            subject: `Booking #${done.id} canceled`,
            body: lines.join('\n\n'),
          });
        } catch (err) {
          ctx.log.warn({ err, request_id: done.id }, 'the cancellation e-mail was not sent');
        }
      }
      return view(row.id);
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
      await repo.update(repo.db, row.id, { base_sale_status: value });
      tell('request_in_crm_update_status', row);
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
          return locked;
        });
        if (row) {
          released += 1;
          tell('request_in_crm_update_status', row);
        }
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
        if (row) {
          completed += 1;
          tell('request_in_crm_update_status', row);
        }
      }
      return { released, completed };
    },
  };

  /** What cancelling would cost now: the tour's penalties (unless it uses the standard terms), else the organizer's. */
  async function cancelQuote(row: RequestRow, now: Date, q: Db = repo.db): Promise<CancelPopupData> {
    const { today, profile } = await organizerToday(q, row.organizer_id, now);
    const tour = row.tour_id ? await repo.tour(q, row.tour_id) : null;
    const own = tour && !tour.use_standard_cancellation_terms ? await repo.tourPenalties(tour.id, q) : [];
    const organizerPenalties = penaltiesOf(profile.penalties);
    const [penalties, source] =
      own.length > 0
        ? [own.map((p) => ({ days_before: p.days_before, percent: Number(p.percent) })), 'tour' as const]
        : organizerPenalties.length > 0
          ? [organizerPenalties, 'organizer' as const]
          : [[], 'none' as const];
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
};
export type RequestService = ReturnType<typeof createRequestService>;
