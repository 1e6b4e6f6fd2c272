import type {
  CancellationsReport,
  Language,
  LedgerReport,
  OccupancyReport,
  ReportKind,
  RevenueReport,
  SalesReport,
} from '@tourdesk/contract';

/** A cell of an exported report: text, a count, an amount (major units), a percent or a calendar day. */
export type ReportCell =
  { text: string } | { count: number } | { money: number } | { percent: number } | { day: string };

/** A report as one table: its sheet name, heading row and rows, the same figures as its JSON. */
export interface ReportTable {
  title: string;
  headings: string[];
  rows: ReportCell[][];
}

type Words = Record<Language, string>;
const w = (en: string, ru: string): Words => ({ en, ru });

const TITLES: Record<ReportKind, Words> = {
  revenue: w('Revenue', 'Выручка'),
  sales: w('Sales by source', 'Продажи по источникам'),
  occupancy: w('Occupancy', 'Заполняемость'),
  cancellations: w('Cancellations', 'Отмены'),
  ledger: w('Payments ledger', 'Платежи и возвраты'),
};
const H = {
  period: w('Period', 'Период'),
  currency: w('Currency', 'Валюта'),
  bookings: w('Bookings', 'Заявки'),
  canceled: w('Canceled', 'Отменено'),
  tourists: w('Tourists', 'Туристы'),
  sold: w('Sold', 'Продано'),
  paid: w('Paid', 'Оплачено'),
  paidNet: w('Paid (less refunds)', 'Оплачено (за вычетом возвратов)'),
  refunded: w('Refunded', 'Возвращено'),
  outstanding: w('Outstanding', 'К оплате'),
  source: w('Source', 'Источник'),
  marketplaceCommission: w('Marketplace commission', 'Комиссия маркетплейса'),
  agentCommission: w('Agent commission', 'Комиссия агентов'),
  tour: w('Tour', 'Тур'),
  start: w('Start', 'Начало'),
  end: w('End', 'Окончание'),
  variant: w('Variant', 'Вариант'),
  capacity: w('Capacity', 'Мест'),
  soldSeats: w('Sold', 'Продано'),
  held: w('Held', 'В брони'),
  free: w('Free', 'Свободно'),
  full: w('% full', '% заполнения'),
  status: w('Cancelled by', 'Кем отменено'),
  requests: w('Requests', 'Заявки'),
  value: w('Value', 'Стоимость'),
  penalties: w('Penalties', 'Штрафы'),
  kept: w('Kept', 'Осталось'),
  invoices: w('Invoices', 'Счета'),
  invoiced: w('Invoiced', 'Выставлено'),
  net: w('Net', 'Итого'),
  total: w('Total', 'Итого'),
};
export const SOURCE_NAMES: Record<string, Words> = {
  marketplace: w('Marketplace', 'Маркетплейс'),
  direct_sales: w('Direct sales on the site', 'Прямые продажи на сайте'),
  agent: w('Agents', 'Агенты'),
  own: w('Own', 'Собственные'),
  third_party_agent: w('Third-party agents', 'Сторонние агенты'),
};
export const CANCEL_STATUS_NAMES: Record<number, Words> = {
  5: w('Tourist', 'Турист'),
  6: w('Organizer', 'Организатор'),
  7: w('System', 'Система'),
  8: w('Administrator', 'Администратор'),
};

const c = {
  t: (text: string): ReportCell => ({ text }),
  n: (count: number): ReportCell => ({ count }),
  m: (money: number): ReportCell => ({ money }),
  d: (day: string): ReportCell => ({ day }),
};

/** The report's table in a language (a "Total" row per currency closes the money reports). */
export const reportTable = (
  kind: ReportKind,
  report: RevenueReport | SalesReport | OccupancyReport | CancellationsReport | LedgerReport,
  lang: Language,
): ReportTable => {
  const h = (keys: (keyof typeof H)[]) => keys.map((k) => H[k][lang]);
  const title = TITLES[kind][lang];
  const total = H.total[lang];
  switch (kind) {
    case 'revenue': {
      const r = report as RevenueReport;
      const line = (x: RevenueReport['totals'][number]) => [
        c.t(x.currency),
        c.n(x.bookings),
        c.n(x.canceled),
        c.n(x.tourists),
        c.m(x.sold),
        c.m(x.paid),
        c.m(x.refunded),
        c.m(x.outstanding),
      ];
      return {
        title,
        headings: h([
          'period',
          'currency',
          'bookings',
          'canceled',
          'tourists',
          'sold',
          'paid',
          'refunded',
          'outstanding',
        ]),
        rows: [...r.rows.map((x) => [c.d(x.period), ...line(x)]), ...r.totals.map((x) => [c.t(total), ...line(x)])],
      };
    }
    case 'sales': {
      const r = report as SalesReport;
      const line = (x: SalesReport['totals'][number]) => [
        c.t(x.currency),
        c.n(x.bookings),
        c.n(x.tourists),
        c.m(x.sold),
        c.m(x.paid),
        c.m(x.marketplace_commission),
        c.m(x.agent_commission),
      ];
      return {
        title,
        headings: h([
          'source',
          'currency',
          'bookings',
          'tourists',
          'sold',
          'paidNet',
          'marketplaceCommission',
          'agentCommission',
        ]),
        rows: [
          ...r.rows.map((x) => [c.t(SOURCE_NAMES[x.source]?.[lang] ?? x.source), ...line(x)]),
          ...r.totals.map((x) => [c.t(total), ...line(x)]),
        ],
      };
    }
    case 'occupancy': {
      const r = report as OccupancyReport;
      return {
        title,
        headings: h(['tour', 'start', 'end', 'variant', 'capacity', 'soldSeats', 'held', 'free', 'full']),
        rows: r.rows.map((x) => [
          c.t(x.tour_name),
          c.d(x.date_start),
          c.d(x.date_end),
          c.t(x.tour_variant),
          c.n(x.capacity),
          c.n(x.sold),
          c.n(x.held),
          c.n(x.free),
          { percent: x.percent_full },
        ]),
      };
    }
    case 'cancellations': {
      const r = report as CancellationsReport;
      const line = (x: CancellationsReport['totals'][number]) => [
        c.t(x.currency),
        c.n(x.requests),
        c.n(x.tourists),
        c.m(x.value),
        c.m(x.penalties),
        c.m(x.paid),
        c.m(x.refunded),
        c.m(x.kept),
      ];
      return {
        title,
        headings: h(['status', 'currency', 'requests', 'tourists', 'value', 'penalties', 'paid', 'refunded', 'kept']),
        rows: [
          ...r.rows.map((x) => [c.t(CANCEL_STATUS_NAMES[x.status]?.[lang] ?? String(x.status)), ...line(x)]),
          ...r.totals.map((x) => [c.t(total), ...line(x)]),
        ],
      };
    }
    case 'ledger': {
      const r = report as LedgerReport;
      const line = (x: LedgerReport['totals'][number]) => [
        c.t(x.currency),
        c.n(x.invoices),
        c.m(x.invoiced),
        c.m(x.paid),
        c.m(x.refunded),
        c.m(x.net),
      ];
      return {
        title,
        headings: h(['period', 'currency', 'invoices', 'invoiced', 'paid', 'refunded', 'net']),
        rows: [...r.rows.map((x) => [c.d(x.period), ...line(x)]), ...r.totals.map((x) => [c.t(total), ...line(x)])],
      };
    }
  }
};
