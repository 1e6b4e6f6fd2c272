import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_STATUS, SYSTEM_ACTOR, type Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { calendarDayIn, daysBetween } from '../../lib/calendar-day';
import { recordEvent } from '../../lib/domain-events';
import { departureStarted, lockRequest, releaseSeats, moveStatus } from '../request';
import { invoiceQueries } from './invoice.repository';
import { advanceIfPrepaid, prepaymentReached, type StatusChange } from './payment-effects';
import { newPublicToken, type PaymentService } from './payment.service';

/** The advisory lock key of the payment sweeps (migrations use 727001, week schedules 727015). */
export const PAYMENT_SWEEP_LOCK = 727016;
/** How often the server runs them. */
export const PAYMENT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface PaymentSweepResult {
  /** requests canceled by the system (7) for want of their prepayment */
  canceled: number[];
  /** requests found prepaid after all (2 → 3) */
  advanced: number[];
  /** requests whose balance reminder went out */
  reminded: number[];
}

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The balance invoice's title, in the traveller's language. */
const BALANCE_TITLE = { en: 'Balance of your booking', ru: 'Остаток оплаты бронирования' } as const;

/**
 * The sweeps of money, each request in its own transaction holding the request's row lock, the
 * whole run under a PostgreSQL advisory lock so one node at a time does it (PGlite is one process):
 * (a) the system cancels (7) a request waiting for its prepayment (2) once PREPAYMENT_DEADLINE_HOURS
 *     have passed since it was confirmed, or its departure has started (the organizer's day): its
 *     seats return and its new invoices are canceled. Pending payments are asked about first (a
 *     late notification), and a request found prepaid moves to 3 instead.
 * (b) a prepaid request (3) with a balance gets its payment link by e-mail once, from
 *     BALANCE_REMINDER_DAYS before its departure's full-payment day (start − full_payment_days)
 *     until the start; requests.balance_reminder_sent_at records it, and its `request.balance_due`
 *     domain event has the traveller messages (issue 24) send it from the outbox, with retries.
 */
