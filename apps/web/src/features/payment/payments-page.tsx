import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, LoadingState, Pagination, toast } from '@tourdesk/ui';
import { FileDown, Wallet } from 'lucide-react';
import { INVOICE_LIST_PAGE_SIZE } from '@tourdesk/contract/api/invoice-routes';
import {
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  type InvoiceStatus,
  type PaymentMethod,
} from '@tourdesk/contract/enum-values';
import { PageHeader } from '../../components/coming-soon';
import { QueryErrorState } from '../../components/query-error-state';
import { useApiErrorToast } from '../../lib/form-errors';
import { useDashboard } from '../organizer';
import { useExportInvoicesCsv } from './api/export-csv';
import { useInvoiceList, useInvoiceTours, type InvoiceFilters } from './api/invoice-list';
import { InvoiceFiltersBar, hasFilters } from './components/invoice-filters';
import { InvoiceTable, InvoiceTotalsCards } from './components/invoice-table';
import { RevenueBars } from '../../components/revenue-bars';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The filters and page the address holds (?date_from=&date_to=&tour_id=&method=&status=&page=); anything malformed is left out. */
export const filtersOf = (params: URLSearchParams): { filters: InvoiceFilters; page: number } => {
  const from = params.get('date_from') ?? '';
  const to = params.get('date_to') ?? '';
  const method = params.get('method');
  const status = Number(params.get('status'));
  const filters: InvoiceFilters = {};
  if (DAY.test(from)) filters.date_from = from;
  if (DAY.test(to) && (!filters.date_from || to >= filters.date_from)) filters.date_to = to;
  const tour = positive(params.get('tour_id'));
  if (tour) filters.tour_id = tour;
  if ((PAYMENT_METHODS as readonly string[]).includes(method ?? '')) filters.method = method as PaymentMethod;
  if ((INVOICE_STATUSES as readonly number[]).includes(status)) filters.status = status as InvoiceStatus;
  return { filters, page: positive(params.get('page')) ?? 1 };
};

const paramsOf = (filters: InvoiceFilters, page: number): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  return params;
};

/** What came in per week over the last 12 (the dashboard's series: every tour and method). */
function PaidPerWeek({ orgId }: { orgId: number }) {
  const { t } = useTranslation('payments');
  const dashboard = useDashboard(orgId);
  if (!dashboard.data) return null;
  return (
    <Card className="min-w-0 p-5">
      <RevenueBars
        weeks={dashboard.data.weeks}
        texts={{
          title: t('chart.title'),
          description: t('chart.text'),
          currencyLabel: t('chart.currency'),
          weekHeading: t('chart.week'),
          valueHeading: t('chart.value'),
          currentWeek: t('chart.currentWeek'),
          empty: t('chart.empty'),
        }}
      />
    </Card>
  );
}

/**
 * /{orgId}/payments: every invoice of the organizer's requests with its payments and status,
 * filtered by period, tour, method and status (kept in the address, so a link can open a filtered
 * list and a reload keeps it), the totals per currency of all that match, paid per week as a
 * chart, and the matching invoices as a CSV file.
 */
export function PaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const orgId = Number(useParams().orgId);
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersOf(params), [params]);
  const list = useInvoiceList(orgId, filters, page);
  const tours = useInvoiceTours(orgId);
  const exportCsv = useExportInvoicesCsv(orgId, i18n.language);
  const toastApiError = useApiErrorToast();

  const setFilters = (next: InvoiceFilters) => setParams(paramsOf(next, 1));
  const setPage = (next: number) => {
    setParams(paramsOf(filters, next));
    window.scrollTo({ top: 0 });
  };

  const exportButton = (
    <Button
      variant="secondary"
      className="gap-1.5"
      loading={exportCsv.isPending}
      disabled={!list.data || list.data.total === 0}
      onClick={() =>
        exportCsv.mutate(filters, { onSuccess: () => toast.success(t('list.exported')), onError: toastApiError })
      }
    >
      <FileDown size={16} aria-hidden="true" />
      {t('list.export')}
    </Button>
  );

  const nothingYet = list.data?.total === 0 && !hasFilters(filters);
  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <QueryErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (nothingYet)
    body = (
      <Card>
        <EmptyState
          icon={<Wallet size={28} strokeWidth={1.75} aria-hidden="true" />}
          title={t('list.emptyTitle')}
          text={t('list.emptyText')}
        />
      </Card>
    );
  else
    body = (
      <>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <InvoiceTotalsCards totals={list.data.totals} />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <PaidPerWeek orgId={orgId} />
          </div>
        </div>
        <p className="text-sm text-neutral-500" aria-live="polite">
          {t('list.count', { count: list.data.total })}
        </p>
        {list.data.items.length === 0 ? (
          <Card>
            <EmptyState
              title={t('list.noMatchTitle')}
              action={
                <Button variant="outline" onClick={() => setFilters({})}>
                  {t('filters.clear')}
                </Button>
              }
            />
          </Card>
        ) : (
          <InvoiceTable orgId={orgId} items={list.data.items} busy={list.isPlaceholderData} />
        )}
        {list.data.total > INVOICE_LIST_PAGE_SIZE && (
          <Pagination
            page={page}
            onPageChange={setPage}
            total={list.data.total}
            pageSize={INVOICE_LIST_PAGE_SIZE}
            label={t('list.pages')}
          />
        )}
      </>
    );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={exportButton} />
      <div className="flex flex-col gap-4">
        {!nothingYet && <InvoiceFiltersBar value={filters} onChange={setFilters} tours={tours.data ?? []} />}
        {body}
      </div>
    </>
  );
}
