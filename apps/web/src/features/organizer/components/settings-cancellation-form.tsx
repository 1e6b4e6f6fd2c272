import { useTranslation } from 'react-i18next';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { rules } from '@tourdesk/contract/validation';
import { FormSection, TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { pick } from '../../../lib/form/paths';
import { SectionForm } from '../../../lib/form/section-form';
import { useSectionForm, type SectionBody } from './use-section-form';
import { PenaltyRows } from '../../../components/penalty-rows';

const CANCELLATION_FIELDS = ['cancellation_terms', 'penalties', 'actual_expenses'] as const;

/** The Cancellation tab's part of the update body. */
export type CancellationBody = Pick<SectionBody, (typeof CANCELLATION_FIELDS)[number]>;
/** While typing, a penalty's number may be missing (FormValues): the checks refuse it before anything is sent. */
const cancellationDefaults = (o: Organizer): FormValues<CancellationBody> => pick(o, CANCELLATION_FIELDS);

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

/** Settings → Cancellation: the terms tourists read, penalties by days before the start, actual expenses. */
export function SettingsCancellationForm({ organizer }: { organizer: Organizer }) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<CancellationBody>({
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
