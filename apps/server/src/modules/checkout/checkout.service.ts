import {
  BOOKING_STATUS,
  CHECKOUT_MAX_HOLD_TOTAL_MINUTES,
  TOURIST_ACTOR,
  coded,
  type CheckoutChoiceBody,
  type CheckoutConfirmBody,
  type CheckoutConfirmResponse,
  type CheckoutHold,
  type CheckoutPricing,
  type RequestInvoices,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError, type MessageRef } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { toMajor, toMinor } from '../../lib/money';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Guard, Limits } from '../../plugins/rate-limit';
import type { Tenancy } from '../../lib/tenancy';
import type { ChatServices } from '../chat/index';
import { issueCheckoutPrepayment } from '../payment/index';
import { lockDeparture, pricingOf, type PricedBooking, type RequestRow } from '../request/index';
import type { Services } from '../../lib/modules';
import type { CheckoutRepository, CheckoutSessionRow } from './checkout.repository';
import { createCheckoutOptions } from './checkout-options';
import { createFirstPaint } from './checkout-first-paint';

/** Seats held without paying, per client address: the captcha past `soft`, the hard one past `hard`. */
export const CHECKOUT_HOLD_GUARD: Guard = { name: 'checkout-hold-ip', soft: 10, hard: 30, windowMs: 60 * 60_000 };
/** How long a request-to-book keeps its seats for the organizer to confirm it (the request's own hold). */
export const REQUEST_TO_BOOK_HOLD_SECONDS = 24 * 3600;

/** A tourist named at checkout: the questionnaire's fields. */
type CheckoutTourist = CheckoutConfirmBody['tourists'] extends (infer T)[] | undefined ? T : never;

type Choice = Required<Pick<CheckoutChoiceBody, 'tour_id' | 'tour_date_id' | 'travellers'>> & {
  extras: { extra_id: number; quantity: number }[];
  promo_code: string | null;
};

const fail = (field: string, message: MessageRef, code?: MessageRef): never => {
  throw AppError.validation({ [field]: [message] }, code);
};

/**
 * The traveller's checkout (issue 27). A hold is a checkout session: the seats of its choice
 * taken from the departure under the departure's row lock (as a request's hold), its extras
 * counted in their stock, for the organizer's hold length; released by the traveller or by the
 * checkout sweep. Every price is the request core's own: the choice is made into a request inside
 * a savepoint that is rolled back (a trial), so the quote, the hold and the confirm price alike.
 * The confirm gives the session's seats back and makes the request in the same transaction.
 */
