import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, PasswordInput, toast } from '@tourdesk/ui';
import { FORM_RULES } from '@tourdesk/contract/validation';
import type { PartialFormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password';

/** the current password: only an account that has one is asked for it */
type PasswordValues = PartialFormValues<ChangePasswordInput, 'password'>;

const passwordValues = (isPasswordSet: boolean): PasswordValues =>
  isPasswordSet ? { password: '', new_password: '', confirm_password: '' } : { new_password: '', confirm_password: '' };

/** change-password: the current password when one is set; every other session ends. */
export function ChangePasswordForm({
  isPasswordSet,
  onChanged,
}: {
  isPasswordSet: boolean;
  onChanged: () => Promise<unknown> | void;
}) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useContractForm<ChangePasswordInput, PasswordValues>({
    defaults: passwordValues(isPasswordSet),
    rules: FORM_RULES.changePassword,
  });
  const {
    register,
    control,
    reset,
    formState: { errors },
  } = form;
  const newPassword = useWatch({ control, name: 'new_password' });

  const onSubmit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: async () => {
        reset();
        await onChanged();
        toast.success(t('profile.passwordChanged'));
      },
      onError: form.showServerError,
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {isPasswordSet && (
        <Field label={t('fields.currentPassword')} error={errors.password?.message} required>
          <PasswordInput autoComplete="current-password" invalid={Boolean(errors.password)} {...register('password')} />
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
            {...register('new_password')}
          />
        </Field>
        <Field label={t('fields.confirmPassword')} error={errors.confirm_password?.message} required>
          <PasswordInput
            autoComplete="new-password"
            invalid={Boolean(errors.confirm_password)}
            {...register('confirm_password')}
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
