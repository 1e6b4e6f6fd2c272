import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, TimeInput, cn, toast } from '@tourdesk/ui';
import { CalendarX2, Plus, Trash2, X } from 'lucide-react';
import type { TourSaveWeekScheduleBody, TourWeekScheduleResponse } from '@tourdesk/contract/api/tour';
import {
  MAX_EXCLUDED_PERIODS,
  MAX_WEEK_SCHEDULE_TIMES,
  WEEK_SCHEDULE_FIELD_RULES,
  weekScheduleFieldIssues,
} from '@tourdesk/contract/api/tour-rules';
import { DEFAULT_PUBLISH_COUNT_DAYS } from '@tourdesk/contract/constants';
import type { Tour, TourDate, WeekSchedule } from '@tourdesk/contract/entities/tour';
import { SCHEDULE_TYPE } from '@tourdesk/contract/enum-values';
import { rules } from '@tourdesk/contract/validation';
import { DateField, DateRangeField, FormSection, NumberField } from '../../../lib/form/fields';
import { errorAt } from '../../../lib/form/paths';
import { useRows } from '../../../lib/form/rows';
import { SectionForm } from '../../../lib/form/section-form';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useSaveWeekSchedule } from '../api/tour-week-schedule';
import { TourDateCalendar } from './tour-date-calendar';
import { DATE_TERMS_FORM_RULES, TourDateTermsFields } from './tour-date-fields';
import { TourDateFormModal, type DateFormTarget } from './tour-date-form';
import { TourDateList } from './tour-date-list';
import { weekdayName, weekdaysInOrder } from './tour-date-values';

/** The form's values: save-week-schedule's body (its id aside), the seven weekdays at their day_of_week. */
type WeekBody = Omit<TourSaveWeekScheduleBody, 'id'>;
type WeekValues = FormValues<WeekBody>;

const whole = rules.custom((v) => v === null || v === undefined || Number.isInteger(v));
const WEEK_FORM_RULES = {
  ...DATE_TERMS_FORM_RULES,
  publish_count_days: [whole],
  'days_data.*.times.*': [rules.required()],
};

/** The stored schedule (or SPEC §9's defaults and the tour's price and group) as the form's values. */
const valuesOf = (tour: Tour, stored: WeekSchedule | TourWeekScheduleResponse | null): WeekValues => ({
  publish_count_days: stored?.publish_count_days ?? DEFAULT_PUBLISH_COUNT_DAYS,
  last_tour_date: stored?.last_tour_date ?? null,
  // always the seven weekdays, Sunday 0 first, so a weekday's errors (days_data.1.times.0) are at its index
  days_data: Array.from({ length: 7 }, (_, day_of_week) => ({
    day_of_week,
    times: [...(stored?.days_data.find((d) => d.day_of_week === day_of_week)?.times ?? [])],
  })),
  excluded_periods_data: (stored?.excluded_periods_data ?? []).map((p) => ({ ...p })),
  price: stored?.price ?? tour.price,
  days: stored?.days ?? null,
  number_of_seats: stored?.number_of_seats ?? tour.group_max ?? 10,
  full_payment_days: stored?.full_payment_days ?? null,
  prepayment_type: stored?.prepayment_type ?? 'percent',
  prepayment_size: stored?.prepayment_size ?? 0,
  not_guaranteed: stored?.not_guaranteed ?? false,
  flight_included: stored?.flight_included ?? false,
  commentary: stored?.commentary ?? '',
});

/** A new start time: an hour after the day's last one (9:00 for the first). */
const nextTime = (times: string[]): string => {
  const last = times.at(-1);
  if (!last || !/^\d\d:\d\d$/.test(last)) return '09:00';
  const hour = Math.min(23, Number(last.slice(0, 2)) + 1);
  return `${String(hour).padStart(2, '0')}:${last.slice(3)}`;
};

