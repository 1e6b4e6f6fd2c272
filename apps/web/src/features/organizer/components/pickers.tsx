import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Select, countryName } from '@tourdesk/ui';
import { CURRENCIES } from '@tourdesk/contract/entities/user-values';
import { LEGAL_FORMS } from '@tourdesk/contract/entities/organizer-values';
import { errorAt } from '../../../lib/form/paths';

/** Countries offered first: the brands' markets and their neighbours; any ISO code can still be stored. */
export const ORGANIZER_COUNTRY_CODES = [
  'RU',
  'KZ',
  'BY',
  'UZ',
  'KG',
  'AM',
  'GE',
  'AZ',
  'TJ',
  'MN',
  'AE',
  'CN',
  'RS',
  'ME',
  'BA',
  'HR',
  'MK',
  'AL',
  'SI',
  'BG',
  'TR',
  'DE',
  'FR',
  'IT',
  'ES',
  'GB',
  'US',
  'TH',
  'VN',
  'IN',
] as const;

interface PickerProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

/** A searchable country picker whose value is an ISO 3166-1 alpha-2 code (or an empty string / null). */
export function CountryField({ name, label, required, hint, nullable = false }: PickerProps & { nullable?: boolean }) {
  const { i18n, t } = useTranslation('organizer');
  const { control, formState } = useFormContext();
  const options = useMemo(
    () =>
      ORGANIZER_COUNTRY_CODES.map((code) => ({ value: code, text: countryName(code, i18n.language) })).sort((a, b) =>
        a.text.localeCompare(b.text, i18n.language),
      ),
    [i18n.language],
  );
  const error = errorAt(formState.errors, name);
  return (
    <Controller
      control={control}
      name={name}
      rules={
        required ? { validate: (v: unknown) => (typeof v === 'string' && v !== '') || t('errors:required') } : undefined
      }
      render={({ field }) => (
        <Field label={label} error={error} required={required} hint={hint}>
          <Select
            searchable
            options={options}
            value={(field.value as string | null) || null}
            onChange={(value) => field.onChange(value === null ? (nullable ? null : '') : String(value))}
            placeholder={t('fields.choose')}
            invalid={Boolean(error)}
          />
        </Field>
      )}
    />
  );
}

export function CurrencyField({ name, label }: PickerProps) {
  const { control } = useFormContext();
  const options = useMemo(() => CURRENCIES.map((c) => ({ value: c, text: c })), []);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label}>
          <Select
            options={options}
            value={field.value as string}
            onChange={(value) => field.onChange(value ?? 'RUB')}
          />
        </Field>
      )}
    />
  );
}

export function LegalFormField({ name, label }: PickerProps) {
  const { t } = useTranslation('organizer');
  const { control } = useFormContext();
  const options = LEGAL_FORMS.map((form) => ({ value: form, text: t(`legalForms.${form}`) }));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label}>
          <Select
            options={options}
            value={field.value as string}
            onChange={(value) => field.onChange(value ?? 'company')}
          />
        </Field>
      )}
    />
  );
}
