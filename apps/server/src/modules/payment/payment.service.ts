import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  coded,
  isBookingCanceled,
  type BookingStatus,
  type Language,
  type PaymentMethod,
  type PaymentProblem,
  type PaymentResult,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toMajor } from '../../lib/money';
import { lockRequest } from '../request';
import { invoiceQueries, type InvoiceByToken, type PaymentRow } from './invoice.repository';
import { paymentResult } from './payment-result';
import {
  applyPaymentCanceled,
  applyPaymentSucceeded,
  applyRefund,
  applyRefundCanceled,
  creditProblem,
  type Applied,
} from './payment-effects';
import type { AccountProviders } from './payment-account.service';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderName,
  type ProviderPayment,
} from './payment-provider';

/** 256 random bits, base64url: the secret of an invoice's payment page. */
export const newPublicToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Why an invoice cannot be paid on its page now; null when it can. */
export type NotPayable = 'paid' | 'canceled' | 'request_closed' | null;
export const notPayable = (found: InvoiceByToken): NotPayable => {
  if (found.invoice.status === 2) return 'paid';
  if (found.invoice.status === 3) return 'canceled';
  const status = found.request.status as BookingStatus;
  if (isBookingCanceled(status) || status === 4) return 'request_closed';
  return null;
};

/**
 * Why Pay took no payment: the invoice is no longer payable (paid, withdrawn, its request closed)
 * or its amount is not the one the page showed; `found` is the invoice as it is now.
 */
export class PayRefusedError extends Error {
  constructor(
    readonly reason: 'not_payable' | 'amount_changed',
    readonly found: InvoiceByToken,
  ) {
    super(`the invoice takes no payment: ${reason}`);
  }
}

/** The attempt nonce the payment page sends with its form: one payment per page load, however often it is posted. */
export const ATTEMPT_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Payments through the providers: starting one from the invoice's page, the providers'
 * notifications (each read back from the provider before anything changes), polling a late one,
 * refunds, and what the payer sees after paying.
 */
