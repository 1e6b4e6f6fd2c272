import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Field, Input, PasswordInput, toast } from '@tourdesk/ui';
import { Phone } from 'lucide-react';
import { isPhoneLogin, rules, toFormValidate } from '@tourdesk/contract/validation';
import { isApiError } from '../../../lib/api/api-error';
import { useSignIn, type SignInInput } from '../api/sign-in';
import { useTranslateFailure } from '../../../lib/form-errors';

const FIELDS = ['login', 'password'] as const;

/** Login (e-mail, or phone when it has only digits, +, -, spaces, parentheses and *) and password. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<SignInInput>({ defaultValues: { login: '', password: '' }, mode: 'onSubmit' });
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const login = useWatch({ control, name: 'login' });
  const asPhone = login.trim() !== '' && isPhoneLogin(login);

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(
      { login: values.login.trim(), password: values.password },
      {
        onError: (error) => {
          if (!isApiError(error)) {
            toast.error(tc('errors.server'));
            return;
          }
          if (error.status === 0) {
            toast.error(tc('errors.network'));
            return;
          }
          const fieldEntries = Object.entries(error.fieldErrors);
          const known = fieldEntries.filter(([field]) => (FIELDS as readonly string[]).includes(field));
          known.forEach(([field, messages], i) => setError(field as (typeof FIELDS)[number], { type: 'server', message: messages[0] }, { shouldFocus: i === 0 }));
          // SPEC §8: a server message shows when nothing could be attached to a field
          if (known.length === 0) toast.error(error.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <Field label={t('login')} error={errors.login?.message} hint={asPhone ? <span className="inline-flex items-center gap-1"><Phone size={12} aria-hidden="true" />{t('loginIsPhone')}</span> : undefined}>
        <Input
          autoComplete="username"
          inputMode={asPhone ? 'tel' : 'email'}
          placeholder={t('loginPlaceholder')}
          invalid={Boolean(errors.login)}
          {...register('login', { validate: toFormValidate([rules.required()], translate) })}
        />
      </Field>
      <Field label={t('password')} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" invalid={Boolean(errors.password)} {...register('password', { validate: toFormValidate([rules.required()], translate) })} />
      </Field>
      <div className="-mt-1 flex justify-end">
        <Link to="/password-recovery" className="text-sm font-medium text-primary-700 hover:text-primary-800 hover:underline">
          {t('forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" block loading={signIn.isPending}>
        {t('submit')}
      </Button>
    </form>
  );
}
