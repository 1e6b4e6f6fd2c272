import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '@tourdesk/ui';
import { MailCheck } from 'lucide-react';
import { FORM_RULES, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { usePasswordRecovery } from '../api/password-recovery';

/** E-mail required and valid; the same success message whether or not the account exists. */
export function PasswordRecoveryForm() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const recovery = usePasswordRecovery();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const submit = handleSubmit((values) =>
    recovery.mutate(
      { email: values.email.trim() },
      {
        onSuccess: () => setSentTo(values.email.trim()),
        onError: (error) => showApiError(error, tc, { fields: ['email'] as const, setError }),
      },
    ),
  );

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success-50 text-success-600 ring-1 ring-success-100">
          <MailCheck size={26} aria-hidden="true" />
        </span>
        <p className="text-base font-semibold text-neutral-900">{t('recovery.sentTitle')}</p>
        <p className="text-sm text-neutral-600">{t('recovery.sentText', { email: sentTo })}</p>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <Field label={t('fields.email')} error={errors.email?.message} required>
        <Input
          type="email"
          autoComplete="email"
          invalid={Boolean(errors.email)}
          {...register('email', { validate: toFormValidate(FORM_RULES.passwordRecovery.email, translate) })}
        />
      </Field>
      <Button type="submit" size="lg" block loading={recovery.isPending}>
        {t('recovery.submit')}
      </Button>
    </form>
  );
}
