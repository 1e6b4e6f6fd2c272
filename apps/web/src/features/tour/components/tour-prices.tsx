import { useWatch, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingState, toast } from '@tourdesk/ui';
import type { TourPrices } from '@tourdesk/contract/api/prices';
import {
  CATEGORY_PRICINGS,
  EXTRA_PER,
  MAX_TOUR_CATEGORIES,
  MAX_TOUR_EXTRAS,
  TRAVELLER_CATEGORY_CODES,
} from '@tourdesk/contract/api/prices-routes';
import type { Tour } from '@tourdesk/contract/entities/tour';
import { rules } from '@tourdesk/contract/validation';
import { CheckboxField, FormSection, NumberField, SelectField, TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { errorAt } from '../../../lib/form/paths';
import { RowList } from '../../../lib/form/row-list';
import { SectionForm } from '../../../lib/form/section-form';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { QueryErrorState } from '../../../components/query-error-state';
import {
  useSaveTourExtras,
  useSaveTravellerCategories,
  useTourPrices,
  type SaveCategoriesBody,
  type SaveExtrasBody,
} from '../api/tour-prices';

type CategoriesBody = Omit<SaveCategoriesBody, 'tour_id'>;
type ExtrasBody = Omit<SaveExtrasBody, 'tour_id'>;
type CategoriesValues = FormValues<CategoriesBody>;
type ExtrasValues = FormValues<ExtrasBody>;

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const finite = rules.custom((v) => v === null || v === undefined || Number.isFinite(v));
const notNegative = rules.minValue(0);

/** Numbers typed as text; the rest (ages that overlap, the adult, min over max) is the server's, on the fields. */
const CATEGORY_FORM_RULES = {
  'categories.*.age_from': [whole, notNegative],
  'categories.*.age_to': [whole, notNegative],
  'categories.*.value': [rules.required(), finite, notNegative],
  'categories.*.min_per_booking': [whole, notNegative],
  'categories.*.max_per_booking': [whole, notNegative],
};
const EXTRA_FORM_RULES = {
  'extras.*.price': [rules.required(), finite, notNegative],
  'extras.*.stock': [whole, notNegative],
};

/** A stored row without its id when it has none (a new one); the adult is always at the departure's price. */
const withoutNullId = <R extends { id?: number | null }>({ id, ...row }: R) => (id ? { id, ...row } : row);
const prepareCategories = (values: CategoriesValues): CategoriesBody =>
  ({
    categories: values.categories.map((c) =>
      withoutNullId({
        ...c,
        min_per_booking: c.min_per_booking ?? 0,
        value: c.pricing === 'base' ? 0 : c.value,
      }),
    ),
  }) as CategoriesBody;
const prepareExtras = (values: ExtrasValues): ExtrasBody =>
  ({ extras: values.extras.map((e) => withoutNullId(e)) }) as ExtrasBody;

const categoriesOf = (prices: TourPrices): CategoriesValues => ({ categories: prices.categories });
const extrasOf = (prices: TourPrices): ExtrasValues => ({ extras: prices.extras });

/** A message the server put on the whole list (`categories`: no adult, or two). */
function ListError({ name }: { name: string }) {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errorAt(errors, name);
  return message ? (
    <p role="alert" className="text-sm text-danger-600 sm:col-span-2">
      {message}
    </p>
  ) : null;
}

/** One category's fields: the adult is priced at the departure's price, the others by their rule. */
function CategoryFields({ index, currency }: { index: number; currency: string }) {
  const { t } = useTranslation('tours');
  const at = `categories.${index}`;
  const code = useWatch({ name: `${at}.code` }) as string;
  const pricing = useWatch({ name: `${at}.pricing` }) as string;
  const isAdult = code === 'adult';
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {isAdult ? (
        <p className="text-sm text-neutral-700 sm:col-span-2">{t('prices.adultText')}</p>
      ) : (
        <>
          <SelectField
            name={`${at}.code`}
            label={t('prices.code')}
            options={TRAVELLER_CATEGORY_CODES.filter((c) => c !== 'adult').map((c) => ({
              value: c,
              text: t(`prices.codes.${c}`),
            }))}
          />
          <span className="hidden sm:block" aria-hidden="true" />
        </>
      )}
      <TextField name={`${at}.name_en`} label={t('prices.nameEn')} />
      <TextField name={`${at}.name_ru`} label={t('prices.nameRu')} />
      <NumberField name={`${at}.age_from`} label={t('prices.ageFrom')} />
      <NumberField name={`${at}.age_to`} label={t('prices.ageTo')} />
      {!isAdult && (
        <>
          <SelectField
            name={`${at}.pricing`}
            label={t('prices.pricing')}
            className="sm:col-span-2"
            options={CATEGORY_PRICINGS.filter((p) => p !== 'base').map((p) => ({
              value: p,
              text: t(`prices.pricings.${p}`),
            }))}
          />
          {pricing !== 'base' && (
            <NumberField
              name={`${at}.value`}
              label={pricing === 'percent_off' ? t('prices.percent') : t('prices.amount', { currency })}
              decimal
            />
          )}
        </>
      )}
      <NumberField name={`${at}.min_per_booking`} label={t('prices.min')} />
      <NumberField name={`${at}.max_per_booking`} label={t('prices.max')} hint={t('prices.noLimit')} />
      <CheckboxField name={`${at}.takes_seat`} label={t('prices.takesSeat')} className="sm:col-span-2" />
    </div>
  );
}

