import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Select, toast } from '@tourdesk/ui';
import type { Currency, Language, User } from '@tourdesk/contract/entities/user';
import { CURRENCIES, LANGUAGES } from '@tourdesk/contract/entities/user-values';
import { toastApiError } from '../../../lib/form-errors';
import { PHONE_COUNTRIES } from '../../../lib/phone-countries';
import { useChangeCountry, useSetCurrency, useSetLanguage } from '../api/user-settings';

/** Country (change-country), language (set-language, switches the UI too), currency (set-currency; drives X-Currency). */
export function ProfilePreferences({
  user,
  onUser,
  onLanguage,
}: {
  user: User;
  onUser: (user: User) => void;
  onLanguage: (language: Language) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const country = useChangeCountry(onUser);
  const language = useSetLanguage(onUser);
  const currency = useSetCurrency(onUser);
  const saved = () => toast.success(t('profile.saved'));
  const onError = (error: unknown) => toastApiError(error, tc);

  const countryNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const countries = useMemo(
    () =>
      PHONE_COUNTRIES.map((c) => ({ value: c.iso_code, text: countryNames?.of(c.iso_code) ?? c.name })).sort((a, b) =>
        a.text.localeCompare(b.text, i18n.language),
      ),
    [countryNames, i18n.language],
  );

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label={t('fields.country')}>
        <Select
          options={countries}
          textKey="text"
          valueKey="value"
          searchable
          value={user.country}
          placeholder={t('profile.chooseCountry')}
          disabled={country.isPending}
          onChange={(value) => value !== null && country.mutate(String(value), { onSuccess: saved, onError })}
        />
      </Field>
      <Field label={t('fields.language')}>
        <Select
          options={LANGUAGES.map((lng) => ({ value: lng, text: tc(`languages.${lng}`) }))}
          textKey="text"
          valueKey="value"
          value={user.language}
          disabled={language.isPending}
          onChange={(value) =>
            value !== null &&
            language.mutate(value as Language, {
              onSuccess: async (next) => {
                await onLanguage(next.language);
                saved();
              },
              onError,
            })
          }
        />
      </Field>
      <Field label={t('fields.currency')}>
        <Select
          options={CURRENCIES.map((code) => ({ value: code, text: `${code} · ${t(`currencies.${code}`)}` }))}
          textKey="text"
          valueKey="value"
          value={user.currency}
          disabled={currency.isPending}
          onChange={(value) => value !== null && currency.mutate(value as Currency, { onSuccess: saved, onError })}
        />
      </Field>
    </div>
  );
}
