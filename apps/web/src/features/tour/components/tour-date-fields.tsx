import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Tour } from '@tourdesk/contract/entities/tour';
import { rules } from '@tourdesk/contract/validation';
import { CheckboxField, ChoiceField, NumberField, SelectField, TextField } from '../../../lib/form/fields';

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));
const time = rules.custom((v) => v === null || v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(String(v)));

/** A departure's numbers typed as text: whole numbers where the contract wants integers (the form's own rules). */
export const DATE_TERMS_FORM_RULES = {
  price: [finite],
  number_of_seats: [whole],
  days: [whole],
  full_payment_days: [whole],
  prepayment_size: [finite],
  time_start: [time],
};

/** The names of the tour's accommodation variants a departure can be sold with (each once). */
export const variantsOf = (tour: Pick<Tour, 'accommodations'>): string[] => [
  ...new Set(tour.accommodations.flatMap((a) => a.variants.map((v) => v.name)).filter(Boolean)),
];

/**
 * What a departure is sold with (SPEC §3 Tour date, its days aside): price, seats, length,
 * when the full price is due, the prepayment (a percent or an amount), the flags, the
 * accommodation variant and a comment. One set of fields for a departure, a series and the week
 * schedule's template, at the same paths as their requests.
 */
export function TourDateTermsFields({
  currency,
  variants = [],
  daysHint,
}: {
  currency: string;
  variants?: string[];
  /** what an empty length means here (a departure: the span of its dates) */
  daysHint?: string;
}) {
  const { t } = useTranslation('tours');
  const prepaymentType = useWatch({ control: useFormContext().control, name: 'prepayment_type' }) as string;
  return (
    <>
      <NumberField name="price" label={t('dates.price', { currency })} decimal required />
      <NumberField name="number_of_seats" label={t('dates.seats')} required />
      <NumberField name="days" label={t('dates.days')} hint={daysHint ?? t('dates.daysHint')} />
      <NumberField name="full_payment_days" label={t('dates.fullPaymentDays')} hint={t('dates.fullPaymentDaysHint')} />
      <ChoiceField
        name="prepayment_type"
        label={t('dates.prepaymentType')}
        options={[
          { value: 'percent', text: t('dates.prepaymentPercentShort') },
          { value: 'currency', text: currency },
        ]}
      />
      <NumberField
        name="prepayment_size"
        label={prepaymentType === 'currency' ? t('dates.prepaymentAmount', { currency }) : t('dates.prepaymentPercent')}
        hint={t('dates.prepaymentHint')}
        decimal
      />
      {variants.length > 0 && (
        <SelectField
          name="tour_variant"
          label={t('dates.variant')}
          options={[{ value: '', text: t('dates.noVariant') }, ...variants.map((v) => ({ value: v, text: v }))]}
          className="sm:col-span-2"
        />
      )}
      <CheckboxField name="not_guaranteed" label={t('dates.notGuaranteed')} />
      <CheckboxField name="flight_included" label={t('dates.flightIncluded')} />
      <TextField name="commentary" label={t('dates.commentary')} multiline rows={2} className="sm:col-span-2" />
    </>
  );
}
