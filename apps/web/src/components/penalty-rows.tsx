import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { Input } from '@tourdesk/ui';
import { MAX_PENALTIES } from '@tourdesk/contract/api/organizer-rules';
import { asNumber } from '../lib/form/fields';
import { errorAt } from '../lib/form/paths';
import { RowList } from '../lib/form/row-list';

/** Penalty rows as a form holds them while typing (a number may still be missing). */
export interface PenaltyRowValues {
  penalties: { days_before: number | null; percent: number | null }[];
}

/**
 * Cancellation penalties (days before the start → percent of the price) of the surrounding form:
 * the organizer's cancellation terms and a tour's own. Each row's errors land on it
 * (`penalties.2.percent`); at most MAX_PENALTIES rows.
 */
export function PenaltyRows() {
  const { t } = useTranslation('organizer');
  const { register, formState } = useFormContext<PenaltyRowValues>();
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
      {(i) => {
        const daysError = errorAt(formState.errors, `penalties.${i}.days_before`);
        const percentError = errorAt(formState.errors, `penalties.${i}.percent`);
        return (
          <>
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
          </>
        );
      }}
    </RowList>
  );
}
