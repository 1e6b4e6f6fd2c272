import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useFormContext, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Field, LoadingState, Modal, Select, buttonClassName, toast } from '@tourdesk/ui';
import { Map as MapIcon } from 'lucide-react';
import { REQUEST_FIELD_RULES } from '@tourdesk/contract/api/request-rules';
import type { OwnRequestCreateBody } from '@tourdesk/contract/api/request';
import type { TourDate } from '@tourdesk/contract/entities/tour';
import { isEmptyValue, rules, type FieldRuleMap } from '@tourdesk/contract/validation';
import { enteredPhone } from '../../../../components/phone-number-input';
import { Segmented } from '../../../../components/segmented';
import { QueryErrorState } from '../../../../components/query-error-state';
import { DateRangeField, NumberField, TextField } from '../../../../lib/form/fields';
import { PhoneField } from '../../../../lib/form/phone-field';
import { formBody, type FormValues } from '../../../../lib/form/form-values';
import { useContractForm } from '../../../../lib/form/use-contract-form';
import { errorAt } from '../../../../lib/form/paths';
import { tourPricesQueryOptions } from '../../../tour';
import { lineName } from '../../../../lib/line-name';
import { ExtrasFieldset, onFormRows, takenExtras } from '../../page/components/booking-fields';
import { useCreateOwnRequest, useDeparturesForRequest, useToursForRequest } from '../api/own-request';
import { useRequestFormat } from '../format';

/** What the form asks of create-request-with-own-type (the tourists and a price come later, on the request page). */
type NewRequestBody = Pick<
  OwnRequestCreateBody,
  | 'tour_organizer_id'
  | 'idempotency_key'
  | 'tour_id'
  | 'is_individual_tour'
  | 'tour_date_id'
  | 'date_start'
  | 'date_end'
  | 'tourists_count'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'comment'
  | 'travellers'
  | 'extras'
  | 'promo_code'
>;

/**
 * A key for one opened form: every attempt of this form sends it, so a double click or a retry
 * makes one request. randomUUID needs a secure context; the fallback does not.
 */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** What the form checks besides the request's own rules: a tour, and a departure or an individual tour's dates. */
const NEW_REQUEST_FORM_RULES: FieldRuleMap = {
  tour_id: [rules.required()],
  tour_date_id: [
    rules.custom((v, all) => all.is_individual_tour === true || !isEmptyValue(v), 'request_needs_departure'),
  ],
  date_start: [rules.custom((v, all) => all.is_individual_tour !== true || !isEmptyValue(v), 'required')],
  'travellers.*.count': [rules.required(), rules.custom((v) => v == null || Number.isInteger(v)), rules.minValue(0)],
  'extras.*.quantity': [rules.custom((v) => v == null || Number.isInteger(v)), rules.minValue(0)],
  promo_code: [rules.maxLength(32)],
  travellers: [
    rules.custom(
      (v) => !Array.isArray(v) || v.length === 0 || v.some((x: { count?: number | null }) => (x.count ?? 0) > 0),
      'booking_needs_traveller',
    ),
  ],
};

type CountRow = { category_id: number; count: number | null };

/**
 * The booking's pricing parts: sent when the tour is priced by category (more than the adult), or
 * when extras or a promo code are chosen (a one-category tour's count is then its travellers).
 * The travellers are the categories booked (one left at 0 is not on the booking), their sum the count.
 */
const pricingOf = (v: FormValues<NewRequestBody>) => {
  const rows = (v.travellers ?? []) as CountRow[];
  const { extras } = takenExtras((v.extras ?? []) as { extra_id: number; quantity: number | null }[]);
  const code = (v.promo_code ?? '').trim();
  if (rows.length === 0 || v.is_individual_tour || (rows.length === 1 && extras.length === 0 && code === '')) return {};
  const counted =
    rows.length === 1
      ? [{ category_id: rows[0]!.category_id, count: v.tourists_count ?? 0 }]
      : rows.map((x) => ({ category_id: x.category_id, count: x.count ?? 0 }));
  const booked = counted.filter((x) => x.count > 0);
  const travellers = booked.length > 0 ? booked : counted.map((x) => ({ ...x, count: 0 }));
  return {
    travellers,
    ...(booked.length > 0 ? { tourists_count: booked.reduce((sum, x) => sum + x.count, 0) } : {}),
    ...(extras.length > 0 ? { extras } : {}),
    ...(code !== '' ? { promo_code: code } : {}),
  };
};

