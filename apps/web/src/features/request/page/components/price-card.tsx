import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, cn } from '@tourdesk/ui';
import { SlidersHorizontal } from 'lucide-react';
import type { BookingPricing } from '@tourdesk/contract/api/prices';
import type { BookingRequest } from '@tourdesk/contract/entities/request';
import { isBookingCanceled } from '@tourdesk/contract/enum-values';
import { useRequestPricing } from '../api/request-pricing';
import { useRequestFormat, type RequestFormat } from '../request-format';
import { lineName } from '../../../../lib/line-name';
import { ChangeBookingModal } from './change-booking-modal';
import { isCancelable } from './request-header';

function Row({
  term,
  value,
  strong,
  tone,
}: {
  term: React.ReactNode;
  value: string;
  strong?: boolean;
  tone?: 'discount' | 'due' | 'paid' | 'fee';
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
          tone === 'fee' && 'text-warning-800',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The booking's lines (issue 26): each category's count at its price, the extras, the tour's
 * discount, the promo code and the manual lines, as request/pricing gives them.
 */
function PricingLines({ pricing, format }: { pricing: BookingPricing; format: RequestFormat }) {
  const { t } = useTranslation('bookings');
  const name = (line: { name_en: string; name_ru: string }) => lineName(line, format.language);
  const discount = pricing.discount;
  const promo = pricing.promo;
  return (
    <>
      {pricing.travellers
        .filter((line) => line.count > 0)
        .map((line) => (
          <Row
            key={`c-${line.category_id ?? line.code}-${line.name_en}`}
            term={t('pricing.line', { name: name(line), price: format.money(line.unit_price), count: line.count })}
            value={format.money(line.amount)}
          />
        ))}
      {pricing.extras.map((line) => (
        <Row
          key={`e-${line.extra_id ?? line.name_en}`}
          term={
            <>
              {t('pricing.line', { name: name(line), price: format.money(line.unit_price), count: line.quantity })}
              {line.is_mandatory && <span className="ms-1 text-xs text-neutral-500">{t('pricing.mandatory')}</span>}
            </>
          }
          value={format.money(line.amount)}
        />
      ))}
      {discount && discount.amount > 0 && (
        <Row
          term={t(`request.price.discountKinds.${discount.type}`, { defaultValue: t('pricing.discount') })}
          value={`−${format.money(discount.amount)}`}
          tone="discount"
        />
      )}
      {promo && (
        <Row
          term={
            <>
              {t('pricing.promo', { code: promo.code })}
              {promo.amount === 0 && (
                <span className="block text-xs text-neutral-500">{t('pricing.promoNotCombined')}</span>
              )}
            </>
          }
          value={`−${format.money(promo.amount)}`}
          tone="discount"
        />
      )}
      {pricing.adjustments.map((line, i) => (
        <Row
          key={`a-${i}`}
          term={`${t(`pricing.kinds.${line.kind}`)}: ${line.reason}`}
          value={`${line.kind === 'fee' ? '+' : '−'}${format.money(line.amount)}`}
          tone={line.kind === 'discount' ? 'discount' : 'fee'}
        />
      ))}
    </>
  );
}

/**
 * What the request costs: the price of a place times the tourists, the discount (its kind), the
 * total, what is paid and what is left; an individual tour's own price; a third-party agent's
 * commission. With the booking's lines (request/pricing), those instead of the first two, and
 * "Change booking" while the request is open.
 */
export function PriceCard({ request }: { request: BookingRequest }) {
  const { t } = useTranslation('bookings');
  const format = useRequestFormat(request.currency);
  const discount = request.discount;
  // the price before the discount: the total is it less the discount (request-pricing)
  const gross = Math.round((request.price + (discount?.amount ?? 0)) * 100) / 100;
  const agent = request.third_party_agent;
  const pricing = useRequestPricing(request.request_id);
  const [changing, setChanging] = useState(false);
  const lines = pricing.data && !request.is_individual_tour ? pricing.data : null;
  return (
    <Card
      title={t('request.price.title')}
      actions={
        lines &&
        isCancelable(request) && (
          <Button size="sm" variant="outline" onClick={() => setChanging(true)}>
            <SlidersHorizontal size={15} aria-hidden="true" />
            {t('pricing.change')}
          </Button>
        )
      }
    >
      <dl className="divide-y divide-neutral-100 text-sm" aria-label={t('request.price.title')}>
        {lines ? (
          <PricingLines pricing={lines.pricing} format={format} />
        ) : request.is_individual_tour && request.individual_tour_price !== null ? (
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
        {!lines && discount && discount.amount > 0 && (
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
      {lines && changing && (
        <ChangeBookingModal
          request={request}
          pricing={lines.pricing}
          prices={lines.prices}
          onClose={() => setChanging(false)}
        />
      )}
    </Card>
  );
}
