import {
  BOOKING_STATUS,
  INVOICE_STATUS_NAMES,
  isBookingCanceled,
  type BookingCancelQuote,
  type BookingPage,
  type BookingStatus,
  type Invoice,
  type RequestInvoices,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { toMajor, toMinor } from '../../lib/money';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Services } from '../../lib/modules';
import type { Guard, Limits } from '../../plugins/rate-limit';
import { issueBalanceInvoice } from '../payment/index';
import { lockRequest, pricingOf } from '../request/index';
import type { BookingPageRepository } from './booking-page.repository';

/** The booking page's writes (pay, cancel) per client address: the captcha past `soft`, refused past `hard`. */
export const BOOKING_PAGE_WRITE_GUARD: Guard = { name: 'booking-page-ip', soft: 30, hard: 90, windowMs: 15 * 60_000 };
/** Links that open nothing, per address: guessing tokens meets the captcha, then a refusal. */
export const BOOKING_LINK_MISS_GUARD: Guard = {
  name: 'booking-link-miss-ip',
  soft: 20,
  hard: 60,
  windowMs: 15 * 60_000,
};

const S = BOOKING_STATUS;
const LIVE: readonly number[] = [S.pending_confirm, S.pending_prepayment, S.made_prepayment];
/** The organizer has confirmed the booking: its contract is the traveller's to download. */
const CONTRACTED: readonly number[] = [S.pending_prepayment, S.made_prepayment, S.tour_complete];
const lang = (v: string | null | undefined): 'en' | 'ru' => (v === 'ru' ? 'ru' : 'en');

/**
 * The traveller's booking page (issue 27): a secret link (only its SHA-256 kept, as the review
 * links) opens one request's page — its status, price lines, paid and due, invoices, chat — and
 * lets the traveller pay what is left (the open invoice, else a new one of the balance) and cancel
 * within the rules (the request core's tourist cancel: the penalty they were shown, or a refusal).
 */
