import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { Input } from '@tourdesk/ui';
import { MAX_PENALTIES } from '@tourdesk/contract/api/organizer-rules';
import type { OrganizerUpdateBody } from '@tourdesk/contract/api/organizer';
import { asNumber } from '../lib/form/fields';
import type { FormValues } from '../lib/form/form-values';
import { errorAt } from '../lib/form/paths';
import { RowList } from '../lib/form/row-list';

/** Penalty rows as a form holds them while typing (a number may still be missing): the organizer's, and a tour's alike. */
export type PenaltyRowValues = FormValues<Required<Pick<OrganizerUpdateBody, 'penalties'>>>;

/**
 * One row's two numbers, each named by the label it shows, after the row's number for a screen
 * reader ("Row 2: Penalty, % of the price"); an error sits below its input and describes it.
 */
function PenaltyRowFields({ i }: { i: number }) {
  const { t } = useTranslation('organizer');
  const { register, formState } = useFormContext<PenaltyRowValues>();
  const id = useId();
  const fields = [
    { key: 'days_before', label: t('penalties.daysBefore'), inputMode: 'numeric' },
    { key: 'percent', label: t('penalties.percent'), inputMode: 'decimal' },
  ] as const;
  return (
    <>
      {fields.map(({ key, label, inputMode }) => {
        const error = errorAt(formState.errors, `penalties.${i}.${key}`);
        const inputId = `${id}-${key}`;
        return (
          <div key={key} className="flex flex-col gap-1 text-xs font-medium text-neutral-700">
            <label htmlFor={inputId}>
              <span className="sr-only">{t('penalties.row', { n: i + 1 })} </span>
              {label}
            </label>
            <Input
              id={inputId}
              inputMode={inputMode}
              className="w-28"
              invalid={Boolean(error)}
              aria-describedby={error ? `${inputId}-error` : undefined}
              {...register(`penalties.${i}.${key}`, { setValueAs: asNumber })}
            />
            {error && (
              <span id={`${inputId}-error`} role="alert" className="text-danger-600">
                {error}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}

/**
 * Cancellation penalties (days before the start → percent of the price) of the surrounding form:
 * the organizer's cancellation terms and a tour's own. Each row's errors land on it
 * (`penalties.2.percent`); at most MAX_PENALTIES rows.
 */
export function PenaltyRows() {
  const { t } = useTranslation('organizer');
  return (
    <RowList
      name="penalties"
      label={t('sections.penalties')}
      max={MAX_PENALTIES}
      layout="line"
      empty={() => ({ days_before: null, percent: null })}
      emptyText={t('penalties.empty')}
      addText={t('penalties.add')}
      removeLabel={(n) => t('penalties.removeRow', { n })}
    >
      {(i) => <PenaltyRowFields i={i} />}
    </RowList>
  );
}
