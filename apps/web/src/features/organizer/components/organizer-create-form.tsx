import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@tourdesk/ui';
import type { Organizer } from '@tourdesk/contract/entities/organizer';
import { organizerFieldIssues } from '@tourdesk/contract/api/organizer-rules';
import { enteredPhones } from '../../../components/phone-number-input';
import { TextField } from '../../../lib/form/fields';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useCreateOrganizer, type CreateOrganizerInput } from '../api/create-organizer';
import { CountryField, CurrencyField, LegalFormField } from './pickers';
import { PhoneField } from '../../../lib/form/phone-field';

/**
 * What the first step sends: name and where the provider works (the create body's fields). The
 * values are this body as it is: it asks only some fields of legal_entity and contacts.
 */
export type CreateBody = Pick<
  CreateOrganizerInput,
  'name' | 'country' | 'currency' | 'legal_entity' | 'contacts' | 'description'
>;

const createBody = enteredPhones<CreateBody>('contacts.phone');

/** The first step of a provider: its name and where it works; the rest is on the settings tabs. */
export function OrganizerCreateForm({
  onCreated,
  defaultEmail = '',
}: {
  onCreated: (organizer: Organizer) => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation('organizer');
  const methods = useContractForm<CreateBody, CreateBody>({
    defaults: {
      name: '',
      country: 'RU',
      currency: 'RUB',
      legal_entity: { legal_form: 'company' },
      contacts: { email: defaultEmail, phone: '' },
      description: '',
    },
    check: organizerFieldIssues,
    prepare: createBody,
  });
  const create = useCreateOrganizer({ onSuccess: onCreated });
  const onSubmit = methods.onSubmit((body) => create.mutate(body, { onError: methods.showServerError }));
  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate aria-label={t('create.title')} className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={t('fields.name')} hint={t('hints.name')} required className="sm:col-span-2" />
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
