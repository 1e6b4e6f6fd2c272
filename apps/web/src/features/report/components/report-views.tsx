import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportGranularity, ReportKind } from '@tourdesk/contract/api/report-routes';
import type {
  CancellationRow,
  LedgerRow,
  OccupancyRow,
  RevenueRow,
  SalesAgentRow,
  SalesExtraRow,
  SalesRow,
} from '@tourdesk/contract/api/report';
import { Segmented } from '../../../components/segmented';
import { useFormats } from '../../../lib/formats';
import { lineName } from '../../../lib/line-name';
import type { ReportData } from '../api/reports';
import { CHART_COLORS, ReportChart, type ChartSeries } from './report-chart';
import { ReportTable, type ReportColumn } from './report-table';

/** A totals row: the same figures with no period, source or status. */
type WithTotal<R> = R & { isTotal?: boolean };

/** The currencies of a report's rows, the one in most rows first (then by name): the chart's first is the main one. */
const currenciesOf = (rows: readonly { currency: string }[]): string[] => {
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.currency, (count.get(r.currency) ?? 0) + 1);
  return [...count].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([c]) => c);
};

/** The currency the chart shows (one at a time), the first by default. */
const useCurrency = (currencies: readonly string[]) => {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  return { currency, setCurrency: setChosen };
};

function CurrencySwitch({
  currencies,
  value,
  onChange,
}: {
  currencies: readonly string[];
  value: string | undefined;
  onChange: (c: string | undefined) => void;
}) {
  const { t } = useTranslation('reports');
  if (currencies.length < 2) return null;
  return (
    <Segmented<string>
      label={t('chart.currency')}
      value={value}
      onChange={(c) => onChange(c ?? currencies[0])}
      options={currencies.map((c) => ({ value: c, text: c }))}
    />
  );
}

/** The chart (with its currency switch) above the table. */
function ReportLayout({
  kind,
  currencies,
  currency,
  setCurrency,
  categories,
  series,
  formatValue,
  children,
}: {
  kind: ReportKind;
  currencies: readonly string[];
  currency: string | undefined;
  setCurrency: (c: string | undefined) => void;
  categories: readonly string[];
  series: readonly ChartSeries[];
  formatValue: (n: number) => string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('reports');
  const report = t(`tabs.${kind}`);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4">
        <CurrencySwitch currencies={currencies} value={currency} onChange={setCurrency} />
        <ReportChart
          categories={categories}
          series={series}
          formatValue={formatValue}
          label={currency ? t('chart.label', { report, currency }) : t('chart.labelNoCurrency', { report })}
        />
      </div>
      {children}
    </div>
  );
}

const usePeriodText = (granularity: ReportGranularity) => {
  const { i18n } = useTranslation();
  const f = useFormats();
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return (iso: string) => (granularity === 'month' ? month.format(new Date(`${iso}T00:00:00Z`)) : f.day(iso));
  }, [granularity, i18n.language, f]);
};

const series = (names: readonly [string, number[]][]): ChartSeries[] =>
  names.map(([name, values], i) => ({ name, values, color: CHART_COLORS[i % CHART_COLORS.length]! }));

export function RevenueView({ data, granularity }: { data: ReportData['revenue']; granularity: ReportGranularity }) {
  const { t } = useTranslation('reports');
  const f = useFormats();
  const periodText = usePeriodText(granularity);
  const currencies = currenciesOf(data.rows);
  const { currency, setCurrency } = useCurrency(currencies);
  const chart = useMemo(() => {
    const rows = data.rows.filter((r) => r.currency === currency);
    return {
      categories: rows.map((r) => periodText(r.period)),
      series: series([
        [t('columns.sold'), rows.map((r) => r.sold)],
        [t('columns.paid'), rows.map((r) => r.paid)],
        [t('columns.refunded'), rows.map((r) => r.refunded)],
        [t('columns.outstanding'), rows.map((r) => r.outstanding)],
      ]),
    };
  }, [data, currency, periodText, t]);
  const money = (k: 'sold' | 'paid' | 'refunded' | 'outstanding') => (r: RevenueRow) => f.money(r[k], r.currency);
  const columns: ReportColumn<WithTotal<RevenueRow>>[] = [
    {
      key: 'period',
      heading: t('columns.period'),
      cell: (r) => (r.isTotal ? t('columns.total') : periodText(r.period)),
    },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'bookings', heading: t('columns.bookings'), numeric: true, cell: (r) => r.bookings },
    { key: 'canceled', heading: t('columns.canceled'), numeric: true, cell: (r) => r.canceled },
    { key: 'tourists', heading: t('columns.tourists'), numeric: true, cell: (r) => r.tourists },
    { key: 'sold', heading: t('columns.sold'), numeric: true, cell: money('sold') },
    { key: 'paid', heading: t('columns.paid'), numeric: true, cell: money('paid') },
    { key: 'refunded', heading: t('columns.refunded'), numeric: true, cell: money('refunded') },
    { key: 'outstanding', heading: t('columns.outstanding'), numeric: true, cell: money('outstanding') },
  ];
  return (
    <ReportLayout
      kind="revenue"
      currencies={currencies}
      currency={currency}
      setCurrency={setCurrency}
      formatValue={f.compact}
      {...chart}
    >
      <ReportTable
        caption={t('table.caption', { report: t('tabs.revenue') })}
        columns={columns}
        rows={data.rows}
        totals={data.totals.map((x) => ({ ...x, period: '', isTotal: true }))}
        rowKey={(r) => `${r.period}-${r.currency}`}
      />
    </ReportLayout>
  );
}

