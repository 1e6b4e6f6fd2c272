import { useTranslation } from 'react-i18next';
import { Card } from '@tourdesk/ui';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useRequestFormat } from '../request-format';
import { SaleStatusSelect } from './sale-status-select';
import { StatusBadge } from './status-badge';
import { useActorLabel } from '../../../../lib/member-actor';

/**
 * The marketplace sale status, and every status the request has been in: who moved it, when, and
 * what they wrote (the system's notes in the reader's language). Newest first.
 */
export function HistoryCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const actorOf = useActorLabel();
  const format = useRequestFormat(request.currency);
  const items = [...request.history].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Card title={t('history.card')}>
      <SaleStatusSelect request={request} />
      <h3 className="mt-5 mb-3 text-sm font-semibold text-neutral-900">{t('history.title')}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('history.empty')}</p>
      ) : (
        <ol aria-label={t('history.title')} className="flex flex-col gap-4">
          {items.map((h, i) => (
            <li key={`${h.created_at}-${i}`} className="relative border-s-2 border-neutral-200 ps-4">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={h.status} />
                {h.previous_status !== null && (
                  <span className="text-xs text-neutral-500">
                    {t('history.from', { status: t(`statuses.${h.previous_status}`) })}
                  </span>
                )}
              </div>
              <p className="mt-1 text-xs text-neutral-600">
                <time dateTime={h.created_at}>{format.moment(h.created_at)}</time>
                {' · '}
                {actorOf(h.actor, h.user_name || t('history.system'))}
              </p>
              {(h.note || h.message) && (
                <p className="mt-1 text-sm whitespace-pre-line text-neutral-800">
                  {h.note ? t(`history.notes.${h.note}`) : h.message}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
