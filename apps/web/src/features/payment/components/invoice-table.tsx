import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentBrand } from '../../../brands/current-brand';
import { cn, useBreakpoint } from '@tourdesk/ui';
import { CreditCard, QrCode } from 'lucide-react';
import type { InvoiceListItem, InvoiceTotals } from '@tourdesk/contract/api/invoice';
import type { InvoiceStatus } from '@tourdesk/contract/enum-values';
import { useFormats } from '../../../lib/formats';

const STATUS_TONE: Record<InvoiceStatus, string> = {
  1: 'bg-warning-50 text-warning-800 ring-warning-200',
  2: 'bg-success-50 text-success-700 ring-success-200',
  3: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
};

/** An invoice's status (SPEC §4: 1 new, 2 payed, 3 canceled) as a chip with its name. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('payments');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        STATUS_TONE[status],
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

const PAYMENT_TONE: Record<string, string> = {
  succeeded: 'text-success-700',
  failed: 'text-danger-700',
  refunded: 'text-neutral-600',
  pending: 'text-warning-800',
  waiting_for_capture: 'text-warning-800',
  returned: 'text-neutral-600',
  attention: 'text-danger-700',
};

/** The attempts to pay an invoice: method, amount, outcome. */
function Payments({ item }: { item: InvoiceListItem }) {
  const { t } = useTranslation('payments');
  const f = useFormats();
  if (item.payments.length === 0)
    return <span className="text-xs whitespace-nowrap text-neutral-500">{t('list.noPayments')}</span>;
  return (
    <ul aria-label={t('list.paymentsLabel', { id: item.id })} className="flex flex-col gap-1">
      {item.payments.map((p) => {
        const Icon = p.method === 'sbp' ? QrCode : CreditCard;
        return (
          <li key={p.id} className="flex items-center gap-1.5 text-xs text-neutral-700">
            <Icon size={14} aria-hidden="true" className="shrink-0 text-neutral-500" />
            <span>
              {t(`methods.${p.method}`)} ·{' '}
              {p.amount !== item.amount || p.currency !== item.currency ? `${f.money(p.amount, p.currency)} · ` : ''}
              <span className={cn('font-medium', PAYMENT_TONE[p.status])}>
                {t(`paymentStatuses.${p.status}`, { defaultValue: p.status })}
              </span>
              {p.problem && (p.status === 'attention' || p.status === 'returned') ? (
                <span className={p.status === 'attention' ? 'text-danger-700' : 'text-neutral-600'}>
                  {' '}
                  · {t(`paymentProblems.${p.problem}`)}
                </span>
              ) : null}
              <span className="text-neutral-500">
                {' '}
                ·{' '}
                {t(p.collected_by === 'organizer' ? 'list.collectedByOrganizer' : 'list.collectedByPlatform', {
                  platform: currentBrand.name,
                })}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What a row says, shared by the table (wide screens) and the cards (narrow ones). */
const useParts = (item: InvoiceListItem) => {
  const { t } = useTranslation('payments');
  const f = useFormats();
  return {
    issued: item.created_at ? t('list.issued', { date: f.dayOfInstant(item.created_at) }) : '',
    type: t(`types.${item.payment_type}`),
    tour: item.tour?.name ?? t('list.noTour'),
    departure: item.date_start ? t('list.departure', { date: f.day(item.date_start) }) : null,
    customer: item.customer_name || t('list.noCustomer'),
    amount: f.money(item.amount, item.currency),
    paid: f.money(item.paid_amount, item.currency),
    refunded:
      item.refunded_amount > 0 ? t('list.refunded', { amount: f.money(item.refunded_amount, item.currency) }) : null,
  };
};

function RequestLink({ orgId, item, short }: { orgId: number; item: InvoiceListItem; short?: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <Link
      to={`/${orgId}/bookings/${item.request_id}`}
      aria-label={t('list.openRequest', { id: item.request_id })}
      className="font-semibold text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
    >
      {t(short ? 'list.shortNumber' : 'list.request', { id: item.request_id })}
    </Link>
  );
}

const muted = 'text-xs text-neutral-500';

function TableRow({ orgId, item }: { orgId: number; item: InvoiceListItem }) {
  const { t } = useTranslation('payments');
  const p = useParts(item);
  const td = 'px-4 py-3 align-top';
  return (
    <tr className="border-t border-neutral-100" data-testid="invoice-row">
      <td className={td}>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium whitespace-nowrap text-neutral-900">
            {t('list.shortNumber', { id: item.id })}
          </span>
          <InvoiceStatusBadge status={item.status} />
        </span>
        <span className={cn(muted, 'mt-0.5 block')}>{p.type}</span>
        <span className={cn(muted, 'block whitespace-nowrap')}>{p.issued}</span>
      </td>
      <td className={td}>
        <RequestLink orgId={orgId} item={item} short />
        <span className="block text-neutral-700">{p.customer}</span>
      </td>
      <td className={cn(td, 'min-w-44')}>
        <span className="line-clamp-2 text-neutral-900" title={p.tour}>
          {p.tour}
        </span>
        {p.departure && <span className={cn(muted, 'block')}>{p.departure}</span>}
      </td>
      <td className={cn(td, 'text-end font-medium whitespace-nowrap text-neutral-900 tabular-nums')}>{p.amount}</td>
      <td className={cn(td, 'text-end whitespace-nowrap tabular-nums')}>
        <span className="block text-neutral-900">{p.paid}</span>
        {p.refunded && <span className={cn(muted, 'block')}>{p.refunded}</span>}
      </td>
      <td className={td}>
        <Payments item={item} />
      </td>
    </tr>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-neutral-500">{label}</dt>
      <dd className="text-end font-medium text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

function InvoiceCard({ orgId, item }: { orgId: number; item: InvoiceListItem }) {
  const { t } = useTranslation('payments');
  const p = useParts(item);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-surface-raised p-4"
      data-testid="invoice-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <span className="block font-medium text-neutral-900">{t('list.number', { id: item.id })}</span>
          <span className={muted}>
            {p.type} · {p.issued}
          </span>
        </div>
        <InvoiceStatusBadge status={item.status} />
      </div>
      <div className="text-sm">
        <RequestLink orgId={orgId} item={item} /> <span className="text-neutral-700">· {p.customer}</span>
        <span className="block text-neutral-700">
          {p.tour}
          {p.departure && <span className={muted}> · {p.departure}</span>}
        </span>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <Line label={t('list.columns.amount')}>{p.amount}</Line>
        <Line label={t('list.columns.paid')}>
          {p.paid}
          {p.refunded && <span className={cn(muted, 'block')}>{p.refunded}</span>}
        </Line>
      </dl>
      <Payments item={item} />
    </li>
  );
}

/** The invoices of a page: a table on wide screens, cards on narrow ones; each links to its request. */
export function InvoiceTable({
  orgId,
  items,
  busy,
}: {
  orgId: number;
  items: readonly InvoiceListItem[];
  busy?: boolean;
}) {
  const { t } = useTranslation('payments');
  const { up } = useBreakpoint();
  if (!up('lg'))
    return (
      <ul className="flex flex-col gap-3" aria-label={t('list.label')} aria-busy={busy || undefined}>
        {items.map((item) => (
          <InvoiceCard key={item.id} orgId={orgId} item={item} />
        ))}
      </ul>
    );
  const th = 'px-4 py-3 font-medium whitespace-nowrap';
  return (
    <div
      className="overflow-x-auto rounded-xl border border-neutral-200 bg-surface-raised"
      aria-busy={busy || undefined}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('list.label')}</caption>
        <thead className="bg-neutral-50 text-neutral-600">
          <tr>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.invoice')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.request')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.tour')}
            </th>
            <th scope="col" className={cn(th, 'text-end')}>
              {t('list.columns.amount')}
            </th>
            <th scope="col" className={cn(th, 'text-end')}>
              {t('list.columns.paid')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.payments')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <TableRow key={item.id} orgId={orgId} item={item} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The totals of every invoice the filters match, a row per currency: invoiced, paid, refunded (never added across currencies). */
export function InvoiceTotalsCards({ totals }: { totals: readonly InvoiceTotals[] }) {
  const { t } = useTranslation('payments');
  const f = useFormats();
  // a phone (under the kit's sm) reads each currency as a card of labelled lines: four columns of
  // amounts were wider than the screen; the table's rows and headers say their roles, so it stays a table to screen readers
  const th = 'px-4 py-2 text-end text-xs font-medium text-neutral-500 first:text-start';
  const td = cn(
    'flex items-baseline justify-between gap-4 py-0.5 text-end whitespace-nowrap tabular-nums sm:table-cell sm:px-4 sm:py-3',
    'before:font-normal before:text-neutral-600 before:content-[attr(data-label)] sm:before:content-none',
  );
  return (
    <section aria-labelledby="totals-title" className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id="totals-title" className="text-base font-semibold text-neutral-900">
          {t('totals.title')}
        </h2>
        <p className="text-sm text-neutral-600">{t('totals.text')}</p>
      </div>
      {totals.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('totals.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-surface-raised">
          <table role="table" className="block w-full border-collapse text-sm sm:table">
            <caption className="sr-only">{t('totals.title')}</caption>
            <thead className="sr-only bg-neutral-50 sm:not-sr-only sm:table-header-group">
              <tr role="row">
                <th role="columnheader" scope="col" className={th}>
                  {t('totals.currency')}
                </th>
                <th role="columnheader" scope="col" className={th}>
                  {t('totals.invoiced')}
                </th>
                <th role="columnheader" scope="col" className={th}>
                  {t('totals.paid')}
                </th>
                <th role="columnheader" scope="col" className={th}>
                  {t('totals.refunded')}
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {totals.map((x) => (
                <tr
                  key={x.currency}
                  role="row"
                  className="block border-t border-neutral-100 px-4 py-3 first:border-t-0 sm:table-row sm:p-0 sm:first:border-t"
                  data-testid={`totals-${x.currency}`}
                >
                  <th
                    role="rowheader"
                    scope="row"
                    className="block pb-1 text-start font-semibold text-neutral-700 sm:table-cell sm:px-4 sm:py-3"
                  >
                    {x.currency}
                  </th>
                  <td
                    data-label={t('totals.invoiced')}
                    className={cn(td, 'font-semibold text-neutral-900')}
                    data-testid="total-invoiced"
                  >
                    {f.money(x.invoiced, x.currency)}
                  </td>
                  <td
                    data-label={t('totals.paid')}
                    className={cn(td, 'font-semibold text-success-700')}
                    data-testid="total-paid"
                  >
                    {f.money(x.paid, x.currency)}
                  </td>
                  <td
                    data-label={t('totals.refunded')}
                    className={cn(td, 'text-neutral-700')}
                    data-testid="total-refunded"
                  >
                    {f.money(x.refunded, x.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
