import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, PasswordInput, toast } from '@tourdesk/ui';
import { FORM_RULES, rules, toFormValidate } from '@tourdesk/contract/validation';
import { showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  password: string;
  new_password: string;
  confirm_password: string;
}

/** change-password: the current password when one is set; every other session ends. */
export function ChangePasswordForm({
  isPasswordSet,
  onChanged,
}: {
  isPasswordSet: boolean;
  onChanged: () => Promise<unknown> | void;
}) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({ defaultValues: { password: '', new_password: '', confirm_password: '' } });
  const newPassword = useWatch({ control, name: 'new_password' });

  const submit = handleSubmit((values) =>
    change.mutate(
      {
        password: isPasswordSet ? values.password : undefined,
        new_password: values.new_password,
        confirm_password: values.confirm_password,
      },
      {
        onSuccess: async () => {
          reset();
          await onChanged();
          toast.success(t('profile.passwordChanged'));
        },
        onError: (error) =>
          showApiError(error, tc, { fields: ['password', 'new_password', 'confirm_password'] as const, setError }),
      },
    ),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      {isPasswordSet && (
        <Field label={t('fields.currentPassword')} error={errors.password?.message} required>
          <PasswordInput
            autoComplete="current-password"
            invalid={Boolean(errors.password)}
            {...register('password', { validate: toFormValidate([rules.required()], translate) })}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('fields.newPassword')}
          error={errors.new_password?.message}
          required
          hint={<PasswordStrengthHint password={newPassword} />}
        >
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.new_password)}
            {...register('new_password', {
              validate: toFormValidate(FORM_RULES.emailPasswordSetup.password, translate),
            })}
          />
        </Field>
        <Field label={t('fields.confirmPassword')} error={errors.confirm_password?.message} required>
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.confirm_password)}
            {...register('confirm_password', {
              validate: toFormValidate([rules.required(), rules.confirmed('new_password')], translate),
            })}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-neutral-500">{t('profile.otherSessionsEnd')}</p>
        <Button type="submit" loading={change.isPending}>
          {isPasswordSet ? t('profile.changePassword') : t('profile.setPassword')}
        </Button>
      </div>
    </form>
  );
}
