import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { Button, Input } from '@tourdesk/ui';
import { Plus, Trash2 } from 'lucide-react';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { rules } from '@tourdesk/contract/validation';
import { MAX_PENALTIES } from '@tourdesk/contract/api/organizer-rules';
import { FormSection, TextField, asNumber } from '../../../lib/form/fields';
import { errorAt, pick } from '../../../lib/form/paths';
import { useRows } from '../../../lib/form/rows';
import { SectionForm } from '../../../lib/form/section-form';
import { useSectionForm, type SectionBody } from './use-section-form';

const CANCELLATION_FIELDS = ['cancellation_terms', 'penalties', 'actual_expenses'] as const;

/** The Cancellation tab's part of the update body. */
export type CancellationBody = Pick<SectionBody, (typeof CANCELLATION_FIELDS)[number]>;
/** While typing, a penalty's number may be missing: the checks refuse it before anything is sent. */
export type CancellationValues = Omit<CancellationBody, 'penalties'> & {
  penalties: { days_before: number | null; percent: number | null }[];
};

const cancellationDefaults = (o: Organizer): CancellationValues => pick(o, CANCELLATION_FIELDS);

const isWhole = (v: unknown) => v === null || Number.isInteger(v);
const hasCents = (v: unknown) => v === null || (Number.isFinite(v) && Math.round(Number(v) * 100) === Number(v) * 100);

/**
 * The rows' own rules: a number is needed, whole days and a percent with at most two decimals,
 * not below 0 (then the contract's: at most a year, no day twice, 100 % at most on the server too).
 * So -5 says 'Minimum 0' and 400 'Maximum 365' rather than 'Incorrect value'.
 */
export const CANCELLATION_FORM_RULES = {
  'penalties.*.days_before': [rules.required(), rules.custom(isWhole), rules.minValue(0)],
  'penalties.*.percent': [rules.required(), rules.custom(hasCents), rules.minValue(0), rules.maxValue(100)],
};

function PenaltyRows() {
  const { t } = useTranslation('organizer');
  const { control, register, formState } = useFormContext<CancellationValues>();
  const { rows, canAdd, add, remove } = useRows({
    control,
    name: 'penalties',
    max: MAX_PENALTIES,
    empty: () => ({ days_before: null, percent: null }),
  });
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {rows.length === 0 && <p className="text-sm text-neutral-500">{t('penalties.empty')}</p>}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('sections.penalties')}>
          {rows.map((row, i) => {
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
                    {...register(`penalties.${i}.days_before`, { setValueAs: asNumber })}
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
                    {...register(`penalties.${i}.percent`, { setValueAs: asNumber })}
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
      {canAdd && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={add}>
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
  const { methods, onSubmit, isSaving } = useSectionForm<CancellationValues, CancellationBody>({
    organizer,
    defaults: cancellationDefaults,
    formRules: CANCELLATION_FORM_RULES,
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
