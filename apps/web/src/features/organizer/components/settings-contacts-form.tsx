import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox, TimeInput, cn } from '@tourdesk/ui';
import type { Organizer, SocialNetwork } from '@tourdesk/contract/entities/organizer';
import { SOCIAL_NETWORKS } from '@tourdesk/contract/entities/organizer-values';
import { rules } from '@tourdesk/contract/validation';
import { FormSection, TextField } from '../../../lib/form/fields';
import type { FormValues } from '../../../lib/form/form-values';
import { errorAt } from '../../../lib/form/paths';
import { SectionForm } from '../../../lib/form/section-form';
import { CountryField } from './pickers';
import { PhoneField } from '../../../lib/form/phone-field';
import { enteredPhone } from '../../../components/phone-number-input';
import { useSectionForm, type SectionBody } from './use-section-form';

/** Monday first on screen; day_of_week as JS getDay (Sunday is 0). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

type WorkDay = NonNullable<ContactsBody['work_hours']>[number];

/** The form shows every weekday and every network; the body (contactsBody) holds what is set. */
export type ContactsValues = Omit<FormValues<ContactsBody>, 'work_hours' | 'social_links'> & {
  /** each weekday, working or not, keeps its hours while switched off */
  work_hours: (Pick<WorkDay, 'day_of_week'> & { is_working: boolean; from: string; to: string })[];
  /** every network, '' where it has no link */
  social_links: Record<SocialNetwork, string>;
};

const emptyLinks = (): Record<SocialNetwork, string> =>
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as Record<SocialNetwork, string>;

export const toContactsValues = (o: Organizer): ContactsValues => ({
  contacts: { ...o.contacts },
  work_hours: WEEK_ORDER.map((day) => {
    const stored = o.work_hours.find((d) => d.day_of_week === day);
    if (!stored) return { day_of_week: day, is_working: day >= 1 && day <= 5, from: '09:00', to: '18:00' };
    return { day_of_week: day, is_working: !stored.is_day_off, from: stored.from ?? '09:00', to: stored.to ?? '18:00' };
  }),
  social_links: { ...emptyLinks(), ...o.social_links },
  legal_address: { ...o.legal_address },
  postal_address: { ...o.postal_address },
  is_postal_address_same_as_legal: o.is_postal_address_same_as_legal,
});

export const contactsBody = (v: ContactsValues): ContactsBody => ({
  // a field left at the picker's bare dial code holds no phone
  contacts: {
    ...v.contacts,
    phone: enteredPhone(v.contacts.phone),
    additional_phone: enteredPhone(v.contacts.additional_phone),
  },
  work_hours: v.work_hours.map((d) =>
    d.is_working
      ? { day_of_week: d.day_of_week, is_day_off: false, from: d.from, to: d.to }
      : { day_of_week: d.day_of_week, is_day_off: true, from: null, to: null },
  ),
  social_links: Object.fromEntries(
    Object.entries(v.social_links)
      .filter(([, link]) => link.trim() !== '')
      .map(([n, link]) => [n, link.trim()]),
  ),
  legal_address: v.legal_address,
  // the postal address follows the legal one while the box is ticked
  postal_address: v.is_postal_address_same_as_legal ? v.legal_address : v.postal_address,
  is_postal_address_same_as_legal: v.is_postal_address_same_as_legal,
});

export type ContactsBody = Pick<
  SectionBody,
  'contacts' | 'work_hours' | 'social_links' | 'legal_address' | 'postal_address' | 'is_postal_address_same_as_legal'
>;

function AddressFields({ prefix }: { prefix: 'legal_address' | 'postal_address' }) {
  const { t } = useTranslation('organizer');
  return (
    <>
      <CountryField name={`${prefix}.country`} label={t('fields.address_country')} />
      <TextField name={`${prefix}.region`} label={t('fields.region')} />
      <TextField name={`${prefix}.city`} label={t('fields.city')} />
      <TextField name={`${prefix}.post_code`} label={t('fields.post_code')} autoComplete="postal-code" />
      <TextField
        name={`${prefix}.street`}
        label={t('fields.street')}
        className="sm:col-span-2"
        placeholder={t('placeholders.street')}
      />
    </>
  );
}

const isTime = (v: unknown) => v === null || (typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v));
/** The time inputs' own format; a working day needs both times, the end after the start (the contract's check). */
const CONTACTS_FORM_RULES = { 'work_hours.*.from': [rules.custom(isTime)], 'work_hours.*.to': [rules.custom(isTime)] };

