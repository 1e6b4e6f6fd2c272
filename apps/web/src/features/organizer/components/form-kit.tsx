import type { ReactNode } from 'react';
import { useFormContext, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Input, Textarea, toast } from '@tourdesk/ui';
import { ORGANIZER_FIELD_RULES } from '@tourdesk/contract/api/organizer-rules';
import { toFormValidate, type ValidationRule } from '@tourdesk/contract/validation';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText, translateFailure, translateMessage } from '../../../lib/form-errors';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** react-hook-form `validate` for a profile path with the contract's rules (plus extra rules first). */
export function useProfileRules() {
  const { t } = useTranslation();
  return (path: string, extra: readonly ValidationRule[] = []) =>
    toFormValidate([...extra, ...(ORGANIZER_FIELD_RULES[path] ?? [])], translateFailure(t));
}

/**
 * Puts a 422's field errors on the form fields (paths like legal_address.post_code); the server
 * message goes to a toast when no field of this form could take it. `aliases` maps body names to
 * form names (logo_id → logo). Returns true when at least one field got an error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { owns: (path: string) => boolean; t: Translate; aliases?: Record<string, string> },
): boolean {
  if (!isApiError(error) || error.status === 0) {
    toast.error(apiErrorText(error, options.t));
    return false;
  }
  const entries = Object.entries(error.fieldErrors)
    .map(([path, messages]) => [options.aliases?.[path] ?? path, messages] as const)
    .filter(([path]) => options.owns(path));
  entries.forEach(([path, messages], i) =>
    setError(
      path as FieldPath<T>,
      { type: 'server', message: translateMessage(messages[0], options.t) },
      { shouldFocus: i === 0 },
    ),
  );
  if (entries.length === 0) toast.error(apiErrorText(error, options.t));
  return entries.length > 0;
}

/** Reads a nested error message by dotted path. */
export const errorAt = (errors: unknown, path: string): string | undefined => {
  let cur: unknown = errors;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  const message = (cur as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

interface TextFieldProps {
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
  extraRules?: readonly ValidationRule[];
  className?: string;
}

/** A labelled text input bound to the surrounding form, validated with the profile rules of its path. */
export function TextField({
  name,
  label,
  hint,
  required,
  multiline,
  rows,
  type,
  inputMode,
  autoComplete,
  placeholder,
  extraRules = [],
  className,
}: TextFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const rulesFor = useProfileRules();
  const error = errorAt(errors, name);
  const registration = register(name, { validate: rulesFor(name, extraRules) });
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {multiline ? (
        <Textarea rows={rows ?? 4} invalid={Boolean(error)} placeholder={placeholder} {...registration} />
      ) : (
        <Input
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          invalid={Boolean(error)}
          placeholder={placeholder}
          {...registration}
        />
      )}
    </Field>
  );
}

/** A titled group of fields on a settings tab. */
export function FormSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="grid grid-cols-1 gap-x-8 gap-y-4 border-b border-neutral-200 py-6 first:pt-0 last:border-b-0 lg:grid-cols-[16rem_minmax(0,1fr)]"
    >
      <div>
        <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      </div>
      {/* minmax(0, 1fr) columns: a wide child (the working-hours table) scrolls inside, never widens the page */}
      <div className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
