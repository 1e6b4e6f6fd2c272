import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@tourdesk/ui';
import {
  MAX_ACCOMMODATION_VARIANTS,
  MAX_DAY_PHOTOS,
  MAX_PROGRAM_DAYS,
  MAX_TOUR_LIST_ROWS,
} from '@tourdesk/contract/api/tour-rules';
import { DISCOUNT_VALUE_TYPES } from '@tourdesk/contract/enum-values';
import { MEALS, TRANSPORT_KINDS } from '@tourdesk/contract/entities/tour-values';
import {
  CheckboxField,
  ChoiceField,
  DateRangeField,
  NumberField,
  TextField,
  TimeField,
} from '../../../lib/form/fields';
import { RowList } from '../../../lib/form/row-list';
import { CatalogueField } from './catalogue-field';
import { PhotoListField } from './tour-photos';

/** Questions travellers ask before they book, with the answers (some printed on the voucher). */
export function QuestionRows() {
  const { t } = useTranslation('tours');
  return (
    <RowList
      name="questions"
      label={t('sections.questions')}
      max={MAX_TOUR_LIST_ROWS}
      empty={() => ({ question: '', answer: '', added_to_voucher: false })}
      emptyText={t('editor.noQuestions')}
      addText={t('editor.addQuestion')}
      removeLabel={(n) => t('editor.removeQuestion', { n })}
    >
      {(i) => (
        <>
          <TextField name={`questions.${i}.question`} label={t('fields.question', { n: i + 1 })} />
          <TextField name={`questions.${i}.answer`} label={t('fields.answer')} multiline rows={2} />
          <CheckboxField name={`questions.${i}.added_to_voucher`} label={t('fields.added_to_voucher')} />
        </>
      )}
    </RowList>
  );
}

/** The meals of programme day i, as a group of checkboxes. */
function MealsField({ index }: { index: number }) {
  const { t } = useTranslation('tours');
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={`program.${index}.meals`}
      render={({ field }) => {
        const meals = (field.value ?? []) as string[];
        return (
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-1 text-sm font-medium text-neutral-800">{t('program.meals')}</legend>
            {MEALS.map((meal) => (
              <Checkbox
                key={meal}
                label={t(`program.meal.${meal}`)}
                checked={meals.includes(meal)}
                onCheckedChange={(on) =>
                  field.onChange(
                    on === true
                      ? MEALS.filter((m) => m === meal || meals.includes(m))
                      : meals.filter((m) => m !== meal),
                  )
                }
              />
            ))}
          </fieldset>
        );
      }}
    />
  );
}

/** The programme day by day: title, text, meals, photos; the day number is the row's place. */
export function ProgramDays({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation('tours');
  return (
    <RowList
      name="program"
      label={t('sections.program')}
      max={MAX_PROGRAM_DAYS}
      empty={() => ({ day: 0, title: '', description: '', meals: [], photos: [] })}
      emptyText={t('program.empty')}
      addText={t('program.add')}
      removeLabel={(n) => t('program.remove', { n })}
      movable
      moveLabels={{ up: (n) => t('program.moveUp', { n }), down: (n) => t('program.moveDown', { n }) }}
      rowTitle={(n) => t('program.day', { n })}
    >
      {(i) => (
        <>
          <TextField name={`program.${i}.title`} label={t('program.title', { n: i + 1 })} />
          <TextField name={`program.${i}.description`} label={t('program.description')} multiline rows={5} />
          <MealsField index={i} />
          <PhotoListField
            name={`program.${i}.photos`}
            label={t('program.photos', { n: i + 1 })}
            organizerId={organizerId}
            max={MAX_DAY_PHOTOS}
          />
        </>
      )}
    </RowList>
  );
}

/** Accommodation variants of accommodation i: name, description, surcharge, places. */
function VariantRows({ index }: { index: number }) {
  const { t } = useTranslation('tours');
  const at = `accommodations.${index}.variants`;
  return (
    <RowList
      name={at}
      label={t('accommodations.variants', { n: index + 1 })}
      max={MAX_ACCOMMODATION_VARIANTS}
      empty={() => ({ name: '', description: '', price: 0, places: null })}
      emptyText={t('accommodations.noVariants')}
      addText={t('accommodations.addVariant')}
      removeLabel={(n) => t('accommodations.removeVariant', { n })}
    >
      {(j) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField name={`${at}.${j}.name`} label={t('accommodations.variantName', { n: j + 1 })} required />
          <NumberField name={`${at}.${j}.price`} label={t('accommodations.variantPrice')} decimal />
          <NumberField name={`${at}.${j}.places`} label={t('accommodations.variantPlaces')} />
          <TextField
            name={`${at}.${j}.description`}
            label={t('accommodations.variantDescription')}
            multiline
            rows={2}
            className="sm:col-span-2"
          />
        </div>
      )}
    </RowList>
  );
}

/** Where travellers sleep: places by nights, each with the variants a departure can be sold with. */
export function AccommodationRows() {
  const { t } = useTranslation('tours');
  return (
    <RowList
      name="accommodations"
      label={t('accommodations.title')}
      max={MAX_TOUR_LIST_ROWS}
      empty={() => ({ name: '', nights: 1, variants: [] })}
      emptyText={t('accommodations.empty')}
      addText={t('accommodations.add')}
      removeLabel={(n) => t('accommodations.remove', { n })}
    >
      {(i) => (
        <>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextField name={`accommodations.${i}.name`} label={t('accommodations.name', { n: i + 1 })} />
            <NumberField name={`accommodations.${i}.nights`} label={t('accommodations.nights')} />
          </div>
          <VariantRows index={i} />
        </>
      )}
    </RowList>
  );
}