export const createBookingPageService = (deps: {
  repo: BookingPageRepository;
  limits: Limits;
  requests: () => Services['requests'];
  invoicesOf: (requestId: number) => Promise<RequestInvoices>;
  chatLink: (requestId: number) => Promise<string | null>;
  /** whether the organizer hands its travellers the contract, and the PDF (null: none to give) */
  contracts: {
    offered: (organizerId: number) => Promise<boolean>;
    pdf: (
      request: { id: number; organizer_id: number },
      lang: 'en' | 'ru',
    ) => Promise<{ name: string; data: Buffer } | null>;
  };
  publicUrl: string;
}) => {
  const { repo, limits } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** The request behind a token; 404 (and a miss counted against the address) when none. */
  const requestOf = async (ctx: ServiceContext, token: string) => {
    const miss: [Guard, string] = [BOOKING_LINK_MISS_GUARD, ctx.ip];
    await limits.enforce(ctx, [miss]);
    const id = await repo.requestOfLink(sha256(token));
    const row = id ? await repo.request(id) : null;
    if (!row) {
      await limits.hit([miss]);
      throw AppError.notFound('booking_link_not_found');
    }
    return row;
  };
  const guardWrite = async (ctx: ServiceContext) => {
    const pair: [Guard, string] = [BOOKING_PAGE_WRITE_GUARD, ctx.ip];
    await limits.enforce(ctx, [pair]);
    await limits.hit([pair]);
  };

  const invoiceView = (i: Invoice) => ({
    id: i.id,
    title: i.title,
    amount: i.amount,
    currency: i.currency,
    status: INVOICE_STATUS_NAMES[i.status] ?? String(i.status),
    paid_at: i.paid_at,
    pay_url: i.status === 1 ? i.payment_url : null,
  });

  type Row = NonNullable<Awaited<ReturnType<typeof repo.request>>>;
  const contractOffered = async (row: Row): Promise<boolean> =>
    CONTRACTED.includes(row.status) && (await deps.contracts.offered(row.organizer_id));

  const pageOf = async (row: Row, token: string): Promise<BookingPage> => {
    const names = await repo.names(row.id, row.tour_id, row.organizer_id);
    const invoices = await deps.invoicesOf(row.id);
    const all = [...(invoices.prepayment_invoice ? [invoices.prepayment_invoice] : []), ...invoices.additional_invoices]
      .sort((a, b) => a.id - b.id)
      .map(invoiceView);
    const { request_id: _id, ...pricing } = pricingOf(row);
    const canceled = isBookingCanceled(row.status as BookingStatus);
    const left = row.total_minor - row.paid_minor;
    return {
      request_id: row.id,
      status: row.status,
      canceled,
      tour_name: names.tour_name,
      organizer_name: names.organizer_name,
      date_start: row.date_start,
      date_end: row.date_end,
      customer_name: row.customer_name,
      tourists: names.tourists,
      pricing: canceled ? { ...pricing, balance_due: 0 } : pricing,
      penalty: canceled && row.penalty_minor !== null ? toMajor(row.penalty_minor) : null,
      invoices: all,
      can_pay: (row.status === S.pending_prepayment || row.status === S.made_prepayment) && left > 0,
      can_cancel: LIVE.includes(row.status),
      chat_url: await deps.chatLink(row.id).then((u) => (u ? `${base}${u}` : null)),
      questionnaire_url: `${base}/org/questionnaire/${row.uuid}`,
      contract_url: (await contractOffered(row)) ? `${base}/spa/booking/contract?token=${token}` : null,
      language: lang(row.language),
    };
  };

  return {
    /** A new link to a request's page (the checkout's confirm, each message that carries it): the raw token goes out once. */
    linkFor: async (q: Db, request: { id: number; organizer_id: number }, language: string): Promise<string> => {
      const token = randomToken(32);
      await repo.insertLink(q, {
        organizer_id: request.organizer_id,
        request_id: request.id,
        token_hash: sha256(token),
      });
      return `${base}/org/booking/${token}?lang=${lang(language)}`;
    },

    page: async (ctx: ServiceContext, token: string): Promise<BookingPage> =>
      pageOf(await requestOf(ctx, token), token),

    /**
     * The booking's contract PDF, once the organizer has confirmed it, unless the organizer hands out
     * none (the traveller-messages setting). Made on each call: counted as a write per address.
     */
    contract: async (ctx: ServiceContext, token: string): Promise<{ name: string; data: Buffer }> => {
      const row = await requestOf(ctx, token);
      await guardWrite(ctx);
      const pdf = (await contractOffered(row)) ? await deps.contracts.pdf(row, lang(row.language)) : null;
      if (!pdf) throw AppError.notFound('booking_contract_not_available');
      return pdf;
    },

    /** The pay page of what is left: the open invoice, else a new one of the balance. */
    payBalance: async (ctx: ServiceContext, token: string, language: 'en' | 'ru'): Promise<{ pay_url: string }> => {
      const row = await requestOf(ctx, token);
      await guardWrite(ctx);
      if (row.status !== S.pending_prepayment && row.status !== S.made_prepayment)
        throw AppError.validation({ token: ['booking_nothing_to_pay'] }, 'booking_nothing_to_pay');
      // the request's row lock: Pay pressed in several tabs at once issues one balance invoice
      const issued = await repo.transaction(async (tx) => {
        await lockRequest(tx, row.id);
        return issueBalanceInvoice(tx, row.id, language, deps.publicUrl);
      });
      if (!issued) throw AppError.validation({ token: ['booking_nothing_to_pay'] }, 'booking_nothing_to_pay');
      return { pay_url: `${issued.pay_url}?lang=${language}` };
    },

    /** What cancelling costs now, by the tour's (else the organizer's) cancellation terms. */
    cancelQuote: async (ctx: ServiceContext, token: string, now = new Date()): Promise<BookingCancelQuote> => {
      const row = await requestOf(ctx, token);
      if (!LIVE.includes(row.status))
        throw AppError.validation({ token: ['booking_not_cancelable'] }, 'booking_not_cancelable');
      const q = await deps.requests().cancelQuoteOf(row.id, now);
      return {
        currency: q.currency,
        days_before_start: q.days_before_start,
        penalties: q.penalties,
        applied_penalty: q.applied_penalty,
        price: q.price,
        paid_amount: q.paid_amount,
        penalty_amount: q.penalty_amount,
        refund_amount: q.refund_amount,
        cancellation_terms: q.cancellation_terms,
      };
    },

    /** Cancels as the tourist (5): refused when the penalty is no longer the one shown. */
    cancel: async (
      ctx: ServiceContext,
      body: { token: string; message: string; penalty_amount: number },
      now = new Date(),
    ): Promise<BookingPage> => {
      const row = await requestOf(ctx, body.token);
      await guardWrite(ctx);
      if (!LIVE.includes(row.status))
        throw AppError.validation({ token: ['booking_not_cancelable'] }, 'booking_not_cancelable');
      await deps.requests().cancelAsTourist(row.id, body.message, toMinor(body.penalty_amount), now);
      return pageOf((await repo.request(row.id))!, body.token);
    },
  };
};
export type BookingPageService = ReturnType<typeof createBookingPageService>;