/** The tour's traveller categories, saved on their own as the whole list (issue 26). */
function CategoriesSection({ tour, prices, title }: { tour: Tour; prices: TourPrices; title: string }) {
  const { t } = useTranslation('tours');
  const save = useSaveTravellerCategories(tour.tour_organizer_id, tour.id);
  const form = useContractForm<CategoriesBody, CategoriesValues>({
    defaults: categoriesOf(prices),
    formRules: CATEGORY_FORM_RULES,
    prepare: prepareCategories,
  });
  const onSubmit = form.onSubmit((body) =>
    save.mutate(
      { tour_id: tour.id, ...body },
      {
        onSuccess: (saved) => {
          form.reset(categoriesOf(saved));
          toast.success({ title: t('editor.saved'), id: 'tour-section-saved' });
        },
        onError: form.showServerError,
      },
    ),
  );
  return (
    <div id="section-categories" tabIndex={-1} className="scroll-mt-20 outline-none">
      <SectionForm
        methods={form}
        onSubmit={onSubmit}
        isSaving={save.isPending}
        label={title}
        partKey="categories"
        quiet
      >
        <FormSection id="tour-categories" title={title} description={t('prices.categoriesHint')}>
          <ListError name="categories" />
          <RowList
            name="categories"
            label={title}
            max={MAX_TOUR_CATEGORIES}
            empty={() => ({
              id: null,
              code: 'child',
              name_en: '',
              name_ru: '',
              age_from: null,
              age_to: null,
              pricing: 'percent_off',
              value: null,
              takes_seat: true,
              min_per_booking: 0,
              max_per_booking: null,
            })}
            addText={t('prices.addCategory')}
            removeLabel={(n) => t('prices.removeCategory', { n })}
            rowTitle={(n) => t('prices.category', { n })}
          >
            {(i) => <CategoryFields index={i} currency={tour.currency} />}
          </RowList>
        </FormSection>
      </SectionForm>
    </div>
  );
}

/** The tour's extras (single room, rental, transfer, insurance), saved on their own as the whole list. */
function ExtrasSection({ tour, prices, title }: { tour: Tour; prices: TourPrices; title: string }) {
  const { t } = useTranslation('tours');
  const save = useSaveTourExtras(tour.tour_organizer_id, tour.id);
  const form = useContractForm<ExtrasBody, ExtrasValues>({
    defaults: extrasOf(prices),
    formRules: EXTRA_FORM_RULES,
    prepare: prepareExtras,
  });
  const onSubmit = form.onSubmit((body) =>
    save.mutate(
      { tour_id: tour.id, ...body },
      {
        onSuccess: (saved) => {
          form.reset(extrasOf(saved));
          toast.success({ title: t('editor.saved'), id: 'tour-section-saved' });
        },
        onError: form.showServerError,
      },
    ),
  );
  return (
    <div id="section-extras" tabIndex={-1} className="scroll-mt-20 outline-none">
      <SectionForm methods={form} onSubmit={onSubmit} isSaving={save.isPending} label={title} partKey="extras" quiet>
        <FormSection id="tour-extras" title={title} description={t('prices.extrasHint')}>
          <RowList
            name="extras"
            label={title}
            max={MAX_TOUR_EXTRAS}
            empty={() => ({
              id: null,
              name_en: '',
              name_ru: '',
              price: null,
              per: 'booking',
              is_mandatory: false,
              stock: null,
            })}
            emptyText={t('prices.noExtras')}
            addText={t('prices.addExtra')}
            removeLabel={(n) => t('prices.removeExtra', { n })}
            rowTitle={(n) => t('prices.extra', { n })}
          >
            {(i) => (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <TextField name={`extras.${i}.name_en`} label={t('prices.nameEn')} />
                <TextField name={`extras.${i}.name_ru`} label={t('prices.nameRu')} />
                <NumberField
                  name={`extras.${i}.price`}
                  label={t('prices.amount', { currency: tour.currency })}
                  decimal
                />
                <NumberField name={`extras.${i}.stock`} label={t('prices.stock')} hint={t('prices.noLimit')} />
                <SelectField
                  name={`extras.${i}.per`}
                  label={t('prices.per')}
                  className="sm:col-span-2"
                  options={EXTRA_PER.map((p) => ({ value: p, text: t(`prices.pers.${p}`) }))}
                />
                <CheckboxField
                  name={`extras.${i}.is_mandatory`}
                  label={t('prices.mandatory')}
                  className="sm:col-span-2"
                />
              </div>
            )}
          </RowList>
        </FormSection>
      </SectionForm>
    </div>
  );
}

/** The tour's prices by traveller category and its extras: one part of the editor each (issue 26). */
export function TourPricesPart({ tour, part, title }: { tour: Tour; part: 'categories' | 'extras'; title: string }) {
  const prices = useTourPrices(tour.tour_organizer_id, tour.id);
  if (prices.isError)
    return (
      <div id={`section-${part}`}>
        <QueryErrorState error={prices.error} onRetry={() => void prices.refetch()} />
      </div>
    );
  if (!prices.data)
    return (
      <div id={`section-${part}`}>
        <LoadingState />
      </div>
    );
  return part === 'categories' ? (
    <CategoriesSection tour={tour} prices={prices.data} title={title} />
  ) : (
    <ExtrasSection tour={tour} prices={prices.data} title={title} />
  );
}
