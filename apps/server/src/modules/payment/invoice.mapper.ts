import type {
  Invoice,
  InvoiceStatus,
  Payment,
  PaymentMethod,
  PaymentProblem,
  PaymentStatus,
  PaymentType,
  RequestInvoices,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { toMajor } from '../../lib/money';
import { invoiceQueries, type InvoiceRow, type PaymentRow } from './invoice.repository';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The invoice's public payment page. */
export const payUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/pay/${token}`;

export const paymentOf = (p: PaymentRow): Payment => ({
  id: p.id,
  invoice_id: p.invoice_id,
  amount: toMajor(p.amount_minor),
  currency: p.currency as Payment['currency'],
  method: p.method as PaymentMethod,
  status: p.status as PaymentStatus,
  provider: p.provider,
  provider_payment_id: p.provider_payment_id,
  refunded_amount: toMajor(p.refunded_minor),
  problem: (p.problem as PaymentProblem | null) ?? null,
  collected_by: p.payment_account_id !== null ? 'organizer' : 'platform',
  created_at: p.created_at.toISOString(),
  paid_at: iso(p.paid_at),
});

export const invoiceOf = (i: InvoiceRow, payments: PaymentRow[], publicUrl: string): Invoice => ({
  id: i.id,
  request_id: i.request_id,
  status: i.status as InvoiceStatus,
  payment_type: i.payment_type as PaymentType,
  title: i.title,
  message: i.message,
  amount: toMajor(i.amount_minor),
  currency: i.currency as Invoice['currency'],
  contract_id: i.contract_id,
  prepayment_percent: i.prepayment_percent === null ? null : Number(i.prepayment_percent),
  payment_url: payUrl(publicUrl, i.public_token),
  payments: payments.filter((p) => p.invoice_id === i.id).map(paymentOf),
  created_at: i.created_at.toISOString(),
  paid_at: iso(i.paid_at),
  canceled_at: iso(i.canceled_at),
});

/** What its succeeded payments brought (refunds not taken off) and what was refunded, minor units. */
export const paidOf = (invoiceId: number, payments: PaymentRow[]): { paid: number; refunded: number } => {
  let paid = 0;
  let refunded = 0;
  for (const p of payments)
    if (p.invoice_id === invoiceId && (p.status === 'succeeded' || p.status === 'refunded')) {
      paid += p.amount_minor;
      refunded += p.refunded_minor;
    }
  return { paid, refunded };
};

/**
 * The request page's `invoices` (SPEC §3 Request invoices): the live (new or paid) prepayment
 * invoice, the newest when there were several, and every other invoice (canceled ones too), oldest
 * first, each with its payments. `publicUrl` makes their payment_url (config.publicUrl).
 */
export const invoicesOfRequest = async (db: Db, requestId: number, publicUrl: string): Promise<RequestInvoices> => {
  const q = invoiceQueries(db);
  const rows = await q.invoicesOfRequest(requestId);
  const payments = await q.paymentsOf(rows.map((r) => r.id));
  const prepayment = [...rows].reverse().find((r) => r.payment_type === 'prepayment' && r.status !== 3) ?? null;
  return {
    prepayment_invoice: prepayment ? invoiceOf(prepayment, payments, publicUrl) : null,
    additional_invoices: rows.filter((r) => r !== prepayment).map((r) => invoiceOf(r, payments, publicUrl)),
  };
};
