import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '@tourdesk/ui';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import { FORM_RULES, isPhoneLogin } from '@tourdesk/contract/validation';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useSendAuthCode, type SendAuthCodeInput } from '../api/send-auth-code';
import { useAuthViaCode } from '../api/auth-via-code';
import { CodeEntry } from './code-entry';

const senderFor = (login: string): VerificationMethodType => (isPhoneLogin(login) ? 'sms' : 'email');

/** send-auth-code's body; the server's word on code_sender shows on the login field */
type SendCodeValues = FormValues<SendAuthCodeInput>;
const NOTHING_SENT: SendCodeValues = { login: '', code_sender: 'email' };
/** the code goes by SMS to a phone login, else by e-mail */
const sendCodeBody = (values: SendCodeValues): SendAuthCodeInput => ({
  login: values.login.trim(),
  code_sender: senderFor(values.login),
});

/** Sign in by a one-time code: send-auth-code with code_sender, then auth-via-code. */
export function CodeSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendAuthCode();
  const signIn = useAuthViaCode({ onSuccess: onSignedIn });
  const form = useContractForm<SendAuthCodeInput>({
    defaults: NOTHING_SENT,
    rules: FORM_RULES.codeSignIn,
    prepare: sendCodeBody,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const login = useWatch({ control, name: 'login' });
  const sender = senderFor(login);

  const onSubmit = form.onSubmit((body) =>
    send.mutateAsync(body).then(() => setSentTo(body.login), form.showServerError),
  );

  if (sentTo !== null) {
    return (
      <CodeEntry
        destination={sentTo}
        submitLabel={t('signInByCode.submit')}
        isSubmitting={signIn.isPending}
        isResending={send.isPending}
        onBack={() => setSentTo(null)}
        onResend={() => send.mutateAsync({ login: sentTo, code_sender: senderFor(sentTo) })}
        onSubmit={(code) => signIn.mutateAsync({ login: sentTo, code, verify_method: senderFor(sentTo) })}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('signInByCode.login')}
        error={errors.login?.message ?? errors.code_sender?.message}
        hint={login.trim() ? t(`signInByCode.via.${sender === 'sms' ? 'sms' : 'email'}`) : t('signInByCode.hint')}
      >
        <Input
          autoComplete="username"
          inputMode={sender === 'sms' ? 'tel' : 'email'}
          invalid={Boolean(errors.login ?? errors.code_sender)}
          {...register('login')}
        />
      </Field>
      <Button type="submit" size="lg" block loading={send.isPending}>
        {t('signInByCode.send')}
      </Button>
    </form>
  );
}
