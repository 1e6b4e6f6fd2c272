import { SYSTEM_ACTOR } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { invoiceQueries } from './invoice.repository';
import { payUrl } from './invoice.mapper';
import { newPublicToken } from './payment.service';
import { departurePrepaymentMinor } from './prepayment';

const PREPAYMENT_TITLE = { en: 'Prepayment for your booking', ru: 'Предоплата бронирования' } as const;

/**
 * The prepayment invoice of a request the checkout has just confirmed (issue 27), inside the
 * caller's transaction: the departure's prepayment (prepayment_type and size), else the whole
 * price; recorded as invoice.issued by the system. Answers the invoice's pay link, or null when
 * there is nothing to pay.
 */
export const issueCheckoutPrepayment = async (
  tx: Db,
  requestId: number,
  lang: 'en' | 'ru',
  publicUrl: string,
): Promise<{ invoice_id: number; amount_minor: number; pay_url: string } | null> => {
  const q = invoiceQueries(tx);
  const row = await q.requestForPrepayment(requestId);
  if (!row) return null;
  const computed = departurePrepaymentMinor({
    unitPriceMinor: row.unit_price_minor,
    touristsCount: row.tourists_count,
    prepaymentType: row.prepayment_type ?? 'percent',
    prepaymentSize: row.prepayment_size,
  });
  // never more than the price (a per-traveller amount on a discounted booking)
  const amount = Math.min(computed > 0 ? computed : row.total_minor, row.total_minor - row.paid_minor);
  if (amount <= 0) return null;
  const currency = (await q.requestMoney(requestId))!.currency;
  const invoice = await q.insertInvoice({
    request_id: requestId,
    organizer_id: row.organizer_id,
    payment_type: 'prepayment',
    title: PREPAYMENT_TITLE[lang],
    amount_minor: amount,
    prepayment_percent: row.total_minor > 0 ? ((amount * 100) / row.total_minor).toFixed(2) : null,
    currency,
    public_token: newPublicToken(),
  });
  await recordEvent(tx, {
    type: 'invoice.issued',
    aggregateId: invoice.id,
    organizerId: row.organizer_id,
    actor: SYSTEM_ACTOR,
    payload: { request_id: requestId, invoice_id: invoice.id, amount_minor: amount, currency },
  });
  return { invoice_id: invoice.id, amount_minor: amount, pay_url: payUrl(publicUrl, invoice.public_token) };
};

const BALANCE_TITLE = { en: 'Balance for your booking', ru: 'Доплата за бронирование' } as const;

/**
 * The pay page for what is left to pay of a booking (the traveller's booking page, issue 27),
 * inside the caller's transaction: the oldest open invoice when there is one (the prepayment is
 * due first), else a new invoice of the whole balance (total − paid), recorded as invoice.issued
 * by the system. null when nothing is left to pay.
 */
export const issueBalanceInvoice = async (
  tx: Db,
  requestId: number,
  lang: 'en' | 'ru',
  publicUrl: string,
): Promise<{ invoice_id: number; pay_url: string } | null> => {
  const q = invoiceQueries(tx);
  const open = await q.oldestOpenInvoice(requestId);
  if (open) return { invoice_id: open.id, pay_url: payUrl(publicUrl, open.public_token) };
  const money = await q.requestMoney(requestId);
  const amount = money ? money.total_minor - money.paid_minor : 0;
  if (!money || amount <= 0) return null;
  const invoice = await q.insertInvoice({
    request_id: requestId,
    organizer_id: money.organizer_id,
    payment_type: 'payment',
    title: BALANCE_TITLE[lang],
    amount_minor: amount,
    currency: money.currency,
    public_token: newPublicToken(),
  });
  await recordEvent(tx, {
    type: 'invoice.issued',
    aggregateId: invoice.id,
    organizerId: money.organizer_id,
    actor: SYSTEM_ACTOR,
    payload: { request_id: requestId, invoice_id: invoice.id, amount_minor: amount, currency: money.currency },
  });
  return { invoice_id: invoice.id, pay_url: payUrl(publicUrl, invoice.public_token) };
};
