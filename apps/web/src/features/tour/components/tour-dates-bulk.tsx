import { useState } from 'react';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Modal, cn, toast, type DataTableHeader } from '@tourdesk/ui';
import { AlertCircle, ArrowLeft, Trash2 } from 'lucide-react';
import type { TourDateInput } from '@tourdesk/contract/api/tour';
import { MAX_TOUR_DATES_PER_SAVE } from '@tourdesk/contract/api/tour-routes';
import { TOUR_DATE_FIELD_RULES, tourDateFieldIssues } from '@tourdesk/contract/api/tour-rules';
import type { Tour } from '@tourdesk/contract/entities/tour';
import type { CodedMessage } from '@tourdesk/contract/messages';
import { rules, type FieldIssue, type FieldRuleMap } from '@tourdesk/contract/validation';
import { DateRangeField, TimeField } from '../../../lib/form/fields';
import { errorAt } from '../../../lib/form/paths';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText } from '../../../lib/form-errors';
import { useSaveTourDates } from '../api/tour-dates';
import { DATE_TERMS_FORM_RULES, TourDateTermsFields, variantsOf } from './tour-date-fields';
import { useDepartureText } from './tour-date-text';
import { seriesDepartures, weekdayName, weekdaysInOrder, type SeriesDeparture } from './tour-date-values';

/** The series form: which weekdays of which period, at what time, and the terms every departure has (a departure's values). */
type SeriesValues = Omit<FormValues<TourDateInput>, 'date_start' | 'date_end'> & {
  weekdays: number[];
  date_from: string;
  date_to: string;
};

/** A departure's field rules but its days, which the series makes of the period. */
const SERIES_RULES: FieldRuleMap = {
  weekdays: [rules.custom((v) => Array.isArray(v) && v.length > 0, 'required')],
  date_from: [rules.required()],
  date_to: [rules.required()],
  ...Object.fromEntries(Object.entries(TOUR_DATE_FIELD_RULES).filter(([path]) => !path.startsWith('date_'))),
};

/** A departure's rules on the series: the period in order (its end on date_to), the terms as a departure's. */
const seriesIssues = (v: SeriesValues): FieldIssue[] =>
  tourDateFieldIssues({ ...v, date_start: v.date_from, date_end: v.date_to }).map((issue) =>
    issue.path === 'date_end' ? { ...issue, path: 'date_to' } : issue,
  );

const termsOf = (v: SeriesValues) => ({
  time_start: v.time_start || null,
  price: v.price ?? 0,
  days: v.days,
  number_of_seats: v.number_of_seats ?? 0,
  full_payment_days: v.full_payment_days,
  prepayment_type: v.prepayment_type,
  prepayment_size: v.prepayment_size ?? 0,
  not_guaranteed: v.not_guaranteed,
  flight_included: v.flight_included,
  tour_variant: v.tour_variant || null,
  commentary: v.commentary,
});

