import type { Language } from '@tourdesk/contract';
import type { InvoiceRow, PaymentRow } from './invoice.repository';
import { paidOf, payUrl } from './invoice.mapper';
import { localDateTime } from './calendar';

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
    'Выезд',
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

/**
 * A cell: quoted when it holds the separator, a quote or a line break; text a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe.
 */
const cell = (value: string | number, sep: string, isText = true): string => {
  let s = String(value);
  if (isText && typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return s.includes(sep) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export interface CsvRow {
  invoice: InvoiceRow;
  customer_name: string;
  tour_name: string | null;
  date_start: string | null;
}

/**
 * The payments screen as CSV for a spreadsheet: UTF-8 with a BOM (so Excel reads Cyrillic), CRLF
 * lines. Russian: `;` between cells and a decimal comma, as a Russian Excel reads them; English:
 * `,` and a decimal point. Times in the organizer's time zone.
 */
export const invoicesCsv = (
  rows: CsvRow[],
  payments: PaymentRow[],
  opts: { lang: Language; timeZone: string | null; publicUrl: string },
): string => {
  const { lang } = opts;
  const sep = lang === 'ru' ? ';' : ',';
  const money = (minor: number): string => {
    const s = `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
    return lang === 'ru' ? s.replace('.', ',') : s;
  };
  const lines = [HEADERS[lang].map((h) => cell(h, sep)).join(sep)];
  for (const r of rows) {
    const i = r.invoice;
    const { paid, refunded } = paidOf(i.id, payments);
    const methods = [
      ...new Set(payments.filter((p) => p.invoice_id === i.id && p.status !== 'failed').map((p) => p.method)),
    ];
    lines.push(
      [
        cell(i.id, sep),
        cell(localDateTime(opts.timeZone, i.created_at), sep),
        cell(i.request_id, sep),
        cell(r.customer_name, sep),
        cell(r.tour_name ?? '', sep),
        cell(r.date_start ?? '', sep),
        cell(TYPE[lang][i.payment_type] ?? i.payment_type, sep),
        cell(i.title, sep),
        cell(STATUS[lang][i.status] ?? String(i.status), sep),
        cell(money(i.amount_minor), sep, false),
        cell(money(paid), sep, false),
        cell(money(refunded), sep, false),
        cell(i.currency, sep),
        cell(methods.map((m) => METHOD[lang][m] ?? m).join(' '), sep),
        cell(i.paid_at ? localDateTime(opts.timeZone, i.paid_at) : '', sep),
        cell(payUrl(opts.publicUrl, i.public_token), sep),
      ].join(sep),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};