export function SalesView({ data }: { data: ReportData['sales'] }) {
  const { t, i18n } = useTranslation('reports');
  const f = useFormats();
  const currencies = currenciesOf(data.rows);
  const { currency, setCurrency } = useCurrency(currencies);
  const chart = useMemo(() => {
    const rows = data.rows.filter((r) => r.currency === currency);
    return {
      categories: rows.map((r) => t(`sources.${r.source}`)),
      series: series([
        [t('columns.sold'), rows.map((r) => r.sold)],
        [t('columns.paidNet'), rows.map((r) => r.paid)],
        [t('columns.marketplaceCommission'), rows.map((r) => r.marketplace_commission)],
        [t('columns.agentCommission'), rows.map((r) => r.agent_commission)],
      ]),
    };
  }, [data, currency, t]);
  type Money = 'sold' | 'paid' | 'marketplace_commission' | 'agent_commission';
  const money = (k: Money) => (r: SalesRow) => f.money(r[k], r.currency);
  const columns: ReportColumn<WithTotal<SalesRow>>[] = [
    {
      key: 'source',
      heading: t('columns.source'),
      cell: (r) => (r.isTotal ? t('columns.total') : t(`sources.${r.source}`)),
    },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'bookings', heading: t('columns.bookings'), numeric: true, cell: (r) => r.bookings },
    { key: 'tourists', heading: t('columns.tourists'), numeric: true, cell: (r) => r.tourists },
    { key: 'sold', heading: t('columns.sold'), numeric: true, cell: money('sold') },
    { key: 'paid', heading: t('columns.paidNet'), numeric: true, cell: money('paid') },
    {
      key: 'marketplace_commission',
      heading: t('columns.marketplaceCommission'),
      numeric: true,
      cell: money('marketplace_commission'),
    },
    { key: 'agent_commission', heading: t('columns.agentCommission'), numeric: true, cell: money('agent_commission') },
  ];
  const agentColumns: ReportColumn<SalesAgentRow>[] = [
    {
      key: 'name',
      heading: t('columns.agent'),
      cell: (r) => (r.agent_id === null ? `${r.name} (${t('columns.thirdParty')})` : r.name),
    },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'bookings', heading: t('columns.bookings'), numeric: true, cell: (r) => r.bookings },
    { key: 'sold', heading: t('columns.sold'), numeric: true, cell: (r) => f.money(r.sold, r.currency) },
    {
      key: 'percent',
      heading: t('columns.commissionPercent'),
      numeric: true,
      cell: (r) => (r.commission_percent === null ? '—' : r.commission_percent),
    },
    {
      key: 'commission',
      heading: t('columns.commission'),
      numeric: true,
      cell: (r) => f.money(r.commission, r.currency),
    },
  ];
  const extraColumns: ReportColumn<SalesExtraRow>[] = [
    { key: 'extra', heading: t('columns.extra'), cell: (r) => lineName(r, i18n.language) },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'bookings', heading: t('columns.bookings'), numeric: true, cell: (r) => r.bookings },
    { key: 'quantity', heading: t('columns.quantity'), numeric: true, cell: (r) => r.quantity },
    { key: 'amount', heading: t('columns.amount'), numeric: true, cell: (r) => f.money(r.amount, r.currency) },
  ];
  return (
    <ReportLayout
      kind="sales"
      currencies={currencies}
      currency={currency}
      setCurrency={setCurrency}
      formatValue={f.compact}
      {...chart}
    >
      <ReportTable
        caption={t('table.caption', { report: t('tabs.sales') })}
        columns={columns}
        rows={data.rows}
        totals={data.totals.map((x) => ({ ...x, source: 'own' as const, isTotal: true }))}
        rowKey={(r) => `${r.source}-${r.currency}`}
      />
      <p className="text-sm text-neutral-600">
        {t('table.marketplacePercent', { percent: data.marketplace_commission_percent })}
      </p>
      {data.agents.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-neutral-900">{t('table.agentsCaption')}</h2>
          <ReportTable
            caption={t('table.agentsCaption')}
            columns={agentColumns}
            rows={data.agents}
            rowKey={(r) => `${r.agent_id ?? r.name}-${r.currency}`}
          />
        </section>
      )}
      {data.extras.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-neutral-900">{t('table.extrasCaption')}</h2>
          <ReportTable
            caption={t('table.extrasCaption')}
            columns={extraColumns}
            rows={data.extras}
            rowKey={(r) => `${r.name_en}-${r.name_ru}-${r.currency}`}
          />
        </section>
      )}
      <section className="flex flex-col gap-2" aria-labelledby="report-recovery">
        <h2 id="report-recovery" className="text-base font-semibold text-neutral-900">
          {t('table.recoveryCaption')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
          <div className="rounded-md border border-neutral-200 p-3">
            <dt className="text-sm text-neutral-600">{t('table.recoverySent')}</dt>
            <dd className="text-xl font-semibold tabular-nums text-neutral-900">{data.checkout_recovery.sent}</dd>
          </div>
          <div className="rounded-md border border-neutral-200 p-3">
            <dt className="text-sm text-neutral-600">{t('table.recoveryBooked')}</dt>
            <dd className="text-xl font-semibold tabular-nums text-neutral-900">{data.checkout_recovery.recovered}</dd>
          </div>
        </dl>
        <p className="text-sm text-neutral-600">{t('table.recoveryNote')}</p>
      </section>
    </ReportLayout>
  );
}

