import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import { Button, Input } from '@tourdesk/ui';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_PENALTIES } from '@tourdesk/contract/api/organizer-rules';
import { asNumber } from '../lib/form/fields';
import { errorAt } from '../lib/form/paths';
import { useRows } from '../lib/form/rows';

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
  const { control, register, formState } = useFormContext<PenaltyRowValues>();
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