/** One weekday's start times: each to change or remove, and one more to add. */
function WeekdayTimes({ day }: { day: number }) {
  const { t, i18n } = useTranslation('tours');
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const name = weekdayName(i18n.language, day);
  const listError = errorAt(errors, `days_data.${day}.times`);
  return (
    <Controller
      control={control}
      name={`days_data.${day}.times`}
      render={({ field }) => {
        const times = (field.value as string[]) ?? [];
        const set = (next: string[]) => field.onChange(next);
        return (
          <div
            role="group"
            aria-label={name}
            className="flex flex-col gap-2 border-t border-neutral-100 py-2.5 first:border-t-0 sm:flex-row sm:items-start sm:gap-4"
          >
            <span
              className={cn(
                'w-32 shrink-0 pt-2 text-sm font-medium',
                times.length ? 'text-neutral-900' : 'text-neutral-500',
              )}
            >
              {name}
            </span>
            <div className="flex flex-1 flex-wrap items-start gap-2">
              {times.length === 0 && <span className="pt-2 text-sm text-neutral-500">{t('schedule.noTimes')}</span>}
              {times.map((time, j) => {
                const error = errorAt(errors, `days_data.${day}.times.${j}`);
                return (
                  <div key={j} className="flex flex-col gap-1">
                    <div className="flex items-center">
                      <div className="w-28">
                        <TimeInput
                          aria-label={t('schedule.timeLabel', { n: j + 1, day: name })}
                          value={time}
                          invalid={Boolean(error)}
                          onChange={(v) => set(times.map((x, k) => (k === j ? v : x)))}
                          onBlur={field.onBlur}
                        />
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={t('schedule.removeTime', { time: time || j + 1, day: name })}
                        onClick={() => set(times.filter((_, k) => k !== j))}
                      >
                        <X size={14} aria-hidden="true" />
                      </Button>
                    </div>
                    {error && (
                      <p role="alert" className="max-w-32 text-xs text-danger-600">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              {times.length < MAX_WEEK_SCHEDULE_TIMES && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="mt-0.5"
                  aria-label={t('schedule.addTimeOn', { day: name })}
                  onClick={() => set([...times, nextTime(times)])}
                >
                  <Plus size={15} aria-hidden="true" />
                  {t('schedule.addTime')}
                </Button>
              )}
              {listError && (
                <p role="alert" className="basis-full text-xs text-danger-600">
                  {listError}
                </p>
              )}
            </div>
          </div>
        );
      }}
    />
  );
}

/** Periods without departures (holidays, maintenance), each a range of days. */
function ExcludedPeriods() {
  const { t } = useTranslation('tours');
  const { control } = useFormContext<WeekValues>();
  const { rows, canAdd, add, remove } = useRows({
    control,
    name: 'excluded_periods_data',
    max: MAX_EXCLUDED_PERIODS,
    empty: () => ({ date_from: '', date_to: '' }),
  });
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {rows.length === 0 && <p className="text-sm text-neutral-500">{t('schedule.noExcluded')}</p>}
      {rows.map((row, i) => (
        <div key={row.id} className="flex items-end gap-2">
          <DateRangeField
            from={`excluded_periods_data.${i}.date_from`}
            to={`excluded_periods_data.${i}.date_to`}
            label={t('schedule.excludedPeriod', { n: i + 1 })}
            min="today"
            className="flex-1"
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="mb-1 text-danger-700"
            aria-label={t('schedule.removeExcluded', { n: i + 1 })}
            onClick={() => remove(i)}
          >
            <Trash2 size={15} aria-hidden="true" />
          </Button>
        </div>
      ))}
      {canAdd && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={add}>
          <CalendarX2 size={15} aria-hidden="true" />
          {t('schedule.addExcluded')}
        </Button>
      )}
    </div>
  );
}

/** The weekly schedule's form: saved on its own, the tour's departures made from it at once. */
function WeekScheduleForm({ tour }: { tour: Tour }) {
  const { t, i18n } = useTranslation('tours');
  const save = useSaveWeekSchedule(tour.tour_organizer_id, tour.id);
  const form = useContractForm<WeekBody>({
    defaults: valuesOf(tour, tour.tour_week_schedule),
    rules: WEEK_SCHEDULE_FIELD_RULES,
    formRules: WEEK_FORM_RULES,
    check: weekScheduleFieldIssues,
  });
  const onSubmit = form.onSubmit((body) =>
    save.mutate(body as Omit<TourSaveWeekScheduleBody, 'id'>, {
      onSuccess: (saved) => {
        form.reset(valuesOf(tour, saved));
        toast.success(t('schedule.saved'));
      },
      onError: form.showServerError,
    }),
  );
  const daysError = errorAt(form.formState.errors, 'days_data');
  return (
    <SectionForm
      methods={form}
      onSubmit={onSubmit}
      isSaving={save.isPending}
      label={t('schedule.title')}
      partKey="dates"
      quiet
    >
      <FormSection id="tour-schedule-days" title={t('schedule.title')} description={t('schedule.text')}>
        <div className="sm:col-span-2">
          {weekdaysInOrder(i18n.language).map((day) => (
            <WeekdayTimes key={day} day={day} />
          ))}
          {daysError && (
            <p role="alert" className="text-xs text-danger-600">
              {daysError}
            </p>
          )}
        </div>
      </FormSection>
      <FormSection id="tour-schedule-period" title={t('schedule.period')} description={t('schedule.periodText')}>
        <NumberField
          name="publish_count_days"
          label={t('schedule.publishCountDays')}
          hint={t('schedule.publishCountDaysHint', { count: DEFAULT_PUBLISH_COUNT_DAYS })}
          required
        />
        <DateField
          name="last_tour_date"
          label={t('schedule.lastTourDate')}
          hint={t('schedule.lastTourDateHint')}
          min="today"
          placeholder={t('schedule.noLastTourDate')}
          clearLabel={t('schedule.clearLastTourDate')}
        />
        <h3 className="pt-2 text-sm font-semibold text-neutral-900 sm:col-span-2">{t('schedule.excluded')}</h3>
        <ExcludedPeriods />
      </FormSection>
      <FormSection id="tour-schedule-template" title={t('schedule.template')} description={t('schedule.templateText')}>
        <TourDateTermsFields currency={tour.currency} daysHint={t('schedule.daysHint')} />
      </FormSection>
    </SectionForm>
  );
}

/**
 * Dates of a weekly tour (schedule_type 2): the schedule's form, and the departures it has made
 * (get-dates with schedule_type 2) in a month calendar and a list, each to change; removing one
 * is left to excluded periods, since the schedule would make it again.
 */
export function TourWeekSchedule({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tours');
  const [target, setTarget] = useState<DateFormTarget | null>(null);
  const edit = (date: TourDate) => setTarget({ kind: 'edit', date });
  const publishDays = tour.tour_week_schedule?.publish_count_days ?? DEFAULT_PUBLISH_COUNT_DAYS;
  return (
    <div id="section-dates" className="flex scroll-mt-20 flex-col gap-4">
      <WeekScheduleForm tour={tour} />
      <Card className="flex flex-col gap-5 px-5 py-6 sm:px-8">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('schedule.produced')}</h2>
          <p className="mt-1 text-sm text-neutral-600">
            {tour.tour_week_schedule ? t('schedule.producedText', { count: publishDays }) : t('schedule.notSaved')}
          </p>
        </div>
        <TourDateCalendar tour={tour} scheduleType={SCHEDULE_TYPE.weekly} onEdit={edit} />
        <TourDateList
          tour={tour}
          label={t('schedule.produced')}
          scheduleType={SCHEDULE_TYPE.weekly}
          canRemove={(d) => !d.is_from_schedule}
          onEdit={edit}
        />
      </Card>
      <TourDateFormModal tour={tour} target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
