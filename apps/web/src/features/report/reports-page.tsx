import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, Tabs, toast } from '@tourdesk/ui';
import { BarChart3, FileDown, FileSpreadsheet } from 'lucide-react';
import {
  REPORT_BASES,
  REPORT_GRANULARITIES,
  REPORT_KINDS,
  type ReportFilters,
  type ReportFormat,
  type ReportKind,
} from '@tourdesk/contract/api/report-routes';
import { REQUEST_SOURCES, type RequestSource } from '@tourdesk/contract/enum-values';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useApiErrorToast } from '../../lib/form-errors';
import { useExportReport, useReport, useReportTours, type ReportData } from './api/reports';
import { ReportFiltersBar, type ReportScreenFilters } from './components/report-filters';
import { CancellationsView, LedgerView, OccupancyView, RevenueView, SalesView } from './components/report-views';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The tab and filters the address holds (?report=&basis=&date_from=&date_to=&tour_id=&source=&granularity=); anything malformed is left out. */
export const reportStateOf = (params: URLSearchParams): { kind: ReportKind; filters: ReportScreenFilters } => {
  const kind = params.get('report') as ReportKind;
  const basis = params.get('basis');
  const granularity = params.get('granularity');
  const source = params.get('source');
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  const tour = Number(params.get('tour_id'));
  const filters: ReportScreenFilters = {
    basis: (REPORT_BASES as readonly string[]).includes(basis ?? '')
      ? (basis as ReportScreenFilters['basis'])
      : 'booking',
    granularity: (REPORT_GRANULARITIES as readonly string[]).includes(granularity ?? '')
      ? (granularity as ReportScreenFilters['granularity'])
      : 'month',
  };
  if (DAY.test(from)) filters.date_from = from;
  if (DAY.test(to) && (!filters.date_from || to >= filters.date_from)) filters.date_to = to;
  if (Number.isInteger(tour) && tour > 0) filters.tour_id = tour;
  if ((REQUEST_SOURCES as readonly string[]).includes(source ?? '')) filters.source = source as RequestSource;
  return { kind: (REPORT_KINDS as readonly string[]).includes(kind) ? kind : 'revenue', filters };
};

const paramsOf = (kind: ReportKind, f: ReportScreenFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (kind !== 'revenue') params.set('report', kind);
  if (f.basis !== 'booking') params.set('basis', f.basis);
  if (f.granularity !== 'month') params.set('granularity', f.granularity);
  if (f.date_from) params.set('date_from', f.date_from);
  if (f.date_to) params.set('date_to', f.date_to);
  if (f.tour_id) params.set('tour_id', String(f.tour_id));
  if (f.source) params.set('source', f.source);
  return params;
};

/** The API's filters of a report: occupancy takes neither basis, source nor granularity. */
const apiFilters = (orgId: number, kind: ReportKind, f: ReportScreenFilters): ReportFilters => ({
  organizer_id: orgId,
  ...(f.date_from ? { date_from: f.date_from } : {}),
  ...(f.date_to ? { date_to: f.date_to } : {}),
  ...(f.tour_id ? { tour_ids: [f.tour_id] } : {}),
  ...(kind !== 'occupancy'
    ? { basis: f.basis, granularity: f.granularity, ...(f.source ? { sources: [f.source] } : {}) }
    : {}),
});

const isEmpty = (kind: ReportKind, data: ReportData[ReportKind]): boolean =>
  kind === 'occupancy' ? (data as ReportData['occupancy']).rows.length === 0 : data.rows.length === 0;

function ReportBody({ orgId, kind, filters }: { orgId: number; kind: ReportKind; filters: ReportScreenFilters }) {
  const { t } = useTranslation('reports');
  const query = useReport(kind, apiFilters(orgId, kind, filters));
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (isEmpty(kind, data))
    return (
      <Card>
        <EmptyState
          icon={<BarChart3 size={28} strokeWidth={1.75} aria-hidden="true" />}
          title={t('empty.title')}
          text={t('empty.text')}
        />
      </Card>
    );
  const busy = query.isPlaceholderData;
  const payments = new URLSearchParams();
  if (filters.date_from) payments.set('date_from', filters.date_from);
  if (filters.date_to) payments.set('date_to', filters.date_to);
  if (filters.tour_id) payments.set('tour_id', String(filters.tour_id));
  return (
    <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : undefined}>
      {kind === 'revenue' && <RevenueView data={data as ReportData['revenue']} granularity={filters.granularity} />}
      {kind === 'sales' && <SalesView data={data as ReportData['sales']} />}
      {kind === 'occupancy' && <OccupancyView data={data as ReportData['occupancy']} />}
      {kind === 'cancellations' && <CancellationsView data={data as ReportData['cancellations']} />}
      {kind === 'ledger' && (
        <LedgerView
          data={data as ReportData['ledger']}
          granularity={filters.granularity}
          paymentsLink={`/${orgId}/payments${payments.size ? `?${payments}` : ''}`}
        />
      )}
    </div>
  );
}

/**
 * /{orgId}/reports: revenue over time, sales by source with commissions, occupancy per departure,
 * cancellations and the payments ledger (issue 28). One tab per report; the filters (basis,
 * period, tour, source, bucket size) and the tab live in the address. Each report is a chart with
 * its table (the chart's text alternative) and downloads as CSV or XLSX built by the server.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const orgId = Number(useParams().orgId);
  const [params, setParams] = useSearchParams();
  const { kind, filters } = useMemo(() => reportStateOf(params), [params]);
  const tours = useReportTours(orgId);
  const exporter = useExportReport(i18n.language);
  const toastApiError = useApiErrorToast();
  const set = (nextKind: ReportKind, next: ReportScreenFilters) =>
    setParams(paramsOf(nextKind, next), { replace: true });

  const exportAs = (format: ReportFormat) =>
    exporter.mutate(
      { kind, format, filters: apiFilters(orgId, kind, filters) },
      { onSuccess: () => toast.success(t('export.done')), onError: toastApiError },
    );
  const busyFormat = exporter.isPending ? exporter.variables?.format : undefined;
  const actions = (
    <>
      <Button variant="secondary" className="gap-1.5" loading={busyFormat === 'csv'} onClick={() => exportAs('csv')}>
        <FileDown size={16} aria-hidden="true" />
        {t('export.csv')}
      </Button>
      <Button variant="secondary" className="gap-1.5" loading={busyFormat === 'xlsx'} onClick={() => exportAs('xlsx')}>
        <FileSpreadsheet size={16} aria-hidden="true" />
        {t('export.xlsx')}
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={actions} />
      <Tabs
        label={t('tabs.label')}
        value={kind}
        onValueChange={(v) => set(v as ReportKind, filters)}
        items={REPORT_KINDS.map((k) => ({
          value: k,
          label: t(`tabs.${k}`),
          content: (
            <div className="flex flex-col gap-4 pt-4">
              <ReportFiltersBar
                value={filters}
                onChange={(next) => set(k, next)}
                tours={tours.data ?? []}
                overTime={k === 'revenue' || k === 'ledger'}
                bySource={k !== 'occupancy'}
              />
              <ReportBody orgId={orgId} kind={k} filters={filters} />
            </div>
          ),
        }))}
      />
    </>
  );
}