/** The chart shows this many departures (the first ones: upcoming soonest); the table has them all. */
const CHART_DEPARTURES = 20;

export function OccupancyView({ data }: { data: ReportData['occupancy'] }) {
  const { t } = useTranslation('reports');
  const f = useFormats();
  const chart = useMemo(() => {
    const rows = data.rows.slice(0, CHART_DEPARTURES);
    return {
      categories: rows.map((r) => f.dayMonth(r.date_start)),
      series: series([
        [t('columns.soldSeats'), rows.map((r) => r.sold)],
        [t('columns.held'), rows.map((r) => r.held)],
        [t('columns.free'), rows.map((r) => r.free)],
      ]).map((s, i) => ({ ...s, color: [CHART_COLORS[0], CHART_COLORS[3], CHART_COLORS[4]][i]! })),
    };
  }, [data, f, t]);
  const columns: ReportColumn<WithTotal<OccupancyRow>>[] = [
    {
      key: 'tour',
      heading: t('columns.tour'),
      cell: (r) =>
        r.isTotal
          ? `${t('columns.total')} · ${t('table.departuresTotal', { count: data.totals.departures })}`
          : `${r.tour_name}${r.tour_variant ? ` · ${r.tour_variant}` : ''}`,
    },
    {
      key: 'departure',
      heading: t('columns.departure'),
      cell: (r) =>
        r.isTotal
          ? ''
          : `${f.days(r.date_start, r.date_end)} · ${r.is_upcoming ? t('table.upcoming') : t('table.past')}`,
    },
    { key: 'capacity', heading: t('columns.capacity'), numeric: true, cell: (r) => r.capacity },
    { key: 'sold', heading: t('columns.soldSeats'), numeric: true, cell: (r) => r.sold },
    { key: 'held', heading: t('columns.held'), numeric: true, cell: (r) => r.held },
    { key: 'free', heading: t('columns.free'), numeric: true, cell: (r) => r.free },
    { key: 'full', heading: t('columns.full'), numeric: true, cell: (r) => (r.isTotal ? '' : `${r.percent_full} %`) },
  ];
  const total: WithTotal<OccupancyRow> = {
    ...data.totals,
    tour_date_id: 0,
    tour_id: 0,
    tour_name: '',
    date_start: '',
    date_end: '',
    tour_variant: '',
    percent_full: 0,
    is_upcoming: false,
    isTotal: true,
  };
  return (
    <ReportLayout
      kind="occupancy"
      currencies={[]}
      currency={undefined}
      setCurrency={() => undefined}
      formatValue={(n) => String(n)}
      {...chart}
    >
      <ReportTable
        caption={t('table.caption', { report: t('tabs.occupancy') })}
        columns={columns}
        rows={data.rows}
        totals={data.rows.length > 0 ? [total] : []}
        rowKey={(r) => String(r.tour_date_id)}
      />
      {data.is_truncated && (
        <p className="text-sm text-neutral-600">{t('table.truncated', { count: data.rows.length })}</p>
      )}
    </ReportLayout>
  );
}

