import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '@tourdesk/ui';
import { MailCheck } from 'lucide-react';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { usePasswordRecovery, type PasswordRecoveryInput } from '../api/password-recovery';

const NO_EMAIL: PasswordRecoveryInput = { email: '' };
const recoveryBody = (values: PasswordRecoveryInput): PasswordRecoveryInput => ({ email: values.email.trim() });

/** E-mail required and valid; the same success message whether or not the account exists. */
export function PasswordRecoveryForm() {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const recovery = usePasswordRecovery();
  const form = useContractForm<PasswordRecoveryInput>({
    defaults: NO_EMAIL,
    rules: FORM_RULES.passwordRecovery,
    prepare: recoveryBody,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = form.onSubmit((body) =>
    recovery.mutate(body, { onSuccess: () => setSentTo(body.email), onError: form.showServerError }),
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
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('fields.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
      </Field>
      <Button type="submit" size="lg" block loading={recovery.isPending}>
        {t('recovery.submit')}
      </Button>
    </form>
  );
}
