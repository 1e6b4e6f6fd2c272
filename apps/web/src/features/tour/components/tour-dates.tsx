import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, LoadingState, Modal, toast } from '@tourdesk/ui';
import { CalendarPlus, Trash2 } from 'lucide-react';
import type { TourDateInput } from '@tourdesk/contract/api/tour';
import { TOUR_DATE_FIELD_RULES, tourDateFieldIssues } from '@tourdesk/contract/api/tour-rules';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import { rules } from '@tourdesk/contract/validation';
import { QueryErrorState } from '../../../components/query-error-state';
import { CheckboxField, DateRangeField, NumberField, TextField, TimeField } from '../../../lib/form/fields';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useApiErrorToast } from '../../../lib/form-errors';
import { useRemoveTourDate, useSaveTourDate, useTourDates } from '../api/tour-dates';

type DateValues = Required<
  Pick<
    TourDateInput,
    | 'date_start'
    | 'date_end'
    | 'time_start'
    | 'price'
    | 'number_of_seats'
    | 'prepayment_size'
    | 'not_guaranteed'
    | 'flight_included'
    | 'commentary'
  >
>;

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const DATE_FORM_RULES = {
  number_of_seats: [whole],
  price: [rules.custom((v) => v === null || Number.isFinite(v))],
  time_start: [rules.custom((v) => v === null || v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(String(v)))],
};
/** An empty time is no time. */
const dateBody = (v: DateValues): DateValues => ({ ...v, time_start: v.time_start || null });

/** A new departure of the tour, at the tour's price. */
function DateForm({ tour, onDone }: { tour: Tour; onDone: () => void }) {
  const { t } = useTranslation('tours');
  const save = useSaveTourDate(tour.tour_organizer_id, tour.id);
  const form = useContractForm<DateValues>({
    defaults: {
      date_start: '',
      date_end: '',
      time_start: null,
      price: tour.price ?? 0,
      number_of_seats: tour.group_max ?? 10,
      prepayment_size: 0,
      not_guaranteed: false,
      flight_included: false,
      commentary: '',
    },
    rules: TOUR_DATE_FIELD_RULES,
    formRules: DATE_FORM_RULES,
    check: tourDateFieldIssues,
    prepare: dateBody,
  });
  const onSubmit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('dates.saved'));
        onDone();
      },
      onError: form.showServerError,
    }),
  );
  return (
    <FormProvider {...form}>
      <form id="tour-date-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <DateRangeField from="date_start" to="date_end" label={t('dates.when')} min="today" className="sm:col-span-2" />
        <TimeField name="time_start" label={t('dates.time')} />
        <NumberField name="price" label={t('dates.price', { currency: tour.currency })} decimal required />
        <NumberField name="number_of_seats" label={t('dates.seats')} required />
        <NumberField name="prepayment_size" label={t('dates.prepayment')} decimal />
        <CheckboxField name="not_guaranteed" label={t('dates.notGuaranteed')} />
        <CheckboxField name="flight_included" label={t('dates.flightIncluded')} />
        <TextField name="commentary" label={t('dates.commentary')} multiline rows={2} className="sm:col-span-2" />
      </form>
    </FormProvider>
  );
}

/** The tour's departures: the next ones with their free seats, a new one, removing one. */
export function TourDates({ tour }: { tour: Tour }) {
  const { t, i18n } = useTranslation('tours');
  const dates = useTourDates(tour.tour_organizer_id, tour.id);
  const remove = useRemoveTourDate(tour.tour_organizer_id, tour.id);
  const toastApiError = useApiErrorToast();
  const [adding, setAdding] = useState(false);
  const day = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    [i18n.language],
  );
  const money = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency: tour.currency, maximumFractionDigits: 0 }),
    [i18n.language, tour.currency],
  );
  const when = (d: TourDate) =>
    `${day.format(new Date(`${d.date_start}T00:00:00Z`))} – ${day.format(new Date(`${d.date_end}T00:00:00Z`))}${
      d.time_start ? `, ${d.time_start}` : ''
    }`;
  return (
    <Card id="section-dates" className="scroll-mt-20 px-5 py-6 sm:px-8">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('dates.title')}</h2>
          <p className="mt-1 text-sm text-neutral-600">{t('dates.text')}</p>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <CalendarPlus size={16} aria-hidden="true" />
          {t('dates.add')}
        </Button>
      </div>
      {dates.isPending ? (
        <LoadingState />
      ) : dates.isError ? (
        <QueryErrorState error={dates.error} onRetry={() => void dates.refetch()} />
      ) : dates.data.items.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('dates.none')}</p>
      ) : (
        <ul className="divide-y divide-neutral-100" aria-label={t('dates.title')}>
          {dates.data.items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
              <span className="min-w-48 font-medium text-neutral-900">{when(d)}</span>
              <span className="text-neutral-700">{money.format(d.price)}</span>
              <span className="text-neutral-700">
                {t('list.seats', { free: d.number_of_free_seats, total: d.number_of_seats })}
              </span>
              {d.not_guaranteed && <span className="text-xs text-warning-800">{t('dates.notGuaranteed')}</span>}
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto text-danger-700"
                aria-label={t('dates.remove', { when: when(d) })}
                disabled={d.is_busy || remove.isPending}
                onClick={() =>
                  remove.mutate(d.id, { onSuccess: () => toast.success(t('dates.removed')), onError: toastApiError })
                }
              >
                <Trash2 size={15} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={adding}
        onOpenChange={setAdding}
        width="form"
        title={t('dates.add')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setAdding(false)}>
              {t('dates.cancel')}
            </Button>
            <Button type="submit" form="tour-date-form">
              {t('dates.save')}
            </Button>
          </>
        }
      >
        {adding && <DateForm tour={tour} onDone={() => setAdding(false)} />}
      </Modal>
    </Card>
  );
}
