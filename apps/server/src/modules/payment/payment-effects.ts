import {
  BOOKING_STATUS,
  INVOICE_STATUS,
  isBookingCanceled,
  SYSTEM_ACTOR,
  type BookingStatus,
  type PaymentProblem,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { moveStatus } from '../request';
import { CREDITED, invoiceQueries, type PaymentRow } from './invoice.repository';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './payment-provider';
import { departurePrepaymentMinor } from './prepayment';

/**
 * What money does to a request, inside ONE transaction that already holds the request's row
 * lock (lockRequest): a succeeded payment pays its invoice (2 payed) and raises paid_minor; once
 * the prepayment is paid a request waiting for it (2) moves to 3; a refund lowers paid_minor.
 * Every effect is claimed first in payment_notifications under the provider's own key, so a
 * replayed or out-of-order notification, a poll and a notification of the same payment, or two
 * nodes at once apply it once.
 */

/** A request's status change (moveStatus records it as request.status_changed in the same transaction). */
export interface StatusChange {
  request_id: number;
  organizer_id: number;
  status: number;
}

/**
 * Whether the request's prepayment is paid: its live prepayment invoice is paid, or what has been
 * paid reaches that invoice's amount; without one, reaches the departure's prepayment
 * (prepayment_type and prepayment_size), else the whole price.
 */
export const prepaymentReached = async (tx: Db, requestId: number): Promise<boolean> => {
  const q = invoiceQueries(tx);
  const row = await q.requestForPrepayment(requestId);
  if (!row) return false;
  const invoice = await q.livePrepaymentInvoice(requestId);
  if (invoice?.status === 2) return true;
  const threshold = invoice
    ? invoice.amount_minor
    : departurePrepaymentMinor({
        unitPriceMinor: row.unit_price_minor,
        touristsCount: row.tourists_count,
        prepaymentType: row.prepayment_type ?? 'percent',
        prepaymentSize: row.prepayment_size,
      }) || row.total_minor;
  return threshold > 0 && row.paid_minor >= threshold;
};

/** A request waiting for its prepayment (2) whose prepayment is paid moves to 3 (by the system). */
export const advanceIfPrepaid = async (tx: Db, requestId: number): Promise<StatusChange | null> => {
  const row = await invoiceQueries(tx).requestForPrepayment(requestId);
  if (!row || row.status !== BOOKING_STATUS.pending_prepayment) return null;
  if (!(await prepaymentReached(tx, requestId))) return null;
  await moveStatus(tx, requestId, BOOKING_STATUS.pending_prepayment, BOOKING_STATUS.made_prepayment, {
    userId: null,
    note: 'prepayment_received',
  });
  return { request_id: requestId, organizer_id: row.organizer_id, status: BOOKING_STATUS.made_prepayment };
};

export interface Applied {
  /** false: it had been applied before (a replay), nothing changed */
  applied: boolean;
  change: StatusChange | null;
  /** set when the money was not credited: why (the caller logs it) */
  problem?: PaymentProblem;
}

/** What the payer is given back at once, uncredited (the payment is `returned`); the others wait for the provider (`attention`). */
const GIVEN_BACK: readonly PaymentProblem[] = ['duplicate', 'invoice_canceled', 'request_closed'];
export const isGivenBack = (problem: PaymentProblem): boolean => GIVEN_BACK.includes(problem);

/**
 * Why the money of our payment `row` that the provider reports as `paid` (taken or authorised)
 * must not be credited; null when it may. Read inside the transaction holding the request's lock,
 * so the invoice cannot change under it: the amount and currency must be the invoice's (and what
 * was asked of the provider), the recipient our shop, the invoice still new (not paid by another
 * payment, not withdrawn) and its request neither canceled nor over.
 */
export const creditProblem = async (
  tx: Db,
  row: PaymentRow,
  paid: ProviderPayment,
  ourShop: string,
): Promise<PaymentProblem | null> => {
  const q = invoiceQueries(tx);
  const invoice = (await q.invoice(row.invoice_id))!;
  if (paid.currency !== invoice.currency || paid.currency !== row.currency) return 'currency_mismatch';
  if (paid.amountMinor !== invoice.amount_minor || paid.amountMinor !== row.amount_minor) return 'amount_mismatch';
  if (paid.recipient !== ourShop) return 'recipient_mismatch';
  if (invoice.status === INVOICE_STATUS.payed) return 'duplicate';
  if (invoice.status === INVOICE_STATUS.canceled) return 'invoice_canceled';
  const request = await q.requestMoney(invoice.request_id);
  const status = (request?.status ?? BOOKING_STATUS.canceled_by_system) as BookingStatus;
  if (isBookingCanceled(status) || status === BOOKING_STATUS.tour_complete) return 'request_closed';
  return null;
};

/**
 * The provider took the money of our payment `row` (`paid`, as read back from the provider). When
 * creditProblem finds a reason not to credit it, nothing is credited: a payment the invoice no
 * longer wants (paid by another payment, withdrawn, its request closed) is refunded in full at once
 * (`returned`; `attention` when the provider refuses the refund), one that does not match the
 * invoice waits for the provider (`attention`). Else the invoice is paid and paid_minor raised.
 */
export const applyPaymentSucceeded = async (
  tx: Db,
  requestId: number,
  row: PaymentRow,
  paid: ProviderPayment,
  provider: PaymentProvider,
): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `payment.succeeded:${paid.id}`))) return { applied: false, change: null };
  const current = await q.payment(row.id);
  if (!current || ['succeeded', 'refunded', 'returned', 'attention'].includes(current.status))
    return { applied: false, change: null };
  const now = new Date();
  const problem = await creditProblem(tx, current, paid, provider.recipient);
  if (problem) {
    // what the provider says it took (when in the payment's currency), never credited
    const amount = paid.currency === current.currency && paid.amountMinor > 0 ? paid.amountMinor : current.amount_minor;
    let status: 'returned' | 'attention' = 'attention';
    let reason = problem;
    let refunded = 0;
    if (isGivenBack(problem)) {
      const refund = await provider.refund({
        paymentId: paid.id,
        amountMinor: paid.amountMinor,
        currency: paid.currency,
        idempotencyKey: `return-${current.id}`,
      });
      if (refund.status === 'canceled') reason = 'return_failed';
      else {
        status = 'returned';
        await q.saveRefund({
          payment_id: current.id,
          provider: current.provider,
          provider_refund_id: refund.id,
          amount_minor: refund.amountMinor,
          status: refund.status,
        });
        if (refund.status === 'succeeded') {
          await q.claimEvent(current.provider, `refund.succeeded:${refund.id}`);
          refunded = Math.min(refund.amountMinor, amount);
        }
      }
    }
    await q.updatePayment(row.id, {
      status,
      problem: reason,
      amount_minor: amount,
      refunded_minor: refunded,
      provider_payment_id: paid.id,
      paid_at: now,
    });
    return { applied: true, change: null, problem: reason };
  }
  await q.updatePayment(row.id, {
    status: 'succeeded',
    amount_minor: paid.amountMinor,
    provider_payment_id: paid.id,
    paid_at: now,
  });
  await q.updateInvoice(current.invoice_id, { status: INVOICE_STATUS.payed, paid_at: now, canceled_at: null });
  await q.addPaid(requestId, paid.amountMinor);
  // a domain event of this transaction (the organizer's screens and members hear of it): exactly when it is applied
  await recordEvent(tx, {
    type: 'payment.received',
    aggregateId: current.id,
    organizerId: current.organizer_id,
    actor: SYSTEM_ACTOR,
    payload: {
      request_id: requestId,
      payment_id: current.id,
      amount_minor: paid.amountMinor,
      currency: current.currency,
    },
  });
  return { applied: true, change: await advanceIfPrepaid(tx, requestId) };
};