export const createCheckoutService = (deps: {
  repo: CheckoutRepository;
  limits: Limits;
  tenancy: Tenancy;
  requests: () => Services['requests'];
  bookings: () => Services['bookingChanges'];
  chats: () => ChatServices;
  invoicesOf: (requestId: number) => Promise<RequestInvoices>;
  /** a new secret link to the booking's page (the booking-page module), made in the confirm's transaction */
  bookingLink?: (tx: Db, request: { id: number; organizer_id: number }, language: string) => Promise<string>;
  publicUrl: string;
}) => {
  const { repo, limits } = deps;

  const { holdMinutes, timezoneOf, publicTour, closedReason, options } = createCheckoutOptions(repo, deps.tenancy);

  /** The checks of a choice against its tour and departure: bookable now, within the group's size. */
  const checkChoice = async (tx: Db, choice: Choice, now: Date) => {
    const tour = await publicTour(choice.tour_id, tx);
    const profile = await repo.organizerProfile(tour.organizer_id, tx);
    const departure = await repo.departure(choice.tour_date_id, tx);
    if (!departure || departure.tour_id !== tour.id) return fail('tour_date_id', 'departure_not_of_tour');
    const reason = closedReason(tour, { ...departure, number_of_free_seats: 1 }, timezoneOf(profile), now);
    if (reason === 'started') fail('tour_date_id', 'departure_started', 'departure_started');
    if (reason) fail('tour_date_id', 'checkout_booking_closed', 'checkout_booking_closed');
    const people = choice.travellers.reduce((n, t) => n + t.count, 0);
    if (people === 0) fail('travellers', 'required');
    if (tour.group_max !== null && people > tour.group_max)
      fail('travellers', coded('checkout_group_max', { max: tour.group_max }));
    if (tour.group_min !== null && people < tour.group_min)
      fail('travellers', coded('checkout_group_min', { min: tour.group_min }));
    return { tour, profile, departure, people };
  };

  /**
   * The booking the choice makes, inside `tx` (under the departure's lock the caller holds), with
   * the traveller's contact: priced by the request core, its seats and extras checked against what
   * is free (a refusal of its seat count lands on travellers).
   */
  const makeRequest = async (
    tx: Db,
    ctx: ServiceContext,
    choice: Choice,
    people: number,
    contact: {
      name: string;
      email: string;
      phone: string;
      comment: string;
      key: string;
      lang: 'en' | 'ru';
      tourists: CheckoutTourist[];
    },
    now: Date,
  ): Promise<RequestRow> => {
    try {
      const made = await deps.requests().insertOwn(
        tx,
        { ...ctx, userId: 0 },
        {
          tour_organizer_id: (await repo.tour(choice.tour_id, tx))!.organizer_id,
          tour_id: choice.tour_id,
          tour_date_id: choice.tour_date_id,
          is_individual_tour: false,
          date_start: null,
          date_end: null,
          tourists_count: people,
          customer_name: contact.name,
          customer_email: contact.email,
          customer_phone: contact.phone,
          comment: contact.comment,
          tourists: contact.tourists,
          hold_seconds: REQUEST_TO_BOOK_HOLD_SECONDS,
          idempotency_key: contact.key,
          travellers: choice.travellers.filter((t) => t.count > 0),
          extras: choice.extras,
          promo_code: choice.promo_code,
          language: contact.lang,
        },
        'direct_sales',
        now,
        TOURIST_ACTOR,
      );
      return (await repo.request(made.id, tx))!;
    } catch (e) {
      const fields = e instanceof AppError ? e.options.fields : undefined;
      if (!fields?.tourists_count && !fields?.travellers) throw e;
      const { tourists_count: seats, ...rest } = fields;
      const refs = [...(seats ?? []), ...(rest.travellers ?? [])];
      if (refs.some((r) => typeof r !== 'string' && r.code === 'not_enough_seats'))
        return seatsRefused(tx, choice.tour_date_id);
      throw AppError.validation({ ...rest, travellers: refs });
    }
  };

  /** 422 not_enough_seats on travellers, with the departure's free seats now. */
  const seatsRefused = async (tx: Db, tourDateId: number): Promise<never> => {
    const d = await repo.departure(tourDateId, tx);
    return fail('travellers', coded('not_enough_seats', { free: Math.max(0, d?.number_of_free_seats ?? 0) }));
  };

  /** The choice priced as its booking would be, with nothing written (request module's quote). */
  const priced = (
    q: Db,
    choice: Choice,
    tour: { id: number; organizer_id: number; currency: string },
    departure: { id: number; price: string | null; date_start: string },
    now: Date,
  ) =>
    deps
      .bookings()
      .quote(q, {
        organizerId: tour.organizer_id,
        tourId: tour.id,
        departure,
        travellers: choice.travellers.filter((t) => t.count > 0),
        extras: choice.extras,
        promo_code: choice.promo_code,
        email: '',
        now,
      })
      .then((made) => ({ ...made, view: { ...made.priced, id: 0, currency: tour.currency } }));

  const pricingView = (row: PricedBooking): CheckoutPricing => {
    const { request_id: _id, paid: _paid, balance_due: _due, ...rest } = pricingOf(row);
    return rest;
  };

  const normal = (c: CheckoutChoiceBody): Choice => ({
    tour_id: c.tour_id,
    tour_date_id: c.tour_date_id,
    travellers: c.travellers,
    extras: c.extras ?? [],
    promo_code: c.promo_code?.trim() ? c.promo_code.trim() : null,
  });

  const sessionOf = async (token: string, q: Db = repo.db): Promise<CheckoutSessionRow> => {
    const row = await repo.byToken(sha256(token), q);
    if (!row) throw AppError.notFound('checkout_not_found');
    return row;
  };
  const expired = () => fail('token', 'checkout_hold_expired', 'checkout_hold_expired');

  /** Gives a held session's seats back and ends it as `status`; inside its lock. */
  const endHold = async (tx: Db, s: CheckoutSessionRow, status: 'released' | 'expired' | 'confirmed') => {
    await lockDeparture(tx, s.tour_date_id);
    await repo.giveSeats(tx, s.tour_date_id, s.seats);
    await repo.update(tx, s.id, { status, extras: status === 'confirmed' ? s.extras : [] });
  };

  /** What the choice costs, as the server prices it; nothing is written. */
  const quote = async (_ctx: ServiceContext | null, body: CheckoutChoiceBody, now = new Date()) => {
    const choice = normal(body);
    const { tour, departure } = await checkChoice(repo.db, choice, now);
    return { pricing: pricingView((await priced(repo.db, choice, tour, departure, now)).view) };
  };

  return {
    options,
    quote,
    firstPaint: createFirstPaint(options, quote),

    /** Holds the choice's seats and extras for the organizer's hold length; rate limited per address. */
    hold: async (
      ctx: ServiceContext,
      body: CheckoutChoiceBody & { language?: 'en' | 'ru' },
      now = new Date(),
    ): Promise<CheckoutHold> => {
      await limits.enforce(ctx, [[CHECKOUT_HOLD_GUARD, ctx.ip]]);
      const choice = normal(body);
      const token = randomToken(32);
      const made = await repo.transaction(async (tx) => {
        const { tour, profile, departure } = await checkChoice(tx, choice, now);
        const price = await priced(tx, choice, tour, departure, now);
        // the departure's row is locked by taking its seats, to the end: a short wait for the next
        if (!(await repo.takeSeats(tx, choice.tour_date_id, price.seats))) await seatsRefused(tx, choice.tour_date_id);
        await price.checkStock(tx);
        const minutes = holdMinutes(profile);
        const s = await repo.insert(tx, {
          token_hash: sha256(token),
          organizer_id: tour.organizer_id,
          tour_id: tour.id,
          tour_date_id: choice.tour_date_id,
          choice,
          extras: price.priced.extras
            .filter((e) => e.extra_id !== null)
            .map((e) => ({ extra_id: e.extra_id!, quantity: e.quantity })),
          seats: price.seats,
          total_minor: price.priced.total_minor,
          currency: tour.currency,
          language: body.language ?? 'en',
          expires_at: new Date(now.getTime() + minutes * 60_000),
          max_expires_at: new Date(now.getTime() + CHECKOUT_MAX_HOLD_TOTAL_MINUTES * 60_000),
          ip: ctx.ip,
        });
        return { s, view: price.view };
      });
      await limits.hit([[CHECKOUT_HOLD_GUARD, ctx.ip]]);
      return {
        token,
        expires_at: made.s.expires_at.toISOString(),
        max_expires_at: made.s.max_expires_at.toISOString(),
        pricing: pricingView(made.view),
      };
    },

    /** The traveller is still there: the hold lasts its length again from now, never past its limit. */
    extend: async (token: string, now = new Date()) => {
      const s = await sessionOf(token);
      return repo.transaction(async (tx) => {
        const locked = (await repo.lock(tx, s.id))!;
        if (locked.status !== 'held' || locked.expires_at <= now) return expired();
        const minutes = holdMinutes(await repo.organizerProfile(locked.organizer_id, tx));
        const until = new Date(
          Math.min(
            locked.max_expires_at.getTime(),
            Math.max(locked.expires_at.getTime(), now.getTime() + minutes * 60_000),
          ),
        );
        await repo.update(tx, s.id, { expires_at: until });
        return { expires_at: until.toISOString(), max_expires_at: locked.max_expires_at.toISOString() };
      });
    },

    /** The traveller left: the seats go back at once (a second call changes nothing). */
    release: async (token: string) => {
      const s = await sessionOf(token);
      await repo.transaction(async (tx) => {
        const locked = (await repo.lock(tx, s.id))!;
        if (locked.status === 'held') await endHold(tx, locked, 'released');
      });
      return { success: true as const };
    },

    /**
     * Books the held choice: the session's seats are given back and the request takes them in the
     * same transaction (source direct_sales, the traveller's contact). Instant booking confirms it
     * and issues the prepayment invoice; else it waits for the organizer (1). The same key again
     * answers the same booking; a changed price, an expired hold or a used session refuse.
     */
    confirm: async (
      ctx: ServiceContext,
      body: {
        token: string;
        name: string;
        email: string;
        phone: string;
        comment: string;
        total: number;
        idempotency_key: string;
        language: 'en' | 'ru';
        /** each tourist's details, named now (else later through the questionnaire link) */
        tourists?: CheckoutTourist[];
      },
      now = new Date(),
    ): Promise<CheckoutConfirmResponse> => {
      const s = await sessionOf(body.token);
      const answer = async (requestId: number, payUrl: string | null, prepaymentMinor: number | null) => {
        const row = (await repo.request(requestId))!;
        return {
          request_id: row.id,
          request_uuid: row.uuid,
          status: row.status,
          instant: row.status !== BOOKING_STATUS.pending_confirm,
          total: toMajor(row.total_minor),
          currency: row.currency,
          prepayment: prepaymentMinor === null ? null : toMajor(prepaymentMinor),
          pay_url: payUrl,
        };
      };
      if (s.status === 'confirmed' && s.request_id !== null) {
        if (s.idempotency_key !== body.idempotency_key)
          fail('token', 'checkout_already_confirmed', 'checkout_already_confirmed');
        const invoice = (await deps.invoicesOf(s.request_id)).prepayment_invoice;
        const again = await answer(
          s.request_id,
          invoice?.payment_url ?? null,
          invoice ? toMinor(invoice.amount) : null,
        );
        // the first answer was lost: a new link (only hashes are kept)
        const link = deps.bookingLink
          ? await deps.bookingLink(repo.db, { id: s.request_id, organizer_id: s.organizer_id }, body.language)
          : null;
        return { ...again, chat_url: null, booking_url: link };
      }
      const done = await repo.transaction(async (tx) => {
        const locked = (await repo.lock(tx, s.id))!;
        if (locked.status !== 'held' || locked.expires_at <= now) return expired();
        const choice = locked.choice as Choice;
        const { tour, people } = await checkChoice(tx, choice, now);
        await endHold(tx, locked, 'confirmed');
        const contact = {
          name: body.name,
          email: body.email,
          phone: body.phone,
          comment: body.comment,
          key: `checkout-${locked.id}`,
          lang: body.language,
          tourists: body.tourists ?? [],
        };
        if (contact.tourists.length > people)
          fail('tourists', coded('tourists_over_count', { count: people }), 'tourists_over_count');
        const row = await makeRequest(tx, ctx, choice, people, contact, now);
        if (row.total_minor !== toMinor(body.total))
          fail('total', coded('checkout_price_changed', { total: toMajor(row.total_minor) }), 'checkout_price_changed');
        let invoice: Awaited<ReturnType<typeof issueCheckoutPrepayment>> = null;
        if (tour.instant_booking) {
          await deps.requests().confirmInside(tx, row, null, now);
          invoice = await issueCheckoutPrepayment(tx, row.id, body.language, deps.publicUrl);
        }
        await repo.update(tx, locked.id, { request_id: row.id, idempotency_key: body.idempotency_key });
        const bookingUrl = deps.bookingLink ? await deps.bookingLink(tx, row, body.language) : null;
        return { row, invoice, bookingUrl };
      });
      const result = await answer(done.row.id, done.invoice?.pay_url ?? null, done.invoice?.amount_minor ?? null);
      // the traveller's chat with the organizer, opened as the site's booking form opens it
      let chatUrl: string | null = null;
      try {
        const started = await deps.chats().travellers.start(ctx, {
          organizer_id: done.row.organizer_id,
          tour_id: done.row.tour_id,
          request_uuid: done.row.uuid,
          message: `${body.language === 'ru' ? 'Бронирование' : 'Booking'} #${done.row.id}: ${done.row.date_start} — ${done.row.date_end}, ${done.row.tourists_count}`,
        });
        chatUrl = `${deps.publicUrl}${started.url}`;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
      }
      return { ...result, chat_url: chatUrl, booking_url: done.bookingUrl };
    },

    /** The checkout sweep: holds that have passed give their seats (and extras) back. */
    sweep: async (now = new Date()): Promise<{ expired: number }> => {
      let n = 0;
      for (const { id } of await repo.expired(now, 500)) {
        const ended = await repo.transaction(async (tx) => {
          const locked = await repo.lock(tx, id);
          if (!locked || locked.status !== 'held' || locked.expires_at >= now) return false;
          await endHold(tx, locked, 'expired');
          return true;
        });
        if (ended) n += 1;
      }
      return { expired: n };
    },
  };
};
export type CheckoutService = ReturnType<typeof createCheckoutService>;
