import { useTranslation } from 'react-i18next';
import { Card } from '@tourdesk/ui';
import type { BookingSnapshot, TourPrices } from '@tourdesk/contract/api/prices';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { useBookingChanges, useRequestPricing } from '../api/request-pricing';
import { useRequestFormat } from '../request-format';
import { lineName } from '../../../../lib/line-name';
import { useActorLabel } from '../../../../lib/member-actor';

/** "2 × Adult, 1 × Child, Single room × 1", the names in the reader's language where the tour still has them. */
const summaryOf = (snapshot: BookingSnapshot, prices: TourPrices | undefined, language: string): string => {
  const category = new Map((prices?.categories ?? []).map((c) => [c.id, c]));
  const extra = new Map((prices?.extras ?? []).map((e) => [e.id, e]));
  const travellers = snapshot.travellers
    .filter((x) => x.count > 0)
    .map((x) => {
      const known = x.category_id === null ? undefined : category.get(x.category_id);
      return `${x.count} × ${known ? lineName(known, language) : x.name_en}`;
    });
  const extras = snapshot.extras.map((x) => {
    const known = x.extra_id === null ? undefined : extra.get(x.extra_id);
    return `${known ? lineName(known, language) : x.name_en} × ${x.quantity}`;
  });
  return [...travellers, ...extras].join(', ');
};

/** A change that moved the booking to another departure: its days are shown before and after. */
const moved = (change: { what: string[] }) => change.what.includes('departure');

/** The booking's changes (issue 26): who changed what and when, the lines and the total before and after. */
export function BookingChangesCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const actorOf = useActorLabel();
  const format = useRequestFormat(request.currency);
  const changes = useBookingChanges(request.request_id);
  const pricing = useRequestPricing(request.request_id);
  const items = changes.data?.items ?? [];
  if (items.length === 0) return null;
  const prices = pricing.data?.prices;
  return (
    <Card title={t('pricing.historyTitle')}>
      <ol aria-label={t('pricing.historyTitle')} className="flex flex-col gap-4">
        {items.map((change) => (
          <li key={change.id} className="border-s-2 border-neutral-200 ps-4 text-sm">
            <p className="font-medium text-neutral-900">
              {change.what.map((part) => t(`pricing.parts.${part}`, { defaultValue: part })).join(', ')}
            </p>
            <p className="mt-0.5 text-xs text-neutral-600">
              <time dateTime={change.created_at}>{format.moment(change.created_at)}</time>
              {' · '}
              {actorOf(change.actor, change.user_name || t('history.system'))}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-neutral-800">
              <dt className="text-neutral-500">{t('pricing.before')}</dt>
              <dd>
                {moved(change) && change.before.date_start && `${format.when(change.before.date_start, null)} · `}
                {summaryOf(change.before, prices, format.language)}
                {change.before.promo_code && ` · ${change.before.promo_code}`}
                <span className="ms-1 tabular-nums text-neutral-600">({format.money(change.before.total)})</span>
              </dd>
              <dt className="text-neutral-500">{t('pricing.after')}</dt>
              <dd>
                {moved(change) && change.after.date_start && `${format.when(change.after.date_start, null)} · `}
                {summaryOf(change.after, prices, format.language)}
                {change.after.promo_code && ` · ${change.after.promo_code}`}
                <span className="ms-1 font-medium tabular-nums">({format.money(change.after.total)})</span>
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </Card>
  );
}
