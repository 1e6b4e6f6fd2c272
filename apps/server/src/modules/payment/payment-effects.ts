import { BOOKING_STATUS, organizerChannel, type BookingStatus, type Publish } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordPaymentReceived } from '../notification';
import { moveStatus } from '../request';
import { invoiceQueries, type PaymentRow } from './invoice.repository';
import type { ProviderPayment, ProviderRefund } from './payment-provider';
import { departurePrepaymentMinor } from './prepayment';

/**
 * What money does to a request, inside ONE transaction that already holds the request's row
 * lock (lockRequest): a succeeded payment pays its invoice (2 payed) and raises paid_minor; once
 * the prepayment is paid a request waiting for it (2) moves to 3; a refund lowers paid_minor.
 * Every effect is claimed first in payment_notifications under the provider's own key, so a
 * replayed or out-of-order notification, a poll and a notification of the same payment, or two
 * nodes at once apply it once.
 */

/** A request's status change, published to its organizer once the transaction has committed. */
export interface StatusChange {
  request_id: number;
  organizer_id: number;
  status: number;
}

export const publishStatusChange = (publish: Publish, change: StatusChange | null): void => {
  if (change)
    publish(organizerChannel(change.organizer_id), 'request_in_crm_update_status', {
      request_id: change.request_id,
      organizer_id: change.organizer_id,
      status: change.status as BookingStatus,
    });
};

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
    message: 'Prepayment received',
  });
  return { request_id: requestId, organizer_id: row.organizer_id, status: BOOKING_STATUS.made_prepayment };
};

export interface Applied {
  /** false: it had been applied before (a replay), nothing changed */
  applied: boolean;
  change: StatusChange | null;
}

/** The provider took the money of our payment `row` (`paid`, as read back from the provider). */
export const applyPaymentSucceeded = async (
  tx: Db,
  requestId: number,
  row: PaymentRow,
  paid: ProviderPayment,
): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `payment.succeeded:${paid.id}`))) return { applied: false, change: null };
  const current = await q.payment(row.id);
  if (!current || current.status === 'succeeded' || current.status === 'refunded')
    return { applied: false, change: null };
  const now = new Date();
  // what the provider says it took is the truth (a two-stage payment may be captured in part)
  const amount = paid.amountMinor > 0 ? paid.amountMinor : current.amount_minor;
  await q.updatePayment(row.id, {
    status: 'succeeded',
    amount_minor: amount,
    provider_payment_id: paid.id,
    paid_at: now,
  });
  const invoice = await q.invoice(row.invoice_id);
  if (invoice && invoice.status !== 2)
    await q.updateInvoice(invoice.id, { status: 2, paid_at: now, canceled_at: null });
  await q.addPaid(requestId, amount);
  // the organizer's members are told (issue 17): recorded here, so exactly when the payment is applied
  await recordPaymentReceived(tx, {
    organizerId: current.organizer_id,
    requestId,
    paymentId: current.id,
    amountMinor: amount,
    currency: current.currency,
  });
  return { applied: true, change: await advanceIfPrepaid(tx, requestId) };
};

/** The provider gave up on our payment `row` (the payer failed or left): it becomes failed. */
export const applyPaymentCanceled = async (tx: Db, row: PaymentRow, canceled: ProviderPayment): Promise<Applied> => {
  const q = invoiceQueries(tx);
  if (!(await q.claimEvent(row.provider, `payment.canceled:${canceled.id}`))) return { applied: false, change: null };
  const current = await q.payment(row.id);
  if (!current || current.status !== 'pending') return { applied: false, change: null };
  await q.updatePayment(row.id, { status: 'failed', provider_payment_id: canceled.id });
  return { applied: true, change: null };
};

/** The provider returned `refund` of our payment `row`: it and the request's paid amount go down. */
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
  const amount = Math.min(refund.amountMinor, current.amount_minor - current.refunded_minor);
  if (amount <= 0) return { applied: false, change: null };
  const refunded = current.refunded_minor + amount;
  await q.updatePayment(row.id, {
    refunded_minor: refunded,
    status: refunded >= current.amount_minor ? 'refunded' : current.status,
  });
  await q.addPaid(requestId, -amount);
  return { applied: true, change: null };
};