/** The weekdays of the series as toggle buttons, in the order the interface language's week runs. */
function WeekdaysField() {
  const { t, i18n } = useTranslation('tours');
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const error = errorAt(errors, 'weekdays');
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field }) => {
        const chosen = (field.value as number[]) ?? [];
        return (
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <span id="series-weekdays" className="text-sm font-medium text-neutral-800">
              {t('dates.bulk.weekdays')}
              <span aria-hidden="true" className="ms-0.5 text-danger-600">
                *
              </span>
            </span>
            <div role="group" aria-labelledby="series-weekdays" className="flex flex-wrap gap-1.5">
              {weekdaysInOrder(i18n.language).map((day) => {
                const on = chosen.includes(day);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={on}
                    aria-label={weekdayName(i18n.language, day)}
                    onClick={() => field.onChange(on ? chosen.filter((d) => d !== day) : [...chosen, day].sort())}
                    className={cn(
                      'min-w-11 rounded-lg border px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
                      on
                        ? 'border-primary-600 bg-primary-600 text-white'
                        : 'border-neutral-300 text-neutral-700 hover:bg-neutral-100',
                    )}
                  >
                    {weekdayName(i18n.language, day, 'short')}
                  </button>
                );
              })}
            </div>
            {error && (
              <p role="alert" className="text-xs text-danger-600">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}

const FORM_ID = 'tour-series-form';

/**
 * "Every Saturday (or any weekdays) from … to …": a series of departures with the same terms,
 * shown first as the departures it will make; save-dates then adds them all or none, and a
 * refused one (a duplicate, a bad value) says why on its row, to fix or leave out.
 */
export function TourDatesBulkModal({ tour, open, onClose }: { tour: Tour; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tours');
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} width="largeForm" title={t('dates.bulk.title')}>
      {open && <Series tour={tour} onClose={onClose} />}
    </Modal>
  );
}

function Series({ tour, onClose }: { tour: Tour; onClose: () => void }) {
  const { t } = useTranslation('tours');
  const tErrors = useTranslation().t;
  const text = useDepartureText(tour.currency);
  const save = useSaveTourDates(tour.tour_organizer_id, tour.id);
  const [rows, setRows] = useState<SeriesDeparture[] | null>(null);
  /** the server's refusal of a row, by its uid */
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const form = useContractForm<SeriesValues, SeriesValues>({
    defaults: {
      weekdays: [],
      date_from: '',
      date_to: '',
      time_start: null,
      price: tour.price,
      days: tour.type === 2 ? 1 : (tour.duration ?? 1),
      number_of_seats: tour.group_max ?? 10,
      full_payment_days: null,
      prepayment_type: 'percent',
      prepayment_size: 0,
      not_guaranteed: false,
      flight_included: false,
      tour_variant: '',
      commentary: '',
    },
    rules: SERIES_RULES,
    formRules: DATE_TERMS_FORM_RULES,
    check: seriesIssues,
  });
  const preview = form.onSubmit((v) => {
    setRowErrors({});
    setRows(
      seriesDepartures(
        { from: v.date_from, to: v.date_to, weekdays: v.weekdays, days: v.days ?? 1 },
        termsOf(v) as ReturnType<typeof termsOf>,
      ),
    );
  });

  const translate = (m: CodedMessage) => form.translate(m);
  const send = () => {
    if (!rows) return;
    save.mutate(rows, {
      onSuccess: (saved) => {
        toast.success(t('dates.bulk.saved', { count: saved.items.length }));
        onClose();
      },
      onError: (error) => {
        const byRow: Record<string, string> = {};
        let other: string | null = null;
        if (isApiError(error) && error.status === 422)
          for (const [path, messages] of Object.entries(error.fieldErrors)) {
            const at = /^dates\.(\d+)\./.exec(path);
            const row = at ? rows[Number(at[1])] : undefined;
            if (row && messages[0]) byRow[row.uid] ??= translate(messages[0]);
            else if (messages[0]) other ??= translate(messages[0]);
          }
        setRowErrors(byRow);
        if (other || Object.keys(byRow).length === 0) toast.error(other ?? apiErrorText(error, tErrors));
      },
    });
  };

  if (rows === null)
    return (
      <FormProvider {...form}>
        <form id={FORM_ID} onSubmit={preview} noValidate className="grid gap-4 sm:grid-cols-2">
          <p className="text-sm text-neutral-600 sm:col-span-2">{t('dates.bulk.text')}</p>
          <WeekdaysField />
          <DateRangeField from="date_from" to="date_to" label={t('dates.bulk.period')} min="today" />
          <TimeField name="time_start" label={t('dates.time')} />
          <TourDateTermsFields
            currency={tour.currency}
            variants={variantsOf(tour)}
            daysHint={t('dates.bulk.daysHint')}
          />
          <div className="flex justify-end gap-2 border-t border-neutral-200 pt-4 sm:col-span-2">
            <Button variant="ghost" onClick={onClose}>
              {t('dates.cancel')}
            </Button>
            <Button type="submit">{t('dates.bulk.preview')}</Button>
          </div>
        </form>
      </FormProvider>
    );

  const tooMany = rows.length > MAX_TOUR_DATES_PER_SAVE;
  const refused = rows.filter((r) => rowErrors[r.uid]).length;
  const headers: DataTableHeader<SeriesDeparture & { id: string }>[] = [
    {
      key: 'date_start',
      name: t('dates.when'),
      render: (r) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium">{text.when(r)}</span>
          <span className="text-xs text-neutral-600">
            {text.money(r.price)} · {t('dates.bulk.seatsOf', { count: r.number_of_seats })}
          </span>
          {rowErrors[r.uid] && (
            <span role="alert" className="text-xs text-danger-600">
              {rowErrors[r.uid]}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'uid',
      name: <span className="sr-only">{t('dates.bulk.actions')}</span>,
      attrs: { align: 'right' },
      render: (r) => (
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          aria-label={t('dates.bulk.leaveOut', { when: text.when(r) })}
          onClick={() => setRows(rows.filter((x) => x.uid !== r.uid))}
        >
          <Trash2 size={15} aria-hidden="true" />
        </Button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm font-medium text-neutral-900">
        {rows.length === 0 ? t('dates.bulk.noneMatch') : t('dates.bulk.previewTitle', { count: rows.length })}
      </p>
      {tooMany && (
        <p role="alert" className="flex items-center gap-2 text-sm text-danger-700">
          <AlertCircle size={16} aria-hidden="true" />
          {t('dates.bulk.tooMany', { max: MAX_TOUR_DATES_PER_SAVE })}
        </p>
      )}
      {refused > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
          <AlertCircle size={16} aria-hidden="true" />
          <span>{t('dates.bulk.refused', { count: refused })}</span>
          <Button
            variant="outline"
            size="sm"
            className="ms-auto"
            onClick={() => {
              setRows(rows.filter((r) => !rowErrors[r.uid]));
              setRowErrors({});
            }}
          >
            {t('dates.bulk.leaveOutRefused')}
          </Button>
        </div>
      )}
      {rows.length > 0 && (
        <DataTable
          caption={t('dates.bulk.previewList')}
          headers={headers}
          // the refused rows first, so a refusal is never on another page
          items={[...rows]
            .sort((a, b) => Number(Boolean(rowErrors[b.uid])) - Number(Boolean(rowErrors[a.uid])))
            .map((r) => ({ ...r, id: r.uid }))}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4">
        <Button variant="ghost" className="me-auto" onClick={() => setRows(null)}>
          <ArrowLeft size={15} aria-hidden="true" />
          {t('dates.bulk.back')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('dates.cancel')}
        </Button>
        <Button onClick={send} loading={save.isPending} disabled={rows.length === 0 || tooMany}>
          {t('dates.bulk.save', { count: rows.length })}
        </Button>
      </div>
    </div>
  );
}
