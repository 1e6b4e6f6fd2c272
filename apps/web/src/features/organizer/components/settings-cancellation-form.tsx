import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, Input } from '@tourdesk/ui';
import { Plus, Trash2 } from 'lucide-react';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { rules } from '@tourdesk/contract/validation';
import { MAX_PENALTIES, penaltyDaysBeforeRules } from '@tourdesk/contract/api/organizer-rules';
import { FormSection, TextField, errorAt, useProfileRules } from './form-kit';
import { SectionForm } from './section-form';
import { useSectionForm } from './use-section-form';

export interface CancellationValues {
  cancellation_terms: string;
  penalties: { days_before: string; percent: string }[];
  actual_expenses: string;
}

const toValues = (o: Organizer): CancellationValues => ({
  cancellation_terms: o.cancellation_terms,
  penalties: o.penalties.map((p) => ({ days_before: String(p.days_before), percent: String(p.percent) })),
  actual_expenses: o.actual_expenses,
});

export const toCancellationBody = (v: CancellationValues) => ({
  cancellation_terms: v.cancellation_terms,
  // in the rows' order, so a refused row's error lands on it; the server stores them sorted
  penalties: v.penalties.map((p) => ({ days_before: Number(p.days_before), percent: Number(p.percent) })),
  actual_expenses: v.actual_expenses,
});

const OWNS = ['cancellation_terms', 'penalties', 'actual_expenses'] as const;

/**
 * The form's own required and format rules, then the bounds and the contract's (at most a year,
 * no day twice: the server's too). The format admits a sign and any size, so -5 says 'Minimum 0'
 * and 400 'Maximum 365' rather than 'Incorrect value'.
 */
export const daysBeforeRules = (index: number) => [
  rules.required(),
  rules.custom((v) => typeof v !== 'string' || /^-?\d+$/.test(v.trim())),
  rules.minValue(0),
  ...penaltyDaysBeforeRules(index),
];
export const PERCENT_RULES = [
  rules.required(),
  rules.custom((v) => typeof v !== 'string' || /^-?\d+(\.\d{1,2})?$/.test(v.trim())),
  rules.minValue(0),
  rules.maxValue(100),
];

function PenaltyRows() {
  const { t } = useTranslation('organizer');
  const { control, register, formState } = useFormContext<CancellationValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'penalties' });
  const rulesFor = useProfileRules();
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {fields.length === 0 && <p className="text-sm text-neutral-500">{t('penalties.empty')}</p>}
      {fields.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('sections.penalties')}>
          {fields.map((row, i) => {
            const daysError = errorAt(formState.errors, `penalties.${i}.days_before`);
            const percentError = errorAt(formState.errors, `penalties.${i}.percent`);
            return (
              <li
                key={row.id}
                className="flex flex-wrap items-start gap-3 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2.5"
              >
                <label className="flex flex-col gap-1 text-xs font-medium text-neutral-700">
                  {t('penalties.daysBefore')}
                  <Input
                    inputMode="numeric"
                    className="w-28"
                    invalid={Boolean(daysError)}
                    aria-label={t('penalties.daysBeforeRow', { n: i + 1 })}
                    {...register(`penalties.${i}.days_before`, { validate: rulesFor('', daysBeforeRules(i)) })}
                  />
                  {daysError && (
                    <span role="alert" className="text-danger-600">
                      {daysError}
                    </span>
                  )}
                </label>
                <label className="flex flex-col gap-1 text-xs font-medium text-neutral-700">
                  {t('penalties.percent')}
                  <Input
                    inputMode="decimal"
                    className="w-28"
                    invalid={Boolean(percentError)}
                    aria-label={t('penalties.percentRow', { n: i + 1 })}
                    {...register(`penalties.${i}.percent`, { validate: rulesFor('', PERCENT_RULES) })}
                  />
                  {percentError && (
                    <span role="alert" className="text-danger-600">
                      {percentError}
                    </span>
                  )}
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="mt-5 ms-auto text-danger-700"
                  onClick={() => remove(i)}
                  aria-label={t('penalties.removeRow', { n: i + 1 })}
                >
                  <Trash2 size={15} aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {fields.length < MAX_PENALTIES && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => append({ days_before: '', percent: '' })}
        >
          <Plus size={15} aria-hidden="true" />
          {t('penalties.add')}
        </Button>
      )}
    </div>
  );
}

/** Settings → Cancellation: the terms tourists read, penalties by days before the start, actual expenses. */
export function SettingsCancellationForm({ organizer }: { organizer: Organizer }) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<CancellationValues>({
    organizer,
    toValues,
    toBody: toCancellationBody,
    owns: OWNS,
  });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.cancellation')}>
      <FormSection
        id="cancellation-terms"
        title={t('sections.cancellationTerms')}
        description={t('sections.cancellationTermsText')}
      >
        <TextField
          name="cancellation_terms"
          label={t('fields.cancellation_terms')}
          multiline
          rows={6}
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection id="penalties" title={t('sections.penalties')} description={t('sections.penaltiesText')}>
        <PenaltyRows />
      </FormSection>
      <FormSection
        id="actual-expenses"
        title={t('sections.actualExpenses')}
        description={t('sections.actualExpensesText')}
      >
        <TextField
          name="actual_expenses"
          label={t('fields.actual_expenses')}
          multiline
          rows={4}
          className="sm:col-span-2"
        />
      </FormSection>
    </SectionForm>
  );
}
