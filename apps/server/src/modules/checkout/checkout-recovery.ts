import {
  CHECKOUT_RECOVERY_MAX_AGE_HOURS,
  type CheckoutHold,
  type CheckoutRecoverResponse,
  type Language,
} from '@tourdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutChoice } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/tokens';
import type { CheckoutRecoveryMessage } from '../traveller-message/index';
import type { CheckoutRepository, CheckoutSessionRow } from './checkout.repository';

const BATCH = 100;

/**
 * The abandoned checkout (issue 27): the e-mail a traveller leaves is kept on the hold; about two
 * hours after the checkout began, if it was not booked, the same e-mail has not booked that
 * departure since, the places are still free and the organizer has the kind switched on, ONE
 * message goes with a link to the site's booking page that holds the same choice again. A booking
 * made from it counts as recovered (the sales report). Each session is decided once
 * (`recovery_decided_at`), sent or not; a restored session is never reminded again.
 */
export const createCheckoutRecovery = (deps: {
  repo: CheckoutRepository;
  /** the checkout's own hold (rate limits, checks, prices) */
  hold: (
    ctx: ServiceContext,
    body: CheckoutChoice & { tour_id: number; tour_date_id: number; language: Language },
  ) => Promise<CheckoutHold>;
  send: (tx: CheckoutRepository['db'], message: CheckoutRecoveryMessage) => Promise<boolean>;
  kick: () => void;
  bookingUrl: (
    organizerId: number,
    tourId: number,
    dateId: number,
    extra: Record<string, string>,
  ) => Promise<string | null>;
  log: FastifyBaseLogger;
  /** minutes after the checkout began (CHECKOUT_RECOVERY_DELAY_MINUTES) */
  delayMinutes: number;
}) => {
  const { repo } = deps;

  const heldSession = async (token: string, now: Date): Promise<CheckoutSessionRow> => {
    const s = await repo.byToken(sha256(token));
    if (!s) throw AppError.notFound('checkout_not_found');
    if (s.status !== 'held' || s.expires_at <= now)
      throw AppError.validation({ token: ['checkout_hold_expired'] }, 'checkout_hold_expired');
    return s;
  };

  /**
   * Decides one session inside its lock: sent (the token of its link), or not. The link is made
   * before the transaction (the site's query runs on the pool: a single-connection database would
   * wait for the transaction forever).
   */
  const decide = async (first: CheckoutSessionRow, now: Date): Promise<boolean> => {
    const candidate = randomToken(32);
    const lang: Language = first.language === 'ru' ? 'ru' : 'en';
    const url = await deps.bookingUrl(first.organizer_id, first.tour_id, first.tour_date_id, {
      recover: candidate,
      lang,
    });
    return repo.transaction(async (tx) => {
      const id = first.id;
      const s = await repo.lock(tx, id);
      if (!s || s.recovery_decided_at !== null || !s.contact_email) return false;
      let token: string | null = null;
      if (s.status !== 'confirmed' && s.recovered_from === null) {
        const departure = await repo.departure(s.tour_date_id, tx);
        const tour = await repo.tour(s.tour_id, tx);
        const open =
          departure &&
          tour &&
          tour.status === 'published' &&
          departure.number_of_free_seats >= s.seats &&
          departure.date_start > now.toISOString().slice(0, 10);
        if (open && !(await repo.bookedSince(tx, s.tour_date_id, s.contact_email, s.created_at))) {
          if (
            url &&
            (await deps.send(tx, {
              organizer_id: s.organizer_id,
              email: s.contact_email,
              name: s.contact_name,
              lang,
              tour_name: tour.name,
              date_start: departure.date_start,
              date_end: departure.date_end,
              travellers: s.seats,
              total_minor: s.total_minor,
              currency: s.currency,
              url,
            }))
          )
            token = candidate;
        }
      }
      await repo.update(tx, s.id, { recovery_decided_at: now, recovery_token_hash: token ? sha256(token) : null });
      return token !== null;
    });
  };

  return {
    /** The traveller left a valid e-mail on a live hold: kept for the abandoned checkout's message. */
    saveContact: async (body: { token: string; email: string; name: string }, now = new Date()) => {
      const s = await heldSession(body.token, now);
      await repo.update(repo.db, s.id, { contact_email: body.email.trim(), contact_name: body.name.trim() });
      return { success: true as const };
    },

    /**
     * The link of the abandoned checkout's message: the same choice held again (the checkout's own
     * hold: its limits, prices and checks), the contact filled in. Places sold meanwhile → 422
     * `checkout_recovery_sold_out`; a booking already made from this link → 422.
     */
    recover: async (
      ctx: ServiceContext,
      body: { token: string; language: Language },
      now = new Date(),
    ): Promise<CheckoutRecoverResponse> => {
      const from = await repo.byRecoveryToken(sha256(body.token));
      if (!from) throw AppError.notFound('checkout_not_found');
      if (await repo.recoveredBooking(from.id))
        throw AppError.validation({ token: ['checkout_already_confirmed'] }, 'checkout_already_confirmed');
      const choice = from.choice;
      let hold: CheckoutHold;
      try {
        hold = await deps.hold(ctx, {
          ...choice,
          tour_id: from.tour_id,
          tour_date_id: from.tour_date_id,
          language: body.language,
        });
      } catch (e) {
        const refs = e instanceof AppError ? (e.options.fields?.travellers ?? []) : [];
        if (refs.some((r) => typeof r !== 'string' && r.code === 'not_enough_seats'))
          throw AppError.validation({ token: ['checkout_recovery_sold_out'] }, 'checkout_recovery_sold_out');
        throw e;
      }
      const made = (await repo.byToken(sha256(hold.token)))!;
      await repo.update(repo.db, made.id, {
        recovered_from: from.id,
        contact_email: from.contact_email,
        contact_name: from.contact_name,
        // a restored checkout is never reminded again
        recovery_decided_at: now,
      });
      return {
        hold,
        choice: {
          tour_id: from.tour_id,
          tour_date_id: from.tour_date_id,
          travellers: choice.travellers,
          extras: choice.extras,
          promo_code: choice.promo_code,
        },
        contact: { name: from.contact_name, email: from.contact_email ?? '' },
      };
    },

    /** The recovery sweep: each abandoned checkout due is decided once; the messages go after. */
    sweep: async (now = new Date()): Promise<{ sent: number; decided: number }> => {
      const to = new Date(now.getTime() - deps.delayMinutes * 60_000);
      const from = new Date(now.getTime() - CHECKOUT_RECOVERY_MAX_AGE_HOURS * 3_600_000);
      let sent = 0;
      let decided = 0;
      for (const row of await repo.recoveryDue(from, to, BATCH)) {
        try {
          if (await decide(row, now)) sent += 1;
          decided += 1;
        } catch (err) {
          deps.log.error({ err, checkout_session_id: row.id }, 'abandoned checkout not decided; tried again');
        }
      }
      if (sent) deps.kick();
      return { sent, decided };
    },
  };
};
export type CheckoutRecovery = ReturnType<typeof createCheckoutRecovery>;

/** How often the recovery sweep looks: a 24th of the delay, between 10 s and 5 minutes. */
export const recoverySweepMs = (delayMinutes: number): number =>
  Math.min(5 * 60_000, Math.max(10_000, (delayMinutes * 60_000) / 24));
