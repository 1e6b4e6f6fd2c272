import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingPricing } from '@tourdesk/contract/api/prices';
import type { Tourist } from '@tourdesk/contract/entities/request';
import { useApiErrorToast } from '../../../../lib/form-errors';
import { useRequestPricing, useSetTouristCategory } from '../api/request-pricing';
import { lineName } from '../../../../lib/line-name';

/** The booking's categories a tourist can be counted in: those it has travellers of. */
const bookedCategories = (pricing: BookingPricing) =>
  pricing.travellers.filter(
    (line): line is typeof line & { category_id: number } => line.category_id !== null && line.count > 0,
  );

/**
 * A tourist's traveller category (issue 26): a choice of the booking's categories while the
 * request is open, its name otherwise; nothing for a booking of one category only.
 */
export function TouristCategory({
  requestId,
  tourist,
  name,
  editable,
}: {
  requestId: number;
  tourist: Tourist;
  /** the tourist's name, for the choice's accessible name */
  name: string;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation('bookings');
  const id = useId();
  const pricing = useRequestPricing(requestId);
  const set = useSetTouristCategory(requestId);
  const toastApiError = useApiErrorToast();
  const booked = pricing.data ? bookedCategories(pricing.data.pricing) : [];
  if (booked.length < 2) return null;
  const current = tourist.category_id ?? null;
  const currentLine = booked.find((line) => line.category_id === current);
  if (!editable)
    return currentLine ? (
      <span className="text-xs text-neutral-600">{lineName(currentLine, i18n.language)}</span>
    ) : null;
  return (
    <span className="flex items-center gap-2 text-xs">
      <label htmlFor={id} className="sr-only">
        {t('pricing.touristCategory', { name })}
      </label>
      <select
        id={id}
        value={current ?? ''}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutate(
            { id: tourist.id, category_id: e.target.value === '' ? null : Number(e.target.value) },
            { onError: toastApiError },
          )
        }
        className="rounded-md border border-neutral-300 bg-surface px-2 py-1 text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <option value="">{t('pricing.noCategory')}</option>
        {booked.map((line) => (
          <option key={line.category_id} value={line.category_id}>
            {lineName(line, i18n.language)}
          </option>
        ))}
      </select>
    </span>
  );
}
