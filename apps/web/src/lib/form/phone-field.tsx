import { Controller } from 'react-hook-form';
import { Field } from '@tourdesk/ui';
import { PhoneNumberInput } from '../../components/phone-number-input';
import { useFieldError } from './fields';

interface PhoneFieldProps {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
}

/**
 * A phone bound to the surrounding form: the kit's phone input with the country picker
 * (a national number goes on as dial code + number, E.164); the form's checks validate it. A bare
 * dial code counts as empty: the form's body holds `enteredPhone(value)`. A module of its own: the
 * phone metadata comes only with the forms that use it.
 */
export function PhoneField({ name, label, required, className }: PhoneFieldProps) {
  const { control, error } = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} error={error} required={required} className={className}>
          <PhoneNumberInput
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            invalid={Boolean(error)}
          />
        </Field>
      )}
    />
  );
}