/**
 * The provider gave up on our payment `row` (the payer failed or left), or we canceled its
 * authorisation for `problem` (creditProblem): it becomes failed, nothing taken.
 */
export const applyPaymentCanceled = async (
  tx: Db,
  row: PaymentRow,
  canceled: ProviderPayment,
  problem: PaymentProblem | null = null,
): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `payment.canceled:${canceled.id}`))) return { applied: false, change: null };
  const current = await q.payment(row.id);
  if (!current || current.status !== 'pending') return { applied: false, change: null };
  await q.updatePayment(row.id, { status: 'failed', problem, provider_payment_id: canceled.id });
  return { applied: true, change: null };
};

/**
 * The provider returned `refund` of our payment `row`: its row is marked succeeded, the payment's
 * refunded amount goes up and, for a credited payment, the request's paid amount down.
 */
export const applyRefund = async (
  tx: Db,
  requestId: number,
  row: PaymentRow,
  refund: ProviderRefund,
): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `refund.succeeded:${refund.id}`))) return { applied: false, change: null };
  const current = await q.payment(row.id);
  if (!current) return { applied: false, change: null };
  await q.saveRefund({
    payment_id: current.id,
    provider: current.provider,
    provider_refund_id: refund.id,
    amount_minor: Math.max(refund.amountMinor, 1),
    status: 'succeeded',
  });
  const amount = Math.min(refund.amountMinor, current.amount_minor - current.refunded_minor);
  if (amount <= 0) return { applied: false, change: null };
  const refunded = current.refunded_minor + amount;
  const credited = CREDITED.includes(current.status);
  await q.updatePayment(row.id, {
    refunded_minor: refunded,
    status: credited && refunded >= current.amount_minor ? 'refunded' : current.status,
  });
  if (credited) {
    await q.addPaid(requestId, -amount);
    await recordEvent(tx, {
      type: 'payment.refunded',
      aggregateId: current.id,
      organizerId: current.organizer_id,
      actor: SYSTEM_ACTOR,
      payload: { request_id: requestId, payment_id: current.id, amount_minor: amount, currency: current.currency },
    });
  }
  return { applied: true, change: null };
};

/**
 * The provider canceled `refund` of our payment `row`: its amount may be refunded again. The
 * refund that was to give back an uncredited payment failing leaves the payment needing attention.
 */
export const applyRefundCanceled = async (tx: Db, row: PaymentRow, refund: ProviderRefund): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `refund.canceled:${refund.id}`))) return { applied: false, change: null };
  const known = await q.refundByProviderId(row.provider, refund.id);
  if (!known || known.status !== 'pending') return { applied: false, change: null };
  await q.saveRefund({
    payment_id: known.payment_id,
    provider: known.provider,
    provider_refund_id: known.provider_refund_id,
    amount_minor: known.amount_minor,
    status: 'canceled',
  });
  const current = await q.payment(row.id);
  if (current?.status === 'returned') await q.updatePayment(row.id, { status: 'attention', problem: 'return_failed' });
  return { applied: true, change: null };
};