const DISCOUNT_KINDS = ['early_booking_dates', 'early_booking_days', 'seasonal'] as const;
type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A discount's value and whether it is a percent or an amount in the tour's currency. */
function DiscountValue({ at, currency }: { at: string; currency: string }) {
  const { t } = useTranslation('tours');
  return (
    <>
      <NumberField name={`${at}.value`} label={t('discounts.value')} decimal />
      <ChoiceField
        name={`${at}.value_type`}
        label={t('discounts.valueType')}
        options={DISCOUNT_VALUE_TYPES.map((v) => ({
          value: v,
          text: v === 'percent' ? '%' : currency,
        }))}
      />
    </>
  );
}

/**
 * Discounts: for booking within dates, for booking so many days ahead, and for departures in a
 * season; each a percent or an amount.
 */
export function DiscountRows({ currency }: { currency: string }) {
  const { t } = useTranslation('tours');
  const empty: Record<DiscountKind, () => Record<string, unknown>> = {
    early_booking_dates: () => ({ date_from: '', date_to: '', value: null, value_type: 'percent' }),
    early_booking_days: () => ({ days_before: null, value: null, value_type: 'percent' }),
    seasonal: () => ({ date_from: '', date_to: '', value: null, value_type: 'percent' }),
  };
  return (
    <div className="flex flex-col gap-6 sm:col-span-2">
      {DISCOUNT_KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`discounts-${kind}`} className="flex flex-col gap-2">
          <div>
            <h3 id={`discounts-${kind}`} className="text-sm font-semibold text-neutral-900">
              {t(`discounts.${kind}.title`)}
            </h3>
            <p className="text-xs text-neutral-500">{t(`discounts.${kind}.hint`)}</p>
          </div>
          <RowList
            name={`discounts.${kind}`}
            label={t(`discounts.${kind}.title`)}
            max={MAX_TOUR_LIST_ROWS}
            empty={empty[kind]}
            addText={t(`discounts.${kind}.add`)}
            removeLabel={(n) => t('discounts.remove', { n })}
          >
            {(i) => (
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto]">
                {kind === 'early_booking_days' ? (
                  <NumberField name={`discounts.${kind}.${i}.days_before`} label={t('discounts.daysBefore')} />
                ) : (
                  <DateRangeField
                    from={`discounts.${kind}.${i}.date_from`}
                    to={`discounts.${kind}.${i}.date_to`}
                    label={t(kind === 'seasonal' ? 'discounts.departures' : 'discounts.bookedWithin')}
                  />
                )}
                <DiscountValue at={`discounts.${kind}.${i}`} currency={currency} />
              </div>
            )}
          </RowList>
        </section>
      ))}
    </div>
  );
}

/** How travellers reach or leave a city of the tour: the transport kinds, as checkboxes. */
function TransportField({ name }: { name: string }) {
  const { t } = useTranslation('tours');
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = (field.value ?? []) as string[];
        return (
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-neutral-800">{t('cities.transport')}</legend>
            {TRANSPORT_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={t(`cities.transportKind.${kind}`)}
                checked={chosen.includes(kind)}
                onCheckedChange={(on) =>
                  field.onChange(
                    on === true
                      ? TRANSPORT_KINDS.filter((k) => k === kind || chosen.includes(k))
                      : chosen.filter((k) => k !== kind),
                  )
                }
              />
            ))}
          </fieldset>
        );
      }}
    />
  );
}

/** Arrival to or departure from city i: whether the tour meets (or drops off) there, how, which day, at what time. */
function CityTransfer({ index, side }: { index: number; side: 'arrival' | 'departure' }) {
  const { t } = useTranslation('tours');
  const at = `cities.${index}.${side}`;
  const enabled = useWatch({ name: `${at}.is_enabled` }) === true;
  return (
    <div className="flex flex-col gap-3 rounded-md bg-neutral-50 p-3">
      <CheckboxField name={`${at}.is_enabled`} label={t(`cities.${side}`)} />
      {enabled && (
        <>
          <TransportField name={`${at}.transport`} />
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberField name={`${at}.day`} label={t('cities.day')} />
            <TimeField name={`${at}.time`} label={t('cities.time')} />
          </div>
        </>
      )}
    </div>
  );
}

/** The cities where travellers join and leave the tour, with transport, day and time. */
export function CityRows() {
  const { t } = useTranslation('tours');
  const transfer = () => ({ is_enabled: false, transport: [], day: null, time: null });
  return (
    <RowList
      name="cities"
      label={t('cities.title')}
      max={MAX_TOUR_LIST_ROWS}
      empty={() => ({ city_id: null, arrival: transfer(), departure: transfer() })}
      emptyText={t('cities.empty')}
      addText={t('cities.add')}
      removeLabel={(n) => t('cities.remove', { n })}
      rowTitle={(n) => t('cities.row', { n })}
    >
      {(i) => (
        <>
          <CatalogueField name={`cities.${i}.city_id`} kind="city" label={t('cities.city')} multiple={false} />
          <div className="grid gap-3 md:grid-cols-2">
            <CityTransfer index={i} side="arrival" />
            <CityTransfer index={i} side="departure" />
          </div>
        </>
      )}
    </RowList>
  );
}