export const createPaymentService = (deps: {
  db: Db;
  /** the provider new payments go through */
  active: PaymentProvider;
  /** every configured provider by name (a payment's own provider answers for it) */
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  publicUrl: string;
  /** authorise only and capture on confirmation (PAYMENT_TWO_STAGE) */
  twoStage: boolean;
  log: FastifyBaseLogger;
  /** the organizers' own YooKassa accounts (issue 27): an organizer with one is paid into it */
  accounts: AccountProviders;
}) => {
  const { db, active, providers, publicUrl, log, accounts } = deps;
  const q = invoiceQueries(db);
  const base = publicUrl.replace(/\/+$/, '');

  const providerOf = (name: string): PaymentProvider => {
    const p = providers[name as ProviderName];
    if (!p) throw new ProviderUnavailableError(`payment provider ${name} is not configured`);
    return p;
  };

  /** The provider that answers for our payment `row`: its organizer's account when made with one, else by name. */
  const providerFor = async (row: PaymentRow): Promise<PaymentProvider> => {
    if (row.payment_account_id === null) return providerOf(row.provider);
    const provider = await accounts.byId(row.payment_account_id);
    if (!provider) throw new ProviderUnavailableError(`payment account ${row.payment_account_id} is gone`);
    return provider;
  };

  /**
   * The provider to read a YooKassa notification's object back with: the account of the shop it
   * names (`recipient.account_id`) when an organizer connected that shop, the platform's YooKassa
   * when it names the platform's shop (or none); null: a shop nobody here connected.
   */
  const notifiedBy = async (
    providerName: ProviderName,
    shopId: string | undefined,
  ): Promise<{ provider: PaymentProvider; accountIds: number[] | null } | null> => {
    const platform = providers[providerName];
    if (providerName !== 'yookassa' || !shopId || (platform && platform.recipient === shopId))
      return platform ? { provider: platform, accountIds: null } : null;
    const found = await accounts.byShop(shopId);
    return found ? { provider: found.provider, accountIds: found.ids } : null;
  };
  /** Whether our payment `row` is one the notification's shop may speak for. */
  const sameAccount = (row: PaymentRow, accountIds: number[] | null): boolean =>
    accountIds === null ? row.payment_account_id === null : accountIds.includes(row.payment_account_id ?? -1);

  const requestIdOf = async (row: PaymentRow): Promise<number> => (await q.invoice(row.invoice_id))!.request_id;

  /**
   * Brings our payment `row` in line with the provider's `p` (read back from the provider), once
   * only, inside one transaction holding the request's lock: an authorised one is captured when it
   * may be credited and its authorisation canceled when not (the invoice paid by another payment or
   * withdrawn, the request closed, or it does not match the invoice); a succeeded one is applied
   * (applyPaymentSucceeded: credited, or given back), a canceled one marked failed.
   */
  const sync = async (row: PaymentRow, p: ProviderPayment): Promise<boolean> => {
    const provider = await providerFor(row);
    if (row.provider_payment_id === null) await q.updatePayment(row.id, { provider_payment_id: p.id });
    if (p.status === 'pending') return false;
    const requestId = await requestIdOf(row);
    // what it changes is recorded as domain events of this transaction (payment-effects.ts)
    return q.transaction(async (tx) => {
      await lockRequest(tx, requestId);
      let current = p;
      let refused: PaymentProblem | null = null;
      if (current.status === 'waiting_for_capture') {
        const fresh = (await invoiceQueries(tx).payment(row.id))!;
        if (fresh.status !== 'pending') return false;
        refused = await creditProblem(tx, fresh, current, provider.recipient);
        current = refused
          ? await provider.cancel(current.id, `cancel-${row.idempotency_key}`)
          : await provider.capture(current.id, `capture-${row.idempotency_key}`);
      }
      let r: Applied;
      if (current.status === 'succeeded') r = await applyPaymentSucceeded(tx, requestId, row, current, provider);
      else if (current.status === 'canceled') r = await applyPaymentCanceled(tx, row, current, refused);
      else return false;
      const problem = r.problem ?? refused;
      if (r.applied && problem)
        log.warn(
          { payment_id: row.id, invoice_id: row.invoice_id, provider_payment_id: current.id, problem },
          current.status === 'canceled'
            ? 'an authorised payment was not captured: its authorisation is canceled'
            : 'a payment was not credited to its invoice',
        );
      return r.applied;
    });
  };

  /** Our payment row of a provider's payment: by its id, else by the row id create was told to carry. */
  const rowOf = async (provider: ProviderName, p: ProviderPayment): Promise<PaymentRow | null> => {
    const byId = await q.paymentByProviderId(provider, p.id);
    if (byId) return byId;
    const ours = Number(p.metadata.payment_id);
    if (!Number.isSafeInteger(ours) || ours <= 0) return null;
    const row = await q.payment(ours);
    return row && row.provider === provider && (row.provider_payment_id ?? p.id) === p.id ? row : null;
  };

  /** Asks the provider how our pending payment stands and applies what it says. */
  const poll = async (row: PaymentRow): Promise<void> => {
    if (row.status !== 'pending' || !row.provider_payment_id) return;
    const p = await (await providerFor(row)).get(row.provider_payment_id);
    if (p) await sync(row, p);
  };

  return {
    providerName: active.name,
    hasProvider: (name: ProviderName): boolean => providers[name] !== undefined,
    /**
     * Who takes the money of an invoice (issue 27): the payment that paid it, else who a new
     * payment goes to — the organizer's own account (YooKassa), else the platform's provider.
     */
    collectorOf: async (
      invoiceId: number,
      organizerId: number,
    ): Promise<{ provider: ProviderName; organizer: boolean }> => {
      const rows = await q.paymentsOf([invoiceId]);
      const paid = rows.find((r) => r.status === 'succeeded' || r.status === 'refunded');
      if (paid) return { provider: paid.provider as ProviderName, organizer: paid.payment_account_id !== null };
      return (await accounts.live(organizerId))
        ? { provider: 'yookassa', organizer: true }
        : { provider: active.name, organizer: false };
    },

    /**
     * A notification from `providerName` about `event` on object `objectId`, naming the shop
     * `shopId` (YooKassa's `recipient.account_id`). Nothing in it is trusted: the payment (or
     * refund) is read back from the provider's API — with the key of the account of that shop —
     * and that is applied, once. 'ignored': not ours, not final yet, or a payment of another
     * account than the one it was made with; 'unknown_shop': a shop nobody here connected.
     * Throws ProviderUnavailableError when the provider cannot be asked (answered 503, sent again).
     */
    handleNotification: async (
      providerName: ProviderName,
      event: string,
      objectId: string,
      shopId?: string,
    ): Promise<'applied' | 'unchanged' | 'ignored' | 'unknown_shop'> => {
      const by = await notifiedBy(providerName, shopId);
      if (!by) return 'unknown_shop';
      const { provider, accountIds } = by;
      if (event.startsWith('refund.')) {
        const refund = await provider.getRefund(objectId);
        if (!refund || refund.status === 'pending') return 'ignored';
        const row = await q.paymentByProviderId(providerName, refund.paymentId);
        if (!row || !sameAccount(row, accountIds)) return 'ignored';
        const requestId = await requestIdOf(row);
        const applied = await q.transaction(async (tx) => {
          await lockRequest(tx, requestId);
          const r =
            refund.status === 'succeeded'
              ? await applyRefund(tx, requestId, row, refund)
              : await applyRefundCanceled(tx, row, refund);
          return r.applied;
        });
        return applied ? 'applied' : 'unchanged';
      }
      if (!event.startsWith('payment.')) return 'ignored';
      const p = await provider.get(objectId);
      if (!p) return 'ignored';
      const row = await rowOf(providerName, p);
      if (!row) {
        log.warn({ provider: providerName, provider_payment_id: p.id }, 'payment notification of no payment of ours');
        return 'ignored';
      }
      if (!sameAccount(row, accountIds) || (shopId && p.recipient !== shopId)) {
        // paid into another shop than the one the payment was started with: never credited from here
        log.warn(
          { payment_id: row.id, provider_payment_id: p.id, shop_id: shopId ?? null, recipient: p.recipient },
          'a payment notification of another account than the payment’s own: refused',
        );
        return 'ignored';
      }
      if (p.status === 'pending') return 'ignored';
      return (await sync(row, p)) ? 'applied' : 'unchanged';
    },

    poll,

    /** Polls every pending payment of a request (before the system cancels it for want of money). */
    pollRequest: async (requestId: number): Promise<void> => {
      for (const row of await q.pendingPaymentsOfRequest(requestId)) {
        try {
          await poll(row);
        } catch (err) {
          log.warn({ err, payment_id: row.id }, 'polling a pending payment failed');
        }
      }
    },

    /**
     * Starts paying the invoice of `token` by `method` (the payer pressed Pay on its page): one
     * payment per `attempt` however often it is posted, created at the provider under the same
     * idempotency key. Under the request's lock the invoice is read again: one no longer payable
     * (PayRefusedError not_payable), or whose amount is no longer the `shownMinor` the page showed
     * (amount_changed), takes no payment. Answers the payment row and how the provider wants it confirmed.
     */
    start: async (
      found: InvoiceByToken,
      method: PaymentMethod,
      attempt: string,
      shownMinor?: number,
      /** the payment page's language: the provider sends the payer back with it */
      lang?: Language,
    ): Promise<{ row: PaymentRow; payment: ProviderPayment }> => {
      const { invoice } = found;
      const key = `pay-${invoice.id}-${attempt}`;
      // the organizer's own account when it has one (issue 27), else the platform's provider
      const account = await accounts.live(invoice.organizer_id);
      let row = await q.transaction(async (tx) => {
        await lockRequest(tx, found.request.id);
        const t = invoiceQueries(tx);
        // the same attempt again (a double click): the payment it made
        const made = await t.paymentByKey(key);
        if (made) return made;
        const fresh = await t.byToken(invoice.public_token);
        if (!fresh || notPayable(fresh)) throw new PayRefusedError('not_payable', fresh ?? found);
        if (shownMinor !== undefined && shownMinor !== fresh.invoice.amount_minor)
          throw new PayRefusedError('amount_changed', fresh);
        return t.insertPayment({
          invoice_id: invoice.id,
          organizer_id: invoice.organizer_id,
          provider: account ? 'yookassa' : active.name,
          payment_account_id: account?.id ?? null,
          idempotency_key: key,
          amount_minor: fresh.invoice.amount_minor,
          currency: fresh.invoice.currency,
          method,
        });
      });
      if (row.invoice_id !== invoice.id) throw AppError.notFound('invoice_not_found');
      const provider = await providerFor(row);
      const payment = await provider.create({
        idempotencyKey: key,
        amountMinor: row.amount_minor,
        currency: row.currency,
        method: row.method as PaymentMethod,
        description: `${found.tour_name || found.organizer.name} #${found.request.id}`.trim(),
        returnUrl: `${base}/pay/${invoice.public_token}/return?payment=${row.id}${lang ? `&lang=${lang}` : ''}`,
        capture: !deps.twoStage,
        metadata: { payment_id: String(row.id), invoice_id: String(invoice.id), request_id: String(found.request.id) },
      });
      if (row.provider_payment_id !== payment.id) {
        await q.updatePayment(row.id, {
          provider_payment_id: payment.id,
          confirmation_url: payment.confirmation?.type === 'redirect' ? payment.confirmation.url : null,
        });
        row = (await q.payment(row.id))!;
      }
      return { row, payment };
    },

    /** The payment rows of an invoice, newest last. */
    paymentsOfInvoice: (invoiceId: number): Promise<PaymentRow[]> => q.paymentsOf([invoiceId]),
    payment: (id: number): Promise<PaymentRow | null> => q.payment(id),
    byToken: (token: string): Promise<InvoiceByToken | null> => q.byToken(token),

    /**
     * Refunds `amountMinor` of a succeeded payment through its provider, holding the request's lock
     * so two refunds never pass the check together; never more than is left of it (refund_over_paid).
     */
    refund: async (row: PaymentRow, amountMinor: number): Promise<void> => {
      if (row.status !== 'succeeded' || !row.provider_payment_id)
        throw AppError.validation({ payment_id: ['payment_not_refundable'] });
      const provider = await providerFor(row);
      const requestId = await requestIdOf(row);
      await q.transaction(async (tx) => {
        await lockRequest(tx, requestId);
        const t = invoiceQueries(tx);
        const current = (await t.payment(row.id))!;
        if (current.status !== 'succeeded') throw AppError.validation({ payment_id: ['payment_not_refundable'] });
        // refunds the provider has not answered yet count too: they will most likely go through
        const asked = await t.refundsOf(current.id);
        const pending = asked.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount_minor, 0);
        const left = current.amount_minor - current.refunded_minor - pending;
        if (amountMinor > left)
          throw AppError.validation({
            amount: [
              coded('refund_over_paid', { amount: `${toMajor(Math.max(left, 0)).toFixed(2)} ${current.currency}` }),
            ],
          });
        const refund = await provider.refund({
          paymentId: current.provider_payment_id!,
          amountMinor,
          currency: current.currency,
          // the n-th refund of the payment: a retry after a failure is the same refund, a new one is new
          idempotencyKey: `refund-${current.id}-${asked.length}-${amountMinor}`,
        });
        if (refund.status === 'canceled') throw AppError.validation({ amount: ['payment_failed'] });
        // a pending refund is recorded (and counted) until its refund.succeeded or refund.canceled notification
        if (refund.status === 'succeeded') await applyRefund(tx, requestId, current, refund);
        else
          await t.saveRefund({
            payment_id: current.id,
            provider: current.provider,
            provider_refund_id: refund.id,
            amount_minor: amountMinor,
            status: 'pending',
          });
      });
    },

    /** What the payer of `token` sees on /org/success and /org/fail; 404 for an unknown token. */
    result: (token: string): Promise<PaymentResult> =>
      paymentResult({ q, poll, publicUrl, log, collectorOf: accounts.live }, token),
  };
};
export type PaymentService = ReturnType<typeof createPaymentService>;
