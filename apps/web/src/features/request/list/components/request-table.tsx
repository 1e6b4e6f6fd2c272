import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn, useBreakpoint } from '@tourdesk/ui';
import { CalendarDays, Phone, Users } from 'lucide-react';
import type { RequestListItem } from '@tourdesk/contract/api/request-list';
import { isBookingCanceled } from '@tourdesk/contract/enum-values';
import type { RequestChange } from '../live-changes';
import { useRequestFormat } from '../format';
import { RequestStatusBadge } from './request-status-badge';

interface RowProps {
  orgId: number;
  item: RequestListItem;
  change: RequestChange | undefined;
  /** when the page was read: a hold that had lapsed by then is not shown */
  now: number;
}

/** The request's number, linking to its page; on a row, the link covers the whole row. */
function RequestLink({ orgId, id, stretched }: { orgId: number; id: number; stretched?: boolean }) {
  const { t } = useTranslation('bookings');
  return (
    <Link
      to={`/${orgId}/bookings/${id}`}
      aria-label={t('list.openRequest', { id })}
      className={cn(
        'font-semibold text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500',
        stretched && 'after:absolute after:inset-0 after:content-[""]',
      )}
    >
      {t('list.number', { id })}
    </Link>
  );
}

/** "New" or "Updated" beside a request that just came in or changed (live). */
function LiveChip({ change }: { change: RequestChange | undefined }) {
  const { t } = useTranslation('bookings');
  if (!change) return null;
  return (
    <span className="rounded-full bg-primary-600 px-2 py-0.5 text-[11px] font-semibold text-on-primary uppercase">
      {change.kind === 'new' ? t('list.live.new') : t('list.live.updated')}
    </span>
  );
}

const muted = 'text-xs text-neutral-500';

/** What a row says, shared by the table (wide screens) and the cards (narrow ones). */
const useRowParts = (item: RequestListItem, now: number) => {
  const { t } = useTranslation('bookings');
  const f = useRequestFormat();
  return {
    tour: item.tour?.name ?? t('list.noTour'),
    dates: item.date_start ? f.days(item.date_start, item.date_end) : t('list.noDates'),
    customer: item.customer_name || t('list.noCustomer'),
    contact: item.customer_phone || item.customer_email,
    price: f.money(item.price, item.currency),
    paid: f.money(item.paid_amount, item.currency),
    balance: f.money(item.balance, item.currency),
    received: t('list.received', { date: f.moment(item.created_at) }),
    receivedDay: f.dayShort(item.created_at),
    held:
      item.status === 1 && item.hold_expires_at && new Date(item.hold_expires_at).getTime() > now
        ? t('list.heldUntil', {
            // a hold that ends another day says which
            time:
              new Date(item.hold_expires_at).toDateString() === new Date(now).toDateString()
                ? f.time(item.hold_expires_at)
                : f.moment(item.hold_expires_at),
          })
        : null,
    source: t(`sources.${item.source}`),
    canceled: isBookingCanceled(item.status),
  };
};

function TableRow({ orgId, item, change, now }: RowProps) {
  const { t } = useTranslation('bookings');
  const p = useRowParts(item, now);
  return (
    <tr
      data-request-id={item.id}
      data-live={change?.kind}
      className={cn(
        'relative border-t border-neutral-200 transition-colors duration-700 hover:bg-neutral-50',
        change && 'bg-primary-50 hover:bg-primary-50',
      )}
    >
      <td className="px-3 py-3 align-top">
        <div className="flex flex-wrap items-center gap-2">
          <RequestLink orgId={orgId} id={item.id} stretched />
          <LiveChip change={change} />
        </div>
        <div className={muted}>{p.source}</div>
        <div className={cn(muted, 'whitespace-nowrap')}>
          <time dateTime={item.created_at} title={p.received}>
            {p.receivedDay}
          </time>
        </div>
      </td>
      <td className="px-3 py-3 align-top">
        <RequestStatusBadge status={item.status} />
        {p.held && <div className={cn(muted, 'mt-1')}>{p.held}</div>}
      </td>
      <td className="min-w-44 px-3 py-3 align-top">
        <div className="font-medium text-neutral-900">{p.tour}</div>
        <div className={cn(muted, 'whitespace-nowrap')}>{p.dates}</div>
      </td>
      <td className="max-w-44 px-3 py-3 align-top">
        <div className="truncate text-neutral-900">{p.customer}</div>
        {p.contact && <div className={cn(muted, 'truncate')}>{p.contact}</div>}
      </td>
      <td className="px-3 py-3 text-center align-top tabular-nums">{item.tourists_count}</td>
      <td className="px-3 py-3 text-end align-top whitespace-nowrap tabular-nums">
        <div className="font-medium text-neutral-900">{p.price}</div>
        <div className={muted}>{t('list.paid', { amount: p.paid })}</div>
        {/* a canceled request asks for nothing more: neither due nor paid in full */}
        {!p.canceled && (
          <div className={cn('text-xs', item.balance > 0 ? 'text-neutral-700' : 'text-success-700')}>
            {item.balance > 0 ? t('list.due', { amount: p.balance }) : t('list.paidInFull')}
          </div>
        )}
      </td>
    </tr>
  );
}

