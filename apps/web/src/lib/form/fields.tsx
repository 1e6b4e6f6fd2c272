import type { ReactNode } from 'react';
import { Controller, useFormContext, type RegisterOptions } from 'react-hook-form';
import {
  Button,
  Checkbox,
  Field,
  Input,
  LazyDatePicker,
  Select,
  Textarea,
  TimeInput,
  cn,
  toIsoDate,
  useBreakpoint,
} from '@tourdesk/ui';
import { X } from 'lucide-react';
import { Segmented } from '../../components/segmented';
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

/** The surrounding form's control and the message of the field at `name` (its own, or a server's). */
export const useFieldError = (name: string) => {
  const {
    control,
    formState: { errors },
  } = useFormContext();
  return { control, error: errorAt(errors, name) };
};

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

/** A yes/no field of the surrounding form. */
export function CheckboxField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          className={className}
          checked={field.value === true}
          onCheckedChange={(v) => field.onChange(v === true)}
          label={label}
        />
      )}
    />
  );
}

/** One value of a few, as a row of toggle buttons (type, schedule, currency, difficulty). */
export function ChoiceField<V extends string | number>({
  name,
  label,
  options,
  className,
}: {
  name: string;
  label: string;
  options: readonly { value: V; text: string }[];
  className?: string;
}) {
  const { control, error } = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex flex-col gap-1.5', className)}>
          <span className="text-sm font-medium text-neutral-800">{label}</span>
          <Segmented<V>
            label={label}
            value={field.value as V | undefined}
            options={options}
            onChange={(v) => field.onChange(v)}
          />
          {error && (
            <p role="alert" className="text-xs text-danger-600">
              {error}
            </p>
          )}
        </div>
      )}
    />
  );
}

/**
 * A time of day ('HH:mm', or null for none) with the kit's time input: the interface language's
 * clock (24-hour in Russian), not the browser's.
 */
export function TimeField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { control, error } = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} className={className}>
          <TimeInput
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(v) => field.onChange(v === '' ? null : v)}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
          />
        </Field>
      )}
    />
  );
}

const dayOf = (iso: unknown): Date | undefined => {
  if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return undefined;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * A range of days ('yyyy-MM-dd' at two paths: a departure's start and end) with the kit's
 * calendar in the interface language; the errors of either path show under it.
 */
export function DateRangeField({
  from,
  to,
  label,
  min,
  className,
}: {
  from: string;
  to: string;
  label: string;
  min?: 'today' | string;
  className?: string;
}) {
  const {
    setValue,
    watch,
    formState: { errors },
  } = useFormContext();
  const error = errorAt(errors, from) ?? errorAt(errors, to);
  // two months side by side where they fit, one on a phone
  const { up } = useBreakpoint();
  const start = dayOf(watch(from));
  const end = dayOf(watch(to));
  return (
    <Field label={label} error={error} className={className} required>
      <LazyDatePicker
        mode="range"
        months={up('md') ? 2 : 1}
        min={min}
        aria-label={label}
        invalid={Boolean(error)}
        value={start ? { from: start, to: end } : undefined}
        onChange={(range) => {
          const options = { shouldDirty: true, shouldValidate: Boolean(error) };
          setValue(from, range?.from ? toIsoDate(range.from) : '', options);
          setValue(to, range?.to ? toIsoDate(range.to) : range?.from ? toIsoDate(range.from) : '', options);
        }}
      />
    </Field>
  );
}

/** One of a list, in the kit's select. */
export function SelectField({
  name,
  label,
  options,
  className,
}: {
  name: string;
  label: string;
  options: { value: string; text: string }[];
  className?: string;
}) {
  const { control, error } = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} className={className}>
          <Select
            options={options}
            value={(field.value as string | null) ?? ''}
            onChange={(v) => field.onChange(v === null ? '' : String(v))}
            invalid={Boolean(error)}
          />
        </Field>
      )}
    />
  );
}

/** One day ('yyyy-MM-dd', or null) in the kit's calendar; `clearable` adds a button that empties it. */
export function DateField({
  name,
  label,
  hint,
  min,
  placeholder,
  clearLabel,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  min?: 'today' | string;
  placeholder?: string;
  /** the accessible name of the button that empties the field; none: it cannot be emptied */
  clearLabel?: string;
  className?: string;
}) {
  const { control, error } = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint} error={error} className={className}>
          <div className="flex gap-2">
            <LazyDatePicker
              mode="single"
              min={min}
              aria-label={label}
              placeholder={placeholder}
              invalid={Boolean(error)}
              value={dayOf(field.value)}
              onChange={(day) => field.onChange(day ? toIsoDate(day) : null)}
            />
            {clearLabel && field.value && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={clearLabel}
                onClick={() => field.onChange(null)}
              >
                <X size={15} aria-hidden="true" />
              </Button>
            )}
          </div>
        </Field>
      )}
    />
  );
}