export function CancellationsView({ data }: { data: ReportData['cancellations'] }) {
  const { t } = useTranslation('reports');
  const f = useFormats();
  const currencies = currenciesOf(data.rows);
  const { currency, setCurrency } = useCurrency(currencies);
  const chart = useMemo(() => {
    const rows = data.rows.filter((r) => r.currency === currency);
    return {
      categories: rows.map((r) => t(`cancelStatuses.${r.status}`)),
      series: series([
        [t('columns.value'), rows.map((r) => r.value)],
        [t('columns.penalties'), rows.map((r) => r.penalties)],
        [t('columns.refunded'), rows.map((r) => r.refunded)],
        [t('columns.kept'), rows.map((r) => r.kept)],
      ]),
    };
  }, [data, currency, t]);
  type Money = 'value' | 'penalties' | 'paid' | 'refunded' | 'kept';
  const money = (k: Money) => (r: CancellationRow) => f.money(r[k], r.currency);
  const columns: ReportColumn<WithTotal<CancellationRow>>[] = [
    {
      key: 'status',
      heading: t('columns.cancelledBy'),
      cell: (r) => (r.isTotal ? t('columns.total') : t(`cancelStatuses.${r.status}`)),
    },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'requests', heading: t('columns.requests'), numeric: true, cell: (r) => r.requests },
    { key: 'tourists', heading: t('columns.tourists'), numeric: true, cell: (r) => r.tourists },
    { key: 'value', heading: t('columns.value'), numeric: true, cell: money('value') },
    { key: 'penalties', heading: t('columns.penalties'), numeric: true, cell: money('penalties') },
    { key: 'paid', heading: t('columns.paid'), numeric: true, cell: money('paid') },
    { key: 'refunded', heading: t('columns.refunded'), numeric: true, cell: money('refunded') },
    { key: 'kept', heading: t('columns.kept'), numeric: true, cell: money('kept') },
  ];
  return (
    <ReportLayout
      kind="cancellations"
      currencies={currencies}
      currency={currency}
      setCurrency={setCurrency}
      formatValue={f.compact}
      {...chart}
    >
      <ReportTable
        caption={t('table.caption', { report: t('tabs.cancellations') })}
        columns={columns}
        rows={data.rows}
        totals={data.totals.map((x) => ({ ...x, status: 5, isTotal: true }))}
        rowKey={(r) => `${r.status}-${r.currency}`}
      />
    </ReportLayout>
  );
}

export function LedgerView({
  data,
  granularity,
  paymentsLink,
}: {
  data: ReportData['ledger'];
  granularity: ReportGranularity;
  /** the payments screen with the same period and tour */
  paymentsLink: string;
}) {
  const { t } = useTranslation('reports');
  const f = useFormats();
  const periodText = usePeriodText(granularity);
  const currencies = currenciesOf(data.rows);
  const { currency, setCurrency } = useCurrency(currencies);
  const chart = useMemo(() => {
    const rows = data.rows.filter((r) => r.currency === currency);
    return {
      categories: rows.map((r) => periodText(r.period)),
      series: series([
        [t('columns.invoiced'), rows.map((r) => r.invoiced)],
        [t('columns.paid'), rows.map((r) => r.paid)],
        [t('columns.refunded'), rows.map((r) => r.refunded)],
      ]),
    };
  }, [data, currency, periodText, t]);
  type Money = 'invoiced' | 'paid' | 'refunded' | 'net';
  const money = (k: Money) => (r: LedgerRow) => f.money(r[k], r.currency);
  const columns: ReportColumn<WithTotal<LedgerRow>>[] = [
    {
      key: 'period',
      heading: t('columns.period'),
      cell: (r) => (r.isTotal ? t('columns.total') : periodText(r.period)),
    },
    { key: 'currency', heading: t('columns.currency'), cell: (r) => r.currency },
    { key: 'invoices', heading: t('columns.invoices'), numeric: true, cell: (r) => r.invoices },
    { key: 'invoiced', heading: t('columns.invoiced'), numeric: true, cell: money('invoiced') },
    { key: 'paid', heading: t('columns.paid'), numeric: true, cell: money('paid') },
    { key: 'refunded', heading: t('columns.refunded'), numeric: true, cell: money('refunded') },
    { key: 'net', heading: t('columns.net'), numeric: true, cell: money('net') },
  ];
  return (
    <ReportLayout
      kind="ledger"
      currencies={currencies}
      currency={currency}
      setCurrency={setCurrency}
      formatValue={f.compact}
      {...chart}
    >
      <ReportTable
        caption={t('table.caption', { report: t('tabs.ledger') })}
        columns={columns}
        rows={data.rows}
        totals={data.totals.map((x) => ({ ...x, period: '', isTotal: true }))}
        rowKey={(r) => `${r.period}-${r.currency}`}
      />
      <Link to={paymentsLink} className="self-start text-sm font-medium text-primary-700 underline">
        {t('ledgerLink')}
      </Link>
    </ReportLayout>
  );
}
