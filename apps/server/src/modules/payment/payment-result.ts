import type { FastifyBaseLogger } from 'fastify';
import type { BookingStatus, PaymentMethod, PaymentResult, PaymentType } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import { toMajor } from '../../lib/money';
import type { invoiceQueries, PaymentRow } from './invoice.repository';
import { payUrl } from './invoice.mapper';

/**
 * What the payer of `token` sees on /org/success and /org/fail (404 for an unknown token): the
 * invoice's state after asking the provider once about a late pending payment, and whose account
 * the money goes to (issue 27) — the account the paying payment was made with, else the one a new
 * payment would go to.
 */
export const paymentResult = async (
  deps: {
    q: ReturnType<typeof invoiceQueries>;
    poll: (row: PaymentRow) => Promise<void>;
    publicUrl: string;
    log: FastifyBaseLogger;
    /** the organizer's live account, if any */
    collectorOf: (organizerId: number) => Promise<unknown>;
  },
  token: string,
): Promise<PaymentResult> => {
  const { q, poll, publicUrl, log } = deps;
  const found = await q.byToken(token);
  if (!found) throw AppError.notFound('invoice_not_found');
  const { invoice, request, organizer } = found;
  let rows = await q.paymentsOf([invoice.id]);
  const last = rows.at(-1);
  // a notification may be late: ask the provider once before answering
  if (invoice.status === 1 && last?.status === 'pending') {
    try {
      await poll(last);
      rows = await q.paymentsOf([invoice.id]);
    } catch (err) {
      log.warn({ err, payment_id: last.id }, 'polling a pending payment failed');
    }
  }
  const fresh = (await q.byToken(token))!;
  const succeeded = [...rows].reverse().find((r) => r.status === 'succeeded' || r.status === 'refunded');
  const latest = rows.at(-1);
  const status: PaymentResult['status'] =
    fresh.invoice.status === 2
      ? 'paid'
      : fresh.invoice.status === 3
        ? 'canceled'
        : latest?.status === 'pending'
          ? 'pending'
          : latest?.status === 'failed'
            ? 'failed'
            : 'open';
  const due =
    request.date_start && found.full_payment_days !== null
      ? new Date(Date.parse(`${request.date_start}T00:00:00Z`) - found.full_payment_days * 86_400_000)
          .toISOString()
          .slice(0, 10)
      : null;
  const paying = succeeded ?? (latest?.status === 'pending' ? latest : undefined);
  const toOrganizer = paying
    ? paying.payment_account_id !== null
    : (await deps.collectorOf(invoice.organizer_id)) !== null;
  return {
    status,
    amount: toMajor(invoice.amount_minor),
    currency: invoice.currency as PaymentResult['currency'],
    title: invoice.title,
    payment_type: invoice.payment_type as PaymentType,
    method: ((succeeded ?? latest)?.method as PaymentMethod | undefined) ?? null,
    paid_at: fresh.invoice.paid_at ? fresh.invoice.paid_at.toISOString() : null,
    request_number: request.id,
    request_status: fresh.request.status as BookingStatus,
    tour_name: found.tour_name,
    date_start: request.date_start,
    date_end: request.date_end,
    organizer_name: organizer.name,
    organizer_email: organizer.email,
    organizer_phone: organizer.phone,
    balance: toMajor(Math.max(fresh.request.total_minor - fresh.request.paid_minor, 0)),
    full_payment_due: due,
    pay_url: payUrl(publicUrl, invoice.public_token),
    collected_by: toOrganizer ? 'organizer' : 'platform',
  };
};
