import { useTranslation } from 'react-i18next';
import { Card, cn } from '@tourdesk/ui';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { isBookingCanceled } from '@tourdesk/contract/enum-values';
import { useRequestFormat } from '../request-format';

function Row({
  term,
  value,
  strong,
  tone,
}: {
  term: React.ReactNode;
  value: string;
  strong?: boolean;
  tone?: 'discount' | 'due' | 'paid';
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', strong && 'font-semibold')}>
      <dt className={cn('min-w-0', strong ? 'text-neutral-900' : 'text-neutral-600')}>{term}</dt>
      <dd
        className={cn(
          'shrink-0 text-end tabular-nums text-neutral-900',
          tone === 'discount' && 'text-success-700',
          tone === 'due' && 'text-warning-800',
          tone === 'paid' && 'text-success-800',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * What the request costs: the price of a place times the tourists, the discount (its kind), the
 * total, what is paid and what is left; an individual tour's own price; a third-party agent's
 * commission.
 */
export function PriceCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const discount = request.discount;
  // the price before the discount: the total is it less the discount (request-pricing)
  const gross = Math.round((request.price + (discount?.amount ?? 0)) * 100) / 100;
  const agent = request.third_party_agent;
  return (
    <Card title={t('request.price.title')}>
      <dl className="divide-y divide-neutral-100 text-sm" aria-label={t('request.price.title')}>
        {request.is_individual_tour && request.individual_tour_price !== null ? (
          <Row term={t('request.price.individual')} value={format.money(request.individual_tour_price)} />
        ) : (
          <Row
            term={t('request.price.unitTimes', {
              price: format.money(request.unit_price),
              count: request.tourists_count,
            })}
            value={format.money(gross)}
          />
        )}
        {discount && discount.amount > 0 && (
          <Row
            term={
              <>
                {t(`request.price.discountKinds.${discount.type}`, { defaultValue: discount.type_string })}
                <span className="ms-1 text-xs text-neutral-500">
                  {discount.value_type === 'percent' ? format.percent(discount.value) : format.money(discount.value)}
                </span>
              </>
            }
            value={`−${format.money(discount.amount)}`}
            tone="discount"
          />
        )}
        <Row term={t('request.price.total')} value={format.money(request.price)} strong />
        <Row term={t('request.price.paid')} value={format.money(request.paid_amount)} tone="paid" />
        {/* a canceled request asks for nothing more */}
        {!isBookingCanceled(request.status) && (
          <Row
            term={t('request.price.balance')}
            value={format.money(request.balance)}
            strong
            tone={request.balance > 0 ? 'due' : undefined}
          />
        )}
        {request.penalty !== null && request.penalty > 0 && (
          <Row term={t('request.price.penalty')} value={format.money(request.penalty)} />
        )}
      </dl>
      {agent && (
        <section aria-label={t('request.agent.title')} className="mt-4 rounded-xl bg-neutral-50 px-4 py-3 text-sm">
          <p className="font-medium text-neutral-900">{t('request.agent.title')}</p>
          <p className="mt-1 text-neutral-800">{agent.name}</p>
          {(agent.email || agent.phone) && (
            <p className="text-neutral-600">{[agent.email, agent.phone].filter(Boolean).join(' · ')}</p>
          )}
          <p className="mt-1 flex justify-between gap-4">
            <span className="text-neutral-600">{t('request.agent.commission')}</span>
            <span className="tabular-nums">{format.money(agent.commission)}</span>
          </p>
        </section>
      )}
    </Card>
  );
}
