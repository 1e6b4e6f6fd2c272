import type { ReactNode } from 'react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { Field, Input, Textarea } from '@tourdesk/ui';
import { errorAt } from './paths';

interface TextFieldProps {
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
  className?: string;
  /** what the input's text becomes in the values (a number input gives a number or null) */
  setValueAs?: RegisterOptions['setValueAs'];
}

/** A labelled text input bound to the surrounding form by path; the form's checks validate it. */
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
  className,
  setValueAs,
}: TextFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = errorAt(errors, name);
  const registration = register(name, setValueAs ? { setValueAs } : undefined);
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

/**
 * A number as a request carries it: blank is null, anything else the number it spells (a comma
 * taken as the decimal point); text that is no number stays NaN for the checks to refuse.
 */
export const asNumber = (raw: unknown): unknown => {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim().replace(',', '.');
  return text === '' ? null : Number(text);
};

/** A number field: TextField with a numeric keyboard and asNumber. */
export function NumberField(props: Omit<TextFieldProps, 'setValueAs' | 'multiline' | 'type'> & { decimal?: boolean }) {
  const { decimal, ...rest } = props;
  return <TextField inputMode={decimal ? 'decimal' : 'numeric'} {...rest} setValueAs={asNumber} />;
}

/** A titled group of fields (a settings tab's part, a tour editor's section). */
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
