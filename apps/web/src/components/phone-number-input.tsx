import { useState } from 'react';
import { setAt, valueAt } from '../lib/form/paths';
import { PhoneInput, detectPhoneCountry } from '@tourdesk/ui';
import { PHONE_COUNTRIES } from '../lib/phone-countries';
import { currentBrand } from '../brands/current-brand';

export interface PhoneNumberInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  invalid?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** An optional phone field's number, with a bare dial code ('+7', '+374': nothing typed after the picker's code) taken for no phone. */
export const enteredPhone = (phone: string): string => (/^\+?\d{0,3}$/.test(phone.trim()) ? '' : phone);

/** A form kit `prepare`: the phones at these paths as entered (a bare dial code is none). */
export const enteredPhones =
  <V extends object>(...paths: string[]) =>
  (values: V): V => {
    const body = structuredClone(values) as Record<string, unknown>;
    for (const path of paths) setAt(body, path, enteredPhone(String(valueAt(body, path) ?? '')));
    return body as V;
  };

/** The kit's phone input with every country; starts on the number's country, else the brand's market. */
export function PhoneNumberInput({ value, onChange, ...rest }: PhoneNumberInputProps) {
  const [country, setCountry] = useState(() => detectPhoneCountry(value) ?? currentBrand.country);
  return (
    <PhoneInput
      value={value}
      onChange={onChange}
      countries={PHONE_COUNTRIES}
      country={country}
      onCountryChange={setCountry}
      {...rest}
    />
  );
}
