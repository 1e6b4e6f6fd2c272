import type { Language } from '@tourdesk/contract';
import type { InvoiceRow, PaymentRow } from './invoice.repository';
import { paidOf, payUrl } from './invoice.mapper';
import { localDateTime } from './calendar';
import { csvAmount, csvDocument } from '../../lib/csv';

const HEADERS: Record<Language, string[]> = {
  en: [
    'Invoice',
    'Created',
    'Request',
    'Customer',
    'Tour',
    'Departure',
    'Type',
    'Title',
    'Status',
    'Amount',
    'Paid',
    'Refunded',
    'Currency',
    'Methods',
    'Paid at',
    'Payment page',
  ],
  ru: [
    'Счёт',
    'Создан',
    'Заявка',
    'Клиент',
    'Тур',
    'Заезд',
    'Тип',
    'Название',
    'Статус',
    'Сумма',
    'Оплачено',
    'Возвращено',
    'Валюта',
    'Способы оплаты',
    'Оплачен',
    'Страница оплаты',
  ],
};
const STATUS: Record<Language, Record<number, string>> = {
  en: { 1: 'New', 2: 'Paid', 3: 'Canceled' },
  ru: { 1: 'Новый', 2: 'Оплачен', 3: 'Отменён' },
};
const TYPE: Record<Language, Record<string, string>> = {
  en: { prepayment: 'Prepayment', payment: 'Payment', full: 'Full payment' },
  ru: { prepayment: 'Предоплата', payment: 'Оплата', full: 'Полная оплата' },
};
const METHOD: Record<Language, Record<string, string>> = {
  en: { card: 'Card', sbp: 'SBP' },
  ru: { card: 'Карта', sbp: 'СБП' },
};

export interface CsvRow {
  invoice: InvoiceRow;
  customer_name: string;
  tour_name: string | null;
  date_start: string | null;
}

/**
 * The payments screen as CSV for a spreadsheet (lib/csv.ts: the separator and decimal mark of the
 * language). Times in the organizer's time zone.
 */
export const invoicesCsv = (
  rows: CsvRow[],
  payments: PaymentRow[],
  opts: { lang: Language; timeZone: string | null; publicUrl: string },
): string => {
  const { lang } = opts;
  const money = (minor: number): string => csvAmount(minor, lang);
  const lines: (string | number)[][] = [HEADERS[lang]];
  for (const r of rows) {
    const i = r.invoice;
    const { paid, refunded } = paidOf(i.id, payments);
    const methods = [
      ...new Set(payments.filter((p) => p.invoice_id === i.id && p.status !== 'failed').map((p) => p.method)),
    ];
    lines.push([
      i.id,
      localDateTime(opts.timeZone, i.created_at),
      i.request_id,
      r.customer_name,
      r.tour_name ?? '',
      r.date_start ?? '',
      TYPE[lang][i.payment_type] ?? i.payment_type,
      i.title,
      STATUS[lang][i.status] ?? String(i.status),
      money(i.amount_minor),
      money(paid),
      money(refunded),
      i.currency,
      methods.map((m) => METHOD[lang][m] ?? m).join(' '),
      i.paid_at ? localDateTime(opts.timeZone, i.paid_at) : '',
      payUrl(opts.publicUrl, i.public_token),
    ]);
  }
  return csvDocument(lines, lang);
};
