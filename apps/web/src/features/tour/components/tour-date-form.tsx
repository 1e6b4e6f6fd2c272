import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import { Button, Modal, toast } from '@tourdesk/ui';
import { Trash2 } from 'lucide-react';
import type { TourDateInput } from '@tourdesk/contract/api/tour';
import { TOUR_DATE_FIELD_RULES, tourDateFieldIssues } from '@tourdesk/contract/api/tour-rules';
import type { Tour, TourDate } from '@tourdesk/contract/entities/tour';
import { SCHEDULE_TYPE } from '@tourdesk/contract/enum-values';
import { DateRangeField, TimeField } from '../../../lib/form/fields';
import { formBody, type FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useRemoveTourDate, useSaveTourDate } from '../api/tour-dates';
import { DATE_TERMS_FORM_RULES, TourDateTermsFields, variantsOf } from './tour-date-fields';
import { addDays, spanDays, todayIso } from './tour-date-values';
import { useDepartureText, useRemoveErrorToast } from './tour-date-text';

/** What the departure form shows: the request's fields, '' while no time or variant is given. */
type DateValues = FormValues<TourDateInput>;

/** An empty time or variant is none. */
const dateBody = (v: DateValues): TourDateInput =>
  formBody<TourDateInput>({ ...v, time_start: v.time_start || null, tour_variant: v.tour_variant || null });

/** The form opens on a new departure (from a day of the calendar, or none) or on a stored one. */
export type DateFormTarget = { kind: 'new'; day?: string } | { kind: 'edit'; date: TourDate };

const defaultsOf = (tour: Tour, target: DateFormTarget): DateValues => {
  if (target.kind === 'edit') {
    const d = target.date;
    return {
      date_start: d.date_start,
      date_end: d.date_end,
      time_start: d.time_start,
      price: d.price,
      // a length that is the span of the dates follows them when they change
      days: d.days === spanDays(d.date_start, d.date_end) ? null : d.days,
      number_of_seats: d.number_of_seats,
      full_payment_days: d.full_payment_days,
      prepayment_type: d.prepayment_type,
      prepayment_size: d.prepayment_size,
      not_guaranteed: d.not_guaranteed,
      flight_included: d.flight_included,
      tour_variant: d.tour_variant ?? '',
      commentary: d.commentary,
    };
  }
  const length = tour.type === 2 ? 1 : (tour.duration ?? 1);
  return {
    date_start: target.day ?? '',
    date_end: target.day ? addDays(target.day, length - 1) : '',
    time_start: null,
    price: tour.price,
    days: null,
    number_of_seats: tour.group_max ?? 10,
    full_payment_days: null,
    prepayment_type: 'percent',
    prepayment_size: 0,
    not_guaranteed: false,
    flight_included: false,
    tour_variant: '',
    commentary: '',
  };
};

const FORM_ID = 'tour-date-form';

function DateForm({
  tour,
  target,
  save,
  onDone,
}: {
  tour: Tour;
  target: DateFormTarget;
  save: ReturnType<typeof useSaveTourDate>;
  onDone: () => void;
}) {
  const { t } = useTranslation('tours');
  const form = useContractForm<TourDateInput>({
    defaults: defaultsOf(tour, target),
    rules: TOUR_DATE_FIELD_RULES,
    formRules: DATE_TERMS_FORM_RULES,
    check: tourDateFieldIssues,
    prepare: dateBody,
  });
  const editing = target.kind === 'edit' ? target.date : null;
  const onSubmit = form.onSubmit((body) =>
    save.mutate(editing ? { ...body, date_id: editing.id } : body, {
      onSuccess: () => {
        toast.success(editing ? t('dates.updated') : t('dates.saved'));
        onDone();
      },
      onError: form.showServerError,
    }),
  );
  // a departure already under way keeps its past start; a new one starts today or later
  const min = editing && editing.date_start < todayIso() ? undefined : 'today';
  return (
    <FormProvider {...form}>
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <DateRangeField from="date_start" to="date_end" label={t('dates.when')} min={min} />
        <TimeField name="time_start" label={t('dates.time')} />
        <TourDateTermsFields currency={tour.currency} variants={variantsOf(tour)} />
      </form>
    </FormProvider>
  );
}

/** Adds a departure or changes one (its seats, price, terms); a stored one can be removed from here too. */
export function TourDateFormModal({
  tour,
  target,
  onClose,
}: {
  tour: Tour;
  target: DateFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tours');
  const text = useDepartureText(tour.currency);
  const save = useSaveTourDate(tour.tour_organizer_id, tour.id);
  const remove = useRemoveTourDate(tour.tour_organizer_id, tour.id);
  const removeError = useRemoveErrorToast();
  const editing = target?.kind === 'edit' ? target.date : null;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      width="form"
      title={editing ? t('dates.edit') : t('dates.add')}
      description={
        editing
          ? [
              text.when(editing),
              text.seats(editing),
              editing.is_busy
                ? t('dates.booked', { count: editing.number_of_seats - editing.number_of_free_seats })
                : '',
              editing.is_from_schedule ? t('dates.fromSchedule') : '',
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      footer={
        <>
          {/* the week schedule would make its own departure again: a day is skipped by an excluded period */}
          {editing && !(editing.is_from_schedule && tour.schedule_type === SCHEDULE_TYPE.weekly) && (
            <Button
              variant="ghost"
              className="me-auto text-danger-700"
              loading={remove.isPending}
              aria-label={t('dates.remove', { when: text.when(editing) })}
              onClick={() =>
                remove.mutate(editing.id, {
                  onSuccess: () => {
                    toast.success(t('dates.removed'));
                    onClose();
                  },
                  onError: removeError,
                })
              }
            >
              <Trash2 size={15} aria-hidden="true" />
              {t('dates.removeShort')}
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('dates.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={save.isPending}>
            {editing ? t('dates.saveChanges') : t('dates.save')}
          </Button>
        </>
      }
    >
      {target && (
        <DateForm
          key={editing ? `date-${editing.id}` : `new-${target.kind === 'new' ? (target.day ?? '') : ''}`}
          tour={tour}
          target={target}
          save={save}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
