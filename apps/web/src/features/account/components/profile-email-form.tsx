import { useTranslation } from 'react-i18next';
import { Button, Field, Input, PasswordInput, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { FORM_RULES } from '@tourdesk/contract/validation';
import type { PartialFormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useChangeEmail, type ChangeEmailInput } from '../api/change-email';

/** the current password: only an account that has one is asked for it */
type EmailValues = PartialFormValues<ChangeEmailInput, 'password'>;

const emailValues = (user: Pick<User, 'email' | 'is_password_set'>): EmailValues =>
  user.is_password_set ? { email: user.email ?? '', password: '' } : { email: user.email ?? '' };
const emailBody = (values: EmailValues): ChangeEmailInput => ({ ...values, email: values.email.trim() });

/**
 * change-email with the current password (a stolen session alone cannot move the account to
 * another address): the new address is saved unconfirmed and gets a confirmation link. An account
 * without a password sets one first.
 */
export function ProfileEmailForm({ user, onChanged }: { user: User; onChanged: () => Promise<unknown> | void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const form = useContractForm<ChangeEmailInput, EmailValues>({
    defaults: emailValues(user),
    rules: FORM_RULES.changeEmail,
    prepare: emailBody,
  });
  const {
    register,
    reset,
    formState: { errors, dirtyFields },
  } = form;

  const onSubmit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: async (data) => {
        reset({ email: data.email, password: '' });
        await onChanged();
        toast.success(t('profile.emailSent', { email: data.email }));
      },
      onError: form.showServerError,
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field label={t('fields.email')} error={errors.email?.message} className="flex-1">
          <Input type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
        </Field>
        {user.is_password_set && (
          <Field label={t('fields.currentPassword')} error={errors.password?.message} className="flex-1">
            <PasswordInput
              autoComplete="current-password"
              invalid={Boolean(errors.password)}
              {...register('password')}
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