export const createPaymentSweeps = (deps: {
  db: Db;
  dialect: 'pglite' | 'postgres';
  payments: PaymentService;
  deadlineHours: number;
  reminderDays: number;
  log: FastifyBaseLogger;
}) => {
  const { db, dialect, payments, log } = deps;
  const q = invoiceQueries(db);

  /** fn in one transaction holding the sweep's advisory lock; null when another node holds it. */
  const withSweepLock = <T>(fn: (tx: Db) => Promise<T>): Promise<T | null> =>
    db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      if (dialect === 'postgres') {
        const res = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${sql.raw(String(PAYMENT_SWEEP_LOCK))}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!res.rows[0]?.locked) return null;
      }
      return fn(tx);
    });

  /** One request in a transaction of its own (a savepoint): one that fails leaves the others done. */
  const each = async <T>(tx: Db, ids: number[], fn: (tx: Db, id: number) => Promise<T>): Promise<T[]> => {
    const out: T[] = [];
    for (const id of ids) {
      try {
        out.push(await tx.transaction((inner) => fn(inner as unknown as Db, id)));
      } catch (err) {
        log.error({ err, request_id: id }, 'payment sweep: a request failed');
      }
    }
    return out;
  };

  const cancelUnpaid = async (
    now: Date,
  ): Promise<{ canceled: number[]; advanced: number[]; changes: StatusChange[] }> => {
    const confirmedBefore = new Date(now.getTime() - deps.deadlineHours * 3_600_000);
    // the latest calendar day anywhere on Earth: per request its organizer's day decides below
    const startsBy = addDays(now.toISOString().slice(0, 10), 1);
    const ids = await q.unpaidCandidates(confirmedBefore, startsBy);
    for (const id of ids) await payments.pollRequest(id);
    const canceled: number[] = [];
    const advanced: number[] = [];
    const changes: StatusChange[] = [];
    await withSweepLock((tx) =>
      each(tx, ids, async (t, id) => {
        const locked = await lockRequest(t, id);
        const state = await invoiceQueries(t).unpaidState(id);
        if (!locked || !state || state.status !== BOOKING_STATUS.pending_prepayment) return;
        if (await prepaymentReached(t, id)) {
          const change = await advanceIfPrepaid(t, id);
          if (change) {
            advanced.push(id);
            changes.push(change);
          }
          return;
        }
        const today = calendarDayIn(state.timezone, now);
        const started = state.date_start !== null && departureStarted(state.date_start, today);
        const late = state.confirmed_at !== null && state.confirmed_at <= confirmedBefore;
        if (!started && !late) return;
        await moveStatus(t, id, BOOKING_STATUS.pending_prepayment, BOOKING_STATUS.canceled_by_system, {
          userId: null,
          note: started ? 'departure_started_unpaid' : 'prepayment_not_paid_in_time',
        });
        await releaseSeats(t, locked);
        await invoiceQueries(t).cancelOpenInvoices(id);
        canceled.push(id);
        changes.push({ request_id: id, organizer_id: state.organizer_id, status: BOOKING_STATUS.canceled_by_system });
      }),
    );
    return { canceled, advanced, changes };
  };

  const remindBalances = async (now: Date): Promise<number[]> => {
    const today = now.toISOString().slice(0, 10);
    const ids = await q.reminderCandidates(deps.reminderDays, addDays(today, 1), addDays(today, -1));
    const reminded: number[] = [];
    await withSweepLock((tx) =>
      each(tx, ids, async (t, id) => {
        await lockRequest(t, id);
        const tq = invoiceQueries(t);
        const s = await tq.reminderState(id);
        if (!s || s.status !== BOOKING_STATUS.made_prepayment || s.balance_reminder_sent_at) return;
        if (s.date_start === null || s.full_payment_days === null) return;
        const balance = s.total_minor - s.paid_minor;
        const localToday = calendarDayIn(s.timezone, now);
        const due = addDays(s.date_start, -s.full_payment_days);
        if (balance <= 0 || s.date_start <= localToday || daysBetween(localToday, due) > deps.reminderDays) return;
        // nobody to tell: no reminder (and no invoice made for it)
        if (!(s.customer_email || (await tq.touristEmail(id)))) return;
        const written = s.request_language ?? s.language;
        const lang: Language = written === 'ru' ? 'ru' : written === 'en' ? 'en' : s.currency === 'RUB' ? 'ru' : 'en';
        // the link of a new invoice that asks no more than the balance, else a new one for the balance
        const open = (await tq.invoicesOfRequest(id)).filter((i) => i.status === 1 && i.amount_minor <= balance).at(-1);
        let invoice = open;
        if (!invoice) {
          const amount = balance - (await tq.openInvoicesMinor(id));
          if (amount <= 0) return;
          invoice = await tq.insertInvoice({
            request_id: id,
            organizer_id: s.organizer_id,
            payment_type: 'full',
            title: BALANCE_TITLE[lang],
            amount_minor: amount,
            currency: s.currency,
            public_token: newPublicToken(),
          });
        }
        await tq.setReminderSent(id, now);
        // the traveller messages (a subscriber) send the payment link, from the outbox with its retries
        await recordEvent(t, {
          type: 'request.balance_due',
          aggregateId: id,
          organizerId: s.organizer_id,
          actor: SYSTEM_ACTOR,
          payload: { request_id: id, invoice_id: invoice.id },
        });
        reminded.push(id);
      }),
    );
    return reminded;
  };

  return {
    /** Both sweeps as of `now` (tests pass their own); idempotent. */
    sweep: async (now: Date = new Date()): Promise<PaymentSweepResult> => {
      // each status move is a domain event of its own transaction (moveStatus)
      const { canceled, advanced } = await cancelUnpaid(now);
      const reminded = await remindBalances(now);
      return { canceled, advanced, reminded };
    },
  };
};
export type PaymentSweeps = ReturnType<typeof createPaymentSweeps>;
