import { Controller, useFormContext } from 'react-hook-form';
import { Field } from '@tourdesk/ui';
import { PhoneNumberInput, enteredPhone } from '../../../components/phone-number-input';
import { errorAt, useProfileRules } from './form-kit';

interface PhoneFieldProps {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
}

/**
 * A provider phone bound to the surrounding form: the kit's phone input with the country picker
 * (a national number goes on as dial code + number, E.164), validated with the profile rules of
 * its path; a bare dial code counts as empty (send `enteredPhone(value)`). A module of its own: the phone metadata comes only with the forms that use it.
 */
export function PhoneField({ name, label, required, className }: PhoneFieldProps) {
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const rulesFor = useProfileRules();
  const error = errorAt(errors, name);
  return (
    <Controller
      control={control}
      name={name}
      // a bare dial code is no phone (the prefix guard keeps it in the field): the rules see ''
      rules={{ validate: (value: unknown, all) => rulesFor(name)(enteredPhone(String(value ?? '')), all) }}
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
