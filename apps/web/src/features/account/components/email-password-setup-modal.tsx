import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Modal, PasswordInput, toast } from '@tourdesk/ui';
import type { User } from '@tourdesk/contract/entities/user';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { fieldMessage } from '../../../lib/form-errors';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { useChangeEmail, type ChangeEmailInput } from '../api/change-email';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password';

/**
 * Two requests in one dialog (change-password, then change-email), so the values are their
 * fields under the dialog's names; only the fields that apply to the account are in the values
 * (and so checked).
 */
type SetupValues = Partial<{
  email: ChangeEmailInput['email'];
  /** the current password: setting the e-mail of an account that has one needs it */
  current_password: ChangeEmailInput['password'];
  password: ChangePasswordInput['new_password'];
  confirm_password: ChangePasswordInput['confirm_password'];
}>;

const setupValues = (needsEmail: boolean, needsPassword: boolean): SetupValues => ({
  ...(needsEmail ? { email: '' } : {}),
  ...(needsEmail && !needsPassword ? { current_password: '' } : {}),
  ...(needsPassword ? { password: '', confirm_password: '' } : {}),
});

export interface EmailPasswordSetupModalProps {
  open: boolean;
  user: Pick<User, 'email' | 'is_email_set' | 'is_password_set'>;
  /** after saving (the caller refreshes the user) */
  onDone: () => Promise<unknown> | void;
}

/**
 * SPEC §4/§5 e-mail and password setup (persistent, at start-up): the e-mail is asked only
 * when it is not set; password at least 8 with the strength hint; the repeat must match.
 * change-email needs the account's password: a new password is set first and given to it, and an
 * account that has a password already is asked for it.
 */
export function EmailPasswordSetupModal({ open, user, onDone }: EmailPasswordSetupModalProps) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const needsEmail = !user.is_email_set;
  const needsPassword = !user.is_password_set;
  const changeEmail = useChangeEmail();
  const changePassword = useChangePassword();
  const form = useContractForm<SetupValues, SetupValues>({
    defaults: setupValues(needsEmail, needsPassword),
    rules: FORM_RULES.accountSetup,
  });
  const {
    register,
    setError,
    control,
    formState: { errors },
  } = form;
  const typedPassword = useWatch({ control, name: 'password' }) ?? '';
  /** the password this dialog has set, should the e-mail then fail and be sent again */
  const [passwordSet, setPasswordSet] = useState<string | null>(null);

  const onSubmit = form.onSubmit(async (values) => {
    const { email = '', current_password = '', password = '', confirm_password = '' } = values;
    try {
      if (needsPassword && passwordSet !== password) {
        await changePassword.mutateAsync({
          ...(passwordSet !== null ? { password: passwordSet } : {}),
          new_password: password,
          confirm_password,
        });
        setPasswordSet(password);
      }
      if (needsEmail)
        await changeEmail.mutateAsync({
          email: email.trim(),
          password: needsPassword ? password : current_password,
        });
      await onDone();
      // only a new e-mail gets a confirmation link
      toast.success(needsEmail ? t('setup.done') : t('setup.donePassword'));
    } catch (error) {
      // change-password names the field new_password; this form calls it password
      const newPassword = fieldMessage(error, 'new_password', tc);
      // change-email names the current password `password`; here it is its own field
      const currentPassword = needsPassword ? undefined : fieldMessage(error, 'password', tc);
      if (newPassword) setError('password', { type: 'server', message: newPassword }, { shouldFocus: true });
      else if (currentPassword)
        setError('current_password', { type: 'server', message: currentPassword }, { shouldFocus: true });
      else form.showServerError(error);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={() => undefined}
      title={
        needsEmail && needsPassword ? t('setup.title') : needsEmail ? t('setup.titleEmail') : t('setup.titlePassword')
      }
      description={t('setup.text')}
      width="dialog"
      persistent
      hideClose
      footer={
        <div className="flex justify-end">
          <Button
            type="submit"
            form="email-password-setup-form"
            loading={changeEmail.isPending || changePassword.isPending}
          >
            {t('actions.save')}
          </Button>
        </div>
      }
    >
      <form id="email-password-setup-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {needsEmail && (
          <Field label={t('fields.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
          </Field>
        )}
        {needsEmail && !needsPassword && (
          <Field label={t('fields.currentPassword')} error={errors.current_password?.message} required>
            <PasswordInput
              autoComplete="current-password"
              invalid={Boolean(errors.current_password)}
              {...register('current_password')}
            />
          </Field>
        )}
        {needsPassword && (
          <>
            <Field
              label={t('fields.password')}
              error={errors.password?.message}
              required
              hint={<PasswordStrengthHint password={typedPassword} />}
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
          </>
        )}
      </form>
    </Modal>
  );
}