/**
 * The body: a departure's request has no dates of its own, an individual tour's no departure; a
 * bare dial code is no phone; the pricing parts only when they say something.
 */
const prepare = (v: FormValues<NewRequestBody>): NewRequestBody => {
  const {
    travellers: _rows,
    extras: _extras,
    promo_code: _code,
    ...body
  } = formBody<NewRequestBody>({
    ...v,
    tour_date_id: v.is_individual_tour ? null : v.tour_date_id,
    date_start: v.is_individual_tour ? v.date_start || null : null,
    date_end: v.is_individual_tour ? v.date_end || v.date_start || null : null,
    customer_phone: enteredPhone(v.customer_phone),
  });
  return { ...body, ...pricingOf(v) };
};

const FORM_ID = 'new-request-form';

/** A departure as its option reads: days (and time), free seats, price. */
const useDepartureOption = (currency: string) => {
  const { t } = useTranslation('bookings');
  const f = useRequestFormat();
  return (d: TourDate) => ({
    value: d.id,
    text: [
      `${f.days(d.date_start, d.date_end)}${d.time_start ? `, ${d.time_start}` : ''}`,
      d.number_of_free_seats > 0
        ? t('newRequest.seats', { free: d.number_of_free_seats, total: d.number_of_seats })
        : t('newRequest.full'),
      f.money(d.price, d.currency || currency),
    ].join(' · '),
    disabled: d.number_of_free_seats === 0,
  });
};

/** A count for each of the tour's categories; the server prices each by its rule. */
function TravellerCounts({
  categories,
  hint,
}: {
  categories: { id: number; name_en: string; name_ru: string; takes_seat: boolean }[];
  hint?: string;
}) {
  const { t, i18n } = useTranslation('bookings');
  const {
    formState: { errors },
  } = useFormContext();
  const whole = errorAt(errors, 'travellers');
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('pricing.travellers')}</legend>
      {whole && (
        <p role="alert" className="text-sm text-danger-600">
          {whole}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {categories.map((c, i) => (
          <NumberField
            key={c.id}
            name={`travellers.${i}.count`}
            label={lineName(c, i18n.language)}
            hint={c.takes_seat ? undefined : t('pricing.noSeat')}
          />
        ))}
      </div>
      {hint && <p className="text-xs text-neutral-500">{hint}</p>}
    </fieldset>
  );
}