function RequestCard({ orgId, item, change, now }: RowProps) {
  const { t } = useTranslation('bookings');
  const p = useRowParts(item, now);
  const line = (icon: ReactNode, text: ReactNode) => (
    <p className="flex items-start gap-1.5 text-sm text-neutral-700">
      <span className="mt-0.5 shrink-0 text-neutral-400" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0">{text}</span>
    </p>
  );
  return (
    <li
      data-request-id={item.id}
      data-live={change?.kind}
      className={cn(
        'relative flex flex-col gap-2 rounded-xl border border-neutral-200 bg-surface-raised p-4 transition-colors duration-700',
        change && 'border-primary-300 bg-primary-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <RequestLink orgId={orgId} id={item.id} stretched />
        <LiveChip change={change} />
        <RequestStatusBadge status={item.status} className="ms-auto" />
      </div>
      <p className="font-medium text-neutral-900">{p.tour}</p>
      {line(<CalendarDays size={15} />, p.dates)}
      {line(
        <Phone size={15} />,
        <>
          {p.customer}
          {p.contact && <span className="text-neutral-500"> · {p.contact}</span>}
        </>,
      )}
      {line(<Users size={15} />, t('list.tourists', { count: item.tourists_count }))}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-t border-neutral-100 pt-2 text-sm">
        <span className="font-semibold text-neutral-900 tabular-nums">{p.price}</span>
        {item.paid_amount > 0 && (item.balance > 0 || p.canceled) && (
          <span className="text-neutral-500 tabular-nums">{t('list.paid', { amount: p.paid })}</span>
        )}
        {!p.canceled && (
          <span className={cn('tabular-nums', item.balance > 0 ? 'text-neutral-700' : 'text-success-700')}>
            {item.balance > 0 ? t('list.due', { amount: p.balance }) : t('list.paidInFull')}
          </span>
        )}
      </div>
      <p className={muted}>
        {p.source} · {p.received}
        {p.held && <> · {p.held}</>}
      </p>
    </li>
  );
}

/**
 * A page of requests: a table on wide screens, cards on narrow ones. Each request's number links
 * to its page and the link covers the row. Requests that came in or changed live are highlighted.
 */
export function RequestTable({
  orgId,
  items,
  changes,
  readAt,
  busy,
}: {
  orgId: number;
  items: readonly RequestListItem[];
  changes: ReadonlyMap<number, RequestChange>;
  /** when the page was read (ms) */
  readAt: number;
  busy?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const { up } = useBreakpoint();
  if (!up('lg'))
    return (
      <ul className="flex flex-col gap-3" aria-label={t('list.label')} aria-busy={busy || undefined}>
        {items.map((item) => (
          <RequestCard key={item.id} orgId={orgId} item={item} change={changes.get(item.id)} now={readAt} />
        ))}
      </ul>
    );
  const th = 'px-3 py-3 font-medium whitespace-nowrap';
  return (
    <div
      className="overflow-x-auto rounded-xl border border-neutral-200 bg-surface-raised"
      aria-busy={busy || undefined}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('list.label')}</caption>
        <thead className="bg-neutral-50 text-start text-neutral-600">
          <tr>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.request')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.status')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.tour')}
            </th>
            <th scope="col" className={cn(th, 'text-start')}>
              {t('list.columns.customer')}
            </th>
            <th scope="col" className={cn(th, 'text-center')}>
              {t('list.columns.tourists')}
            </th>
            <th scope="col" className={cn(th, 'text-end')}>
              {t('list.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <TableRow key={item.id} orgId={orgId} item={item} change={changes.get(item.id)} now={readAt} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
