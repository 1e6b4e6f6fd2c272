import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, PasswordInput, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { FORM_RULES, rules, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { useChangeEmail } from '../api/change-email';

interface EmailValues {
  email: string;
  password: string;
}

/**
 * change-email with the current password (a stolen session alone cannot move the account to
 * another address): the new address is saved unconfirmed and gets a confirmation link. An account
 * without a password sets one first.
 */
export function ProfileEmailForm({ user, onChanged }: { user: User; onChanged: () => Promise<unknown> | void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, dirtyFields },
  } = useForm<EmailValues>({ values: { email: user.email ?? '', password: '' } });

  const submit = handleSubmit((values) =>
    change.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: async (data) => {
          reset({ email: data.email, password: '' });
          await onChanged();
          toast.success(t('profile.emailSent', { email: data.email }));
        },
        onError: (error) => showApiError(error, tc, { fields: ['email', 'password'] as const, setError }),
      },
    ),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={t('fields.email')} error={errors.email?.message} className="flex-1">
          <Input
            type="email"
            autoComplete="email"
            invalid={Boolean(errors.email)}
            {...register('email', { validate: toFormValidate(FORM_RULES.passwordRecovery.email, translate) })}
          />
        </Field>
        {user.is_password_set && (
          <Field label={t('fields.currentPassword')} error={errors.password?.message} className="flex-1">
            <PasswordInput
              autoComplete="current-password"
              invalid={Boolean(errors.password)}
              {...register('password', { validate: toFormValidate([rules.required()], translate) })}
            />
          </Field>
        )}
        <Button
          type="submit"
          variant="outline"
          className="sm:mt-6.5"
          loading={change.isPending}
          disabled={!dirtyFields.email || !user.is_password_set}
        >
          {t('profile.changeEmail')}
        </Button>
      </div>
      {!user.is_password_set && <p className="text-sm text-neutral-600">{t('profile.emailNeedsPassword')}</p>}
    </form>
  );
}
