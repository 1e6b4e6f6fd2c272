import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, PasswordInput } from '@tourdesk/ui';
import { FORM_RULES, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { usePasswordReset } from '../api/password-reset';

interface ResetValues {
  password: string;
  confirm_password: string;
}

/** The new password (with the strength hint) for a checked reset token; signs in afterwards. */
export function ResetPasswordForm({
  token,
  onDone,
  onInvalidToken,
}: {
  token: string;
  onDone: () => void;
  onInvalidToken: () => void;
}) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const reset = usePasswordReset({ onSuccess: onDone });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirm_password: '' } });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          const onField = showApiError(error, tc, { fields: ['password', 'confirm_password'] as const, setError });
          if (!onField && error.fieldErrors.token) onInvalidToken();
        },
      },
    ),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <Field
        label={t('fields.newPassword')}
        error={errors.password?.message}
        required
        hint={<PasswordStrengthHint password={password} />}
      >
        <PasswordInput
          autoComplete="new-password"
          invalid={Boolean(errors.password)}
          {...register('password', { validate: toFormValidate(FORM_RULES.registration.password, translate) })}
        />
      </Field>
      <Field label={t('fields.confirmPassword')} error={errors.confirm_password?.message} required>
        <PasswordInput
          autoComplete="new-password"
          invalid={Boolean(errors.confirm_password)}
          {...register('confirm_password', {
            validate: toFormValidate(FORM_RULES.registration.confirm_password, translate),
          })}
        />
      </Field>
      <Button type="submit" size="lg" block loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
