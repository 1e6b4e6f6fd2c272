import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import { rules } from '@tourdesk/contract/validation';
import type { LegalForm, Organizer } from '@tourdesk/contract/entities/organizer';
import type { Currency } from '@tourdesk/contract/entities/user';
import { enteredPhone } from '../../../components/phone-number-input';
import { useCreateOrganizer } from '../api/create-organizer';
import { TextField, applyServerErrors } from './form-kit';
import { CountryField, CurrencyField, LegalFormField } from './pickers';
import { PhoneField } from './phone-field';

export interface CreateValues {
  name: string;
  country: string;
  currency: Currency;
  legal_entity: { legal_form: LegalForm };
  contacts: { email: string; phone: string };
  description: string;
}

const OWNS = ['name', 'country', 'currency', 'legal_entity', 'contacts', 'description'];

/** The first step of a provider: its name and where it works; the rest is on the settings tabs. */
export function OrganizerCreateForm({
  onCreated,
  defaultEmail = '',
}: {
  onCreated: (organizer: Organizer) => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation('organizer');
  const methods = useForm<CreateValues>({
    defaultValues: {
      name: '',
      country: 'RU',
      currency: 'RUB',
      legal_entity: { legal_form: 'company' },
      contacts: { email: defaultEmail, phone: '' },
      description: '',
    },
    mode: 'onSubmit',
  });
  const create = useCreateOrganizer({ onSuccess: onCreated });
  const onSubmit = methods.handleSubmit((v) =>
    create.mutate(
      {
        name: v.name.trim(),
        country: v.country || null,
        currency: v.currency,
        legal_entity: v.legal_entity,
        contacts: { ...v.contacts, phone: enteredPhone(v.contacts.phone) },
        description: v.description,
      },
      {
        onError: (error) =>
          applyServerErrors(error, methods.setError, {
            t: (key, params) => t(`common:${key}`, params),
            owns: (path) => OWNS.includes(path.split('.')[0] ?? ''),
          }),
      },
    ),
  );
  return (
    <FormProvider {...methods}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={t('create.title')}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          name="name"
          label={t('fields.name')}
          hint={t('hints.name')}
          required
          extraRules={[rules.required()]}
          className="sm:col-span-2"
        />
        <LegalFormField name="legal_entity.legal_form" label={t('fields.legal_form')} />
        <CountryField name="country" label={t('fields.country')} required />
        <CurrencyField name="currency" label={t('fields.currency')} />
        <TextField
          name="contacts.email"
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <PhoneField name="contacts.phone" label={t('fields.phone')} className="sm:col-span-2" />
        <TextField
          name="description"
          label={t('fields.description')}
          multiline
          rows={3}
          className="sm:col-span-2"
          hint={t('hints.description')}
        />
        <Button type="submit" size="lg" loading={create.isPending} className="sm:col-span-2">
          {t('create.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
