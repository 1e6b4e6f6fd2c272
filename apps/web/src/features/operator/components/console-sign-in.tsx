import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, PasswordInput } from '@tourdesk/ui';
import { ShieldCheck } from 'lucide-react';
import { LanguageSwitch } from '../../../components/language-switch';
import { isApiError } from '../../../lib/api/api-error';
import { apiErrorText, fieldMessage } from '../../../lib/form-errors';
import { consoleSession } from '../api/console-api';

/** The console's door: e-mail, password and the authenticator app's code. */
export function ConsoleSignIn() {
  const { t } = useTranslation('operator');
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    consoleSession.signIn({ ...values, code: values.code.replace(/\s/g, '') }).catch((e: unknown) => {
      setBusy(false);
      setError(e);
    });
  };
  const fieldError = (field: string) => (error ? fieldMessage(error, field, t) : undefined);
  const generalError = error && !(isApiError(error) && error.isValidation) ? apiErrorText(error, t) : null;

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-neutral-50 p-4">
      <LanguageSwitch />
      <Card className="w-full max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex items-center gap-3">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-100 text-primary-700">
              <ShieldCheck size={22} aria-hidden="true" />
            </span>
            <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{t('title')}</h1>
          </div>
          <p className="text-sm text-neutral-700">{t('signIn.text')}</p>
          <Field label={t('signIn.email')} error={fieldError('email')}>
            <Input type="email" autoComplete="username" value={values.email} onChange={set('email')} required />
          </Field>
          <Field label={t('signIn.password')} error={fieldError('password')}>
            <PasswordInput autoComplete="current-password" value={values.password} onChange={set('password')} />
          </Field>
          <Field label={t('signIn.code')} error={fieldError('code')} hint={t('signIn.codeHint')}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={values.code}
              onChange={set('code')}
            />
          </Field>
          {generalError ? (
            <p role="alert" className="text-sm text-danger-600">
              {generalError}
            </p>
          ) : null}
          <Button type="submit" loading={busy}>
            {t('signIn.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
