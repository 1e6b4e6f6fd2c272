import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { createInstance } from 'i18next';
import { UiTextsProvider } from '@tourdesk/ui';
import enCommon from '../locales/en/common.json';
import ruCommon from '../locales/ru/common.json';
import { TouristFields, touristBody } from '../components/tourist-fields';
import { enteredPhone } from '../components/phone-number-input';
import { PhoneField } from '../lib/form/phone-field';
import { TextField } from '../lib/form/fields';
import { siteText } from './i18n';
import { withLang, type SiteRenderContext } from './types';

/** A tourist as the checkout sends it: the questionnaire's fields. */
interface TouristValues {
  first_name: string;
  last_name: string;
  middle_name: string;
  birthday: string | null;
  passport: string;
  email: string;
  phone: string;
  food_restriction: string;
}
export interface CheckoutContactValues {
  name: string;
  email: string;
  phone: string;
  tourists: TouristValues[];
}

const blankTourist = (): TouristValues => ({
  first_name: '',
  last_name: '',
  middle_name: '',
  birthday: null,
  passport: '',
  email: '',
  phone: '',
  food_restriction: '',
});

/** The shared tourist fields' own texts (the CRM's common.tourist), in an instance of the island's own. */
const i18nOf = (lang: 'en' | 'ru') => {
  const i18n = createInstance();
  void i18n.init({
    lng: lang,
    initAsync: false,
    resources: { en: { common: { tourist: enCommon.tourist } }, ru: { common: { tourist: ruCommon.tourist } } },
    interpolation: { escapeValue: false },
  });
  return i18n;
};

/** Enough to keep it for the abandoned checkout's message; the server checks it properly. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checkout's contact step (issue 27): name, e-mail, the kit's phone input, and optionally
 * each traveller's details now (the shared TouristFields) — else later, through the booking's
 * questionnaire link. The server checks it all; its field errors land on the fields.
 */
export function CheckoutContact({
  ctx,
  people,
  busy,
  expired,
  submitLabel,
  errors,
  onTouch,
  initial,
  onEmail,
  onSubmit,
}: {
  ctx: SiteRenderContext;
  people: number;
  busy: boolean;
  expired: boolean;
  submitLabel: string;
  /** the server's field errors of the last confirm, by path */
  errors: Record<string, string[]>;
  onTouch: () => void;
  /** what an abandoned checkout's link brings back */
  initial?: { name: string; email: string } | null;
  /** a valid e-mail was left (the field lost focus): kept on the hold */
  onEmail?: (email: string, name: string) => void;
  onSubmit: (values: CheckoutContactValues & { documents_accepted: boolean }) => void;
}) {
  const text = siteText(ctx.lang);
  const lang = ctx.lang === 'ru' ? 'ru' : 'en';
  const i18n = useMemo(() => i18nOf(lang), [lang]);
  const [now, setNow] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const form = useForm<CheckoutContactValues>({
    defaultValues: { name: initial?.name ?? '', email: initial?.email ?? '', phone: '', tourists: [] },
  });
  // the server's refusal of a field shows on that field
  useEffect(() => {
    form.clearErrors();
    for (const [path, list] of Object.entries(errors))
      form.setError(path as 'name', { type: 'server', message: list[0] ?? '' });
  }, [errors, form]);
  const submit = form.handleSubmit((values) =>
    onSubmit({
      name: values.name,
      email: values.email,
      phone: enteredPhone(values.phone),
      // the travellers left blank are named later, through the questionnaire
      tourists: now
        ? values.tourists
            .slice(0, people)
            .map(touristBody)
            .filter((t) => Object.values(t).some(Boolean))
        : [],
      documents_accepted: accepted,
    }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <UiTextsProvider locale={lang}>
        <FormProvider {...form}>
          <form
            className="site-kit flex flex-col gap-4"
            onInput={onTouch}
            onBlur={(e) => {
              if ((e.target as EventTarget as HTMLInputElement).name !== 'email') return;
              const email = form.getValues('email').trim();
              if (LOOKS_LIKE_EMAIL.test(email)) onEmail?.(email, form.getValues('name').trim());
            }}
            onSubmit={(e) => void submit(e)}
            noValidate
          >
            <TextField name="name" label={text.t('yourName')} required autoComplete="name" />
            <TextField name="email" label={text.t('yourEmail')} required type="email" autoComplete="email" />
            <PhoneField name="phone" label={text.t('checkoutPhone')} required />
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                checked={now}
                onChange={(e) => {
                  setNow(e.target.checked);
                  if (e.target.checked && form.getValues('tourists').length < people)
                    form.setValue('tourists', Array.from({ length: people }, blankTourist));
                }}
              />
              <span>{text.t('checkoutTouristsNow')}</span>
            </label>
            {now ? (
              Array.from({ length: people }, (_, i) => (
                <fieldset key={i} className="site-card flex flex-col gap-3 p-4">
                  <legend className="font-semibold">{text.t('checkoutTourist', { n: i + 1 })}</legend>
                  <TouristFields prefix={`tourists.${i}.`} columns={1} required={['first_name', 'last_name']} />
                </fieldset>
              ))
            ) : (
              <p className="site-muted text-sm">{text.t('checkoutTouristsLater')}</p>
            )}
            <label className="flex items-start gap-3">
              <input type="checkbox" required checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
              <span>
                {text.t('checkoutAccept')}{' '}
                <a className="underline" href={withLang(`${ctx.base}/agreement`, ctx)} target="_blank" rel="noopener">
                  {text.t('agreement')}
                </a>{' '}
                ·{' '}
                <a className="underline" href={withLang(`${ctx.base}/policy`, ctx)} target="_blank" rel="noopener">
                  {text.t('policy')}
                </a>
              </span>
            </label>
            <button type="submit" className="site-btn self-start" disabled={busy || expired || !accepted}>
              {submitLabel}
            </button>
          </form>
        </FormProvider>
      </UiTextsProvider>
    </I18nextProvider>
  );
}
