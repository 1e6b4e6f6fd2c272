import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox, Field, Input } from '@tourdesk/ui';
import { MIN_BIRTHDAY } from '@tourdesk/contract/api/request-tourist-routes';
import { TextField } from '../lib/form/fields';
import { errorAt } from '../lib/form/paths';
import { PhoneField } from '../lib/form/phone-field';
import { enteredPhone } from './phone-number-input';

/** The person's fields of SPEC §3 Tourist, as every tourist form shows them. */
export const TOURIST_PERSON_FIELDS = [
  'first_name',
  'last_name',
  'middle_name',
  'birthday',
  'passport',
  'email',
  'phone',
  'food_restriction',
] as const;
export type TouristPersonField = (typeof TOURIST_PERSON_FIELDS)[number];

/** The provider's marks on a tourist (not asked of the traveller). */
export const TOURIST_FLAGS = ['is_contact_person', 'is_child', 'needs_transfer'] as const;
export type TouristFlag = (typeof TOURIST_FLAGS)[number];

/**
 * The body of a tourist's values: a blank birthday is none (null), and so is a bare dial code
 * (the phone picker's `+7` with nothing typed).
 */
export const touristBody = <T extends { birthday: string | null; phone: string }>(values: T): T => ({
  ...values,
  birthday: values.birthday ? values.birthday : null,
  phone: enteredPhone(values.phone),
});

/** The name fields in the order people of the interface's language write a name (lib/person-name). */
const nameOrder = (language: string): readonly TouristPersonField[] =>
  language.startsWith('ru') ? ['last_name', 'first_name', 'middle_name'] : ['first_name', 'middle_name', 'last_name'];

/** UTC's today: a birthday after it is in the future everywhere (as the contract's rule reads it). */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** Browser autofill of the person's own details; off where someone types another person's. */
const SELF_AUTOCOMPLETE: Record<TouristPersonField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  middle_name: 'additional-name',
  birthday: 'bday',
  passport: 'off',
  email: 'email',
  phone: 'tel',
  food_restriction: 'off',
};

export interface TouristFieldsProps {
  /** the fields marked required (the form's checks, the contract's rule map, say so too) */
  required?: readonly TouristPersonField[];
  /** where the tourist sits in the form's values: '' for a form of one tourist, `tourists.2.` for a row */
  prefix?: string;
  /** the provider's marks (contact person, child, transfer) after the person's fields */
  withFlags?: boolean;
  /** the person types their own details: the browser may fill them in */
  isSelf?: boolean;
  /** one column (a phone-sized page), or two from the small breakpoint up */
  columns?: 1 | 2;
}

/** The birthday in the browser's own date picker (typed, or a phone's wheel), from 1900 to today. */
function BirthdayField({
  name,
  label,
  autoComplete,
  required,
}: {
  name: string;
  label: string;
  autoComplete: string;
  required: boolean;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const error = errorAt(errors, name);
  return (
    <Field label={label} error={error} required={required}>
      <Input
        type="date"
        min={MIN_BIRTHDAY}
        max={todayUtc()}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        {...register(name)}
      />
    </Field>
  );
}

function FlagField({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} label={label} />
      )}
    />
  );
}

/**
 * One tourist's fields (SPEC §3 Tourist) inside a form of the kit: the provider's tourist form,
 * the traveller's questionnaire and the checkout use it, so labels, hints, checks' texts and the
 * name order are the same everywhere. The values are the contract's (FormValues of the body).
 */
export function TouristFields({
  required = [],
  prefix = '',
  withFlags = false,
  isSelf = false,
  columns = 2,
}: TouristFieldsProps) {
  const { t, i18n } = useTranslation('common', { keyPrefix: 'tourist' });
  const auto = (field: TouristPersonField) => (isSelf ? SELF_AUTOCOMPLETE[field] : 'off');
  const isRequired = (field: TouristPersonField) => required.includes(field);
  const wide = columns === 2 ? 'sm:col-span-2' : undefined;
  const NAME_LABELS = { first_name: t('firstName'), last_name: t('lastName'), middle_name: t('middleName') };
  return (
    <div className={columns === 2 ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}>
      {nameOrder(i18n.language).map((field) => (
        <TextField
          key={field}
          name={`${prefix}${field}`}
          label={NAME_LABELS[field as keyof typeof NAME_LABELS]}
          required={isRequired(field)}
          autoComplete={auto(field)}
        />
      ))}
      <BirthdayField
        name={`${prefix}birthday`}
        label={t('birthday')}
        autoComplete={auto('birthday')}
        required={isRequired('birthday')}
      />
      <TextField
        name={`${prefix}passport`}
        label={t('passport')}
        hint={t('passportHint')}
        required={isRequired('passport')}
        autoComplete="off"
      />
      <TextField
        name={`${prefix}email`}
        label={t('email')}
        type="email"
        inputMode="email"
        required={isRequired('email')}
        autoComplete={auto('email')}
      />
      <PhoneField name={`${prefix}phone`} label={t('phone')} required={isRequired('phone')} />
      <TextField
        name={`${prefix}food_restriction`}
        label={t('food')}
        hint={t('foodHint')}
        multiline
        rows={2}
        className={wide}
      />
      {withFlags && (
        <fieldset className={['flex flex-col gap-2.5', wide].filter(Boolean).join(' ')}>
          <legend className="mb-2 text-sm font-medium text-neutral-800">{t('flags')}</legend>
          <FlagField name={`${prefix}is_contact_person`} label={t('contactPerson')} />
          <FlagField name={`${prefix}is_child`} label={t('child')} />
          <FlagField name={`${prefix}needs_transfer`} label={t('transfer')} />
        </fieldset>
      )}
    </div>
  );
}
