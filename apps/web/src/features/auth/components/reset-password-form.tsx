import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, PasswordInput } from '@tourdesk/ui';
import { FORM_RULES } from '@tourdesk/contract/validation';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { usePasswordReset, type PasswordResetInput } from '../api/password-reset';

/** password-reset's body but the token, which the page has from the link */
type ResetBody = Omit<PasswordResetInput, 'token'>;
const NO_PASSWORD: FormValues<ResetBody> = { password: '', confirm_password: '' };

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
  const reset = usePasswordReset({ onSuccess: onDone });
  const form = useContractForm<ResetBody>({ defaults: NO_PASSWORD, rules: FORM_RULES.passwordReset });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = form.onSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          form.showServerError(error);
          // a link that no longer works, and nothing to correct in the form: the page says so
          const onField = Object.keys(error.fieldErrors).some((path) => Object.hasOwn(NO_PASSWORD, path));
          if (!onField && error.fieldErrors.token) onInvalidToken();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('fields.newPassword')}
        error={errors.password?.message}
        required
        hint={<PasswordStrengthHint password={password} />}
      >
        <PasswordInput autoComplete="new-password" invalid={Boolean(errors.password)} {...register('password')} />
      </Field>
      <Field label={t('fields.confirmPassword')} error={errors.confirm_password?.message} required>
        <PasswordInput
          autoComplete="new-password"
          invalid={Boolean(errors.confirm_password)}
          {...register('confirm_password')}
        />
      </Field>
      <Button type="submit" size="lg" block loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