function WorkHoursFields() {
  const { t, i18n } = useTranslation('organizer');
  // a phone shows Mon, Tue…: the full names do not leave room for both times
  const shortDay = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const { control, watch, formState } = useFormContext<ContactsValues>();
  const days = watch('work_hours');
  return (
    <div className="min-w-0 sm:col-span-2">
      {/* three columns (the day with its working-day box, from, to) fit a 375 px phone; the
          wrapper scrolls rather than the page if a language's day names ever do not */}
      <div className="-mx-1 overflow-x-auto px-1">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('sections.workHours')}</caption>
          <thead>
            <tr className="text-left text-xs text-neutral-500">
              <th scope="col" className="pb-2 font-medium">
                {t('workHours.working')}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {t('workHours.from')}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {t('workHours.to')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => {
              const dayName = t(`weekdays.${day.day_of_week}`);
              const fromError = errorAt(formState.errors, `work_hours.${i}.from`);
              const toError = errorAt(formState.errors, `work_hours.${i}.to`);
              return (
                <tr key={day.day_of_week} className="border-t border-neutral-100 align-top">
                  <th scope="row" className="py-2 pe-2 text-left align-middle font-medium text-neutral-800 sm:pe-3">
                    <Controller
                      control={control}
                      name={`work_hours.${i}.is_working`}
                      render={({ field }) => (
                        <Checkbox
                          checked={field.value}
                          onCheckedChange={(v) => field.onChange(v === true)}
                          label={
                            <>
                              <span className="sm:hidden" aria-hidden="true">
                                {shortDay.format(Date.UTC(2024, 0, 7 + day.day_of_week))}
                              </span>
                              <span className="max-sm:sr-only">{dayName}</span>
                            </>
                          }
                          aria-label={t('workHours.workingDay', { day: dayName })}
                        />
                      )}
                    />
                  </th>
                  <td className="py-2 pe-2 sm:pe-3">
                    {/* the kit's time input: the interface language's clock (24-hour in Russian), not the browser's */}
                    <Controller
                      control={control}
                      name={`work_hours.${i}.from`}
                      render={({ field }) => (
                        <TimeInput
                          {...field}
                          aria-label={t('workHours.fromDay', { day: dayName })}
                          disabled={!day.is_working}
                          invalid={Boolean(fromError)}
                          className="max-w-32 min-w-[5.5rem] px-2 sm:px-3"
                        />
                      )}
                    />
                    {fromError && (
                      <p role="alert" className="mt-1 text-xs text-danger-600">
                        {fromError}
                      </p>
                    )}
                  </td>
                  <td className="py-2">
                    <Controller
                      control={control}
                      name={`work_hours.${i}.to`}
                      render={({ field }) => (
                        <TimeInput
                          {...field}
                          aria-label={t('workHours.toDay', { day: dayName })}
                          disabled={!day.is_working}
                          invalid={Boolean(toError)}
                          className="max-w-32 min-w-[5.5rem] px-2 sm:px-3"
                        />
                      )}
                    />
                    {toError && (
                      <p role="alert" className="mt-1 text-xs text-danger-600">
                        {toError}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function PostalAddress() {
  const { t } = useTranslation('organizer');
  const { control, watch } = useFormContext<ContactsValues>();
  const same = watch('is_postal_address_same_as_legal');
  return (
    <>
      <Controller
        control={control}
        name="is_postal_address_same_as_legal"
        render={({ field }) => (
          <Checkbox
            className="sm:col-span-2"
            checked={field.value}
            onCheckedChange={(v) => field.onChange(v === true)}
            label={t('fields.postal_same_as_legal')}
          />
        )}
      />
      <div className={cn('contents', same && 'hidden')}>{!same && <AddressFields prefix="postal_address" />}</div>
    </>
  );
}

/** Settings → Contacts: how to reach the provider, working hours, social links, legal and postal address. */
export function SettingsContactsForm({ organizer }: { organizer: Organizer }) {
  const { t } = useTranslation('organizer');
  const { methods, onSubmit, isSaving } = useSectionForm<ContactsBody, ContactsValues>({
    organizer,
    defaults: toContactsValues,
    prepare: contactsBody,
    formRules: CONTACTS_FORM_RULES,
  });
  return (
    <SectionForm methods={methods} onSubmit={onSubmit} isSaving={isSaving} label={t('tabs.contacts')}>
      <FormSection id="contacts" title={t('sections.contacts')} description={t('sections.contactsText')}>
        <TextField
          name="contacts.email"
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <PhoneField name="contacts.phone" label={t('fields.phone')} />
        <PhoneField name="contacts.additional_phone" label={t('fields.additional_phone')} />
        <TextField
          name="contacts.website"
          label={t('fields.website')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </FormSection>
      <FormSection id="work-hours" title={t('sections.workHours')} description={t('sections.workHoursText')}>
        <WorkHoursFields />
      </FormSection>
      <FormSection id="social-links" title={t('sections.socialLinks')} description={t('sections.socialLinksText')}>
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            name={`social_links.${network}`}
            label={t(`social.${network}`)}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        ))}
      </FormSection>
      <FormSection id="legal-address" title={t('sections.legalAddress')}>
        <AddressFields prefix="legal_address" />
      </FormSection>
      <FormSection id="postal-address" title={t('sections.postalAddress')}>
        <PostalAddress />
      </FormSection>
    </SectionForm>
  );
}