function NewRequestForm({
  orgId,
  tours,
  create,
  onDone,
}: {
  orgId: number;
  tours: ReturnType<typeof useToursForRequest>;
  create: ReturnType<typeof useCreateOwnRequest>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('bookings');
  const f = useRequestFormat();
  // one key for as long as this form is open (the modal mounts it anew each time it opens)
  const [idempotencyKey] = useState(newIdempotencyKey);
  const defaults = useMemo<FormValues<NewRequestBody>>(
    () => ({
      tour_organizer_id: orgId,
      idempotency_key: idempotencyKey,
      tour_id: null,
      is_individual_tour: false,
      tour_date_id: null,
      date_start: null,
      date_end: null,
      tourists_count: 1,
      customer_name: '',
      customer_email: '',
      customer_phone: '',
      comment: '',
      travellers: [],
      extras: [],
      promo_code: '',
    }),
    [orgId, idempotencyKey],
  );
  const form = useContractForm<NewRequestBody>({
    defaults,
    rules: REQUEST_FIELD_RULES,
    formRules: NEW_REQUEST_FORM_RULES,
    prepare,
  });
  const { control, setValue } = form;
  const tourId = useWatch({ control, name: 'tour_id' });
  const individual = useWatch({ control, name: 'is_individual_tour' });
  const dateId = useWatch({ control, name: 'tour_date_id' });
  const tour = tours.data?.items.find((x) => x.id === tourId) ?? null;
  const departures = useDeparturesForRequest(orgId, individual ? null : tourId);
  const departureOption = useDepartureOption(tour?.currency ?? 'RUB');
  const departure = departures.data?.items.find((d) => d.id === dateId) ?? null;
  // a departure's booking by category (issue 26): a count per category when the tour has more than the adult
  const prices = useQuery({
    ...tourPricesQueryOptions(orgId, tourId ?? 0),
    enabled: tourId !== null && !individual,
  });
  const categories = !individual && tourId !== null ? (prices.data?.categories ?? []) : [];
  const extras = !individual && tourId !== null ? (prices.data?.extras ?? []) : [];
  const byCategory = categories.length > 1;
  const categoryKey = categories.map((c) => c.id).join(',');
  const extraKey = extras
    .filter((e) => !e.is_mandatory)
    .map((e) => e.id)
    .join(',');
  useEffect(() => {
    setValue(
      'travellers',
      categoryKey === ''
        ? []
        : categoryKey.split(',').map((id, i) => ({ category_id: Number(id), count: i === 0 ? 1 : 0 })),
    );
  }, [categoryKey, setValue]);
  useEffect(() => {
    setValue('extras', extraKey === '' ? [] : extraKey.split(',').map((id) => ({ extra_id: Number(id), quantity: 0 })));
  }, [extraKey, setValue]);
  // one request per opened form: a second click while the first is on its way, or after it made
  // the request, sends nothing (the key would make it harmless anyway); a refusal lets it try again
  const sent = useRef(false);
  const send = (body: NewRequestBody) => {
    if (sent.current) return;
    sent.current = true;
    const { extraRows } = takenExtras(
      (form.getValues('extras') ?? []) as { extra_id: number; quantity: number | null }[],
    );
    create.mutate(body, {
      onError: (error) => {
        sent.current = false;
        form.showServerError(onFormRows(error, extraRows));
      },
    });
  };

  if (tours.isPending) return <LoadingState />;
  if (tours.isError) return <QueryErrorState error={tours.error} onRetry={() => void tours.refetch()} />;
  if (tours.data.items.length === 0)
    return (
      <EmptyState
        icon={<MapIcon size={28} strokeWidth={1.75} />}
        title={t('newRequest.noTours')}
        text={t('newRequest.noToursText')}
        action={
          <Link to={`/${orgId}/tours/create`} className={buttonClassName()} onClick={onDone}>
            {t('newRequest.createTour')}
          </Link>
        }
      />
    );

  const tourOptions = tours.data.items.map((x) => ({
    value: x.id,
    text: x.status === 'draft' ? t('newRequest.draft', { name: x.name }) : x.name,
  }));
  const unitPrice = individual ? (tour?.price ?? null) : (departure?.price ?? null);

  return (
    <FormProvider {...form}>
      <form
        id={FORM_ID}
        onSubmit={(event) => form.onSubmit(send)(event)}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <Controller
          control={control}
          name="tour_id"
          render={({ field, fieldState }) => (
            <Field label={t('newRequest.tour')} error={fieldState.error?.message} required className="sm:col-span-2">
              <Select
                searchable
                options={tourOptions}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v === null ? null : Number(v));
                  setValue('tour_date_id', null);
                }}
                placeholder={t('newRequest.tourPlaceholder')}
                searchPlaceholder={t('newRequest.tourSearch')}
                invalid={Boolean(fieldState.error)}
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="is_individual_tour"
          render={({ field }) => (
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <span className="text-sm font-medium text-neutral-800" id={`${FORM_ID}-kind`}>
                {t('newRequest.kind')}
              </span>
              <Segmented<'departure' | 'individual'>
                label={t('newRequest.kind')}
                value={field.value ? 'individual' : 'departure'}
                options={[
                  { value: 'departure', text: t('newRequest.kinds.departure') },
                  { value: 'individual', text: t('newRequest.kinds.individual') },
                ]}
                onChange={(v) => field.onChange(v === 'individual')}
              />
            </div>
          )}
        />
        {individual ? (
          <DateRangeField
            from="date_start"
            to="date_end"
            label={t('newRequest.dates')}
            min="today"
            className="sm:col-span-2"
          />
        ) : (
          <Controller
            control={control}
            name="tour_date_id"
            render={({ field, fieldState }) => (
              <Field
                label={t('newRequest.departure')}
                error={fieldState.error?.message}
                required
                className="sm:col-span-2"
                hint={tourId !== null && departures.data?.items.length === 0 ? t('newRequest.noDepartures') : undefined}
              >
                <Select
                  options={(departures.data?.items ?? []).map(departureOption)}
                  value={field.value}
                  onChange={(v) => field.onChange(v === null ? null : Number(v))}
                  placeholder={tourId === null ? t('newRequest.chooseTourFirst') : t('newRequest.departurePlaceholder')}
                  disabled={tourId === null || departures.isPending || departures.data?.items.length === 0}
                  invalid={Boolean(fieldState.error)}
                />
              </Field>
            )}
          />
        )}
        {byCategory ? (
          <TravellerCounts
            categories={categories}
            hint={
              unitPrice !== null && tour
                ? t('newRequest.pricePerAdult', { price: f.money(unitPrice, tour.currency) })
                : undefined
            }
          />
        ) : (
          <NumberField
            name="tourists_count"
            label={t('newRequest.touristsCount')}
            required
            hint={
              unitPrice !== null && tour
                ? t('newRequest.pricePerPerson', { price: f.money(unitPrice, tour.currency) })
                : undefined
            }
          />
        )}
        {tour && !individual && (
          <>
            <ExtrasFieldset
              rows={extras.filter((e) => !e.is_mandatory).map((e) => ({ extra_id: e.id }))}
              extras={extras}
              money={(amount) => f.money(amount, tour.currency)}
              language={i18n.language}
            />
            <TextField
              name="promo_code"
              label={t('pricing.promoCode')}
              hint={t('newRequest.promoCodeHint')}
              autoComplete="off"
              className="sm:col-span-2"
            />
          </>
        )}
        <h3 className="pt-2 text-sm font-semibold tracking-wide text-neutral-500 uppercase sm:col-span-2">
          {t('newRequest.customer')}
        </h3>
        <TextField
          name="customer_name"
          label={t('newRequest.customerName')}
          required
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          name="customer_email"
          label={t('newRequest.customerEmail')}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
        <PhoneField name="customer_phone" label={t('newRequest.customerPhone')} />
        <TextField name="comment" label={t('newRequest.comment')} multiline rows={3} className="sm:col-span-2" />
      </form>
    </FormProvider>
  );
}

/**
 * "New request": a request the provider takes by hand (source own) for a departure of one of
 * its tours, or for an individual tour with its dates. Field errors from the server (a departure
 * that filled up: not_enough_seats on the tourists) land on their fields; on success the
 * request's page opens.
 */
export function NewRequestModal({
  orgId,
  open,
  onOpenChange,
}: {
  orgId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const tours = useToursForRequest(orgId, open);
  const create = useCreateOwnRequest({
    onSuccess: (request) => {
      toast.success(t('newRequest.created', { id: request.request_id }));
      onOpenChange(false);
      void navigate(`/${orgId}/bookings/${request.request_id}`);
    },
  });
  const canCreate = Boolean(tours.data?.items.length);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="largeForm"
      title={t('newRequest.title')}
      description={t('newRequest.description')}
      footer={
        canCreate ? (
          <>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('newRequest.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} loading={create.isPending}>
              {t('newRequest.submit')}
            </Button>
          </>
        ) : undefined
      }
    >
      {/* the dialog mounts its content on each opening: a fresh form with a fresh key */}
      <NewRequestForm orgId={orgId} tours={tours} create={create} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
