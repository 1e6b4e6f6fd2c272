import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { isEmptyValue } from '@tourdesk/contract/validation';
import { valueAt } from './paths';

/** One thing a step (publishing a tour, signing a contract) needs: a field by path, or a check. */
export interface Requirement {
  /** the field that satisfies it; the summary's link focuses it */
  path: string;
  label: string;
  /** met when this says so; by default when the field is not empty */
  met?: (value: unknown, values: Record<string, unknown>) => boolean;
}

/** The requirements not yet met by these values, in their order. */
export const unmetRequirements = (values: unknown, requirements: readonly Requirement[]): Requirement[] =>
  requirements.filter((r) => {
    const value = valueAt(values, r.path);
    return r.met ? !r.met(value, (values ?? {}) as Record<string, unknown>) : isEmptyValue(value);
  });

/**
 * "What publishing still needs": the unmet requirements of the surrounding form, live as the
 * values change, each a button that takes the person to its field; a quiet line when all are met.
 */
export function RequirementsSummary({
  title,
  doneText,
  requirements,
}: {
  title: string;
  doneText: string;
  requirements: readonly Requirement[];
}) {
  const { t } = useTranslation();
  const { control, setFocus } = useFormContext();
  const values = useWatch({ control }) as unknown;
  const unmet = unmetRequirements(values, requirements);
  if (unmet.length === 0)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-success-700">
        <CircleCheck size={16} aria-hidden="true" />
        {doneText}
      </p>
    );
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-warning-200 bg-warning-50 px-4 py-3 text-sm text-warning-900"
    >
      <h2 className="flex items-start gap-2 font-semibold">
        <CircleAlert size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
        <span>
          {title}{' '}
          <span className="font-normal whitespace-nowrap">({t('form.needsCount', { count: unmet.length })})</span>
        </span>
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {unmet.map((r) => (
          <li key={r.path}>
            <button
              type="button"
              className="rounded-md border border-warning-300 bg-surface px-2 py-1 text-warning-900 hover:bg-warning-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              onClick={() => setFocus(r.path)}
            >
              {r.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
