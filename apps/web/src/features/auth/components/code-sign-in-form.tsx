import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '@tourdesk/ui';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import { isPhoneLogin, rules, toFormValidate } from '@tourdesk/contract/validation';
import { fieldMessage, showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { useSendAuthCode } from '../api/send-auth-code';
import { useAuthViaCode } from '../api/auth-via-code';
import { CodeEntry } from './code-entry';

const senderFor = (login: string): VerificationMethodType => (isPhoneLogin(login) ? 'sms' : 'email');

/** Sign in by a one-time code: send-auth-code with code_sender, then auth-via-code. */
export function CodeSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendAuthCode();
  const signIn = useAuthViaCode({ onSuccess: onSignedIn });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<{ login: string; code_sender: string }>({ defaultValues: { login: '', code_sender: '' } });
  const login = useWatch({ control, name: 'login' });
  const sender = senderFor(login);

  const sendCode = async (value: string): Promise<boolean> => {
    try {
      await send.mutateAsync({ login: value, code_sender: senderFor(value) });
      return true;
    } catch (error) {
      showApiError(error, tc, { fields: ['login', 'code_sender'] as const, setError });
      return false;
    }
  };

  const submit = handleSubmit(async (values) => {
    const value = values.login.trim();
    if (await sendCode(value)) setSentTo(value);
  });

  if (sentTo !== null) {
    return (
      <CodeEntry
        destination={sentTo}
        submitLabel={t('signInByCode.submit')}
        isSubmitting={signIn.isPending}
        isResending={send.isPending}
        onBack={() => setSentTo(null)}
        onResend={() => sendCode(sentTo)}
        onSubmit={async (code) => {
          try {
            await signIn.mutateAsync({ login: sentTo, code, verify_method: senderFor(sentTo) });
            return null;
          } catch (error) {
            const onCode = fieldMessage(error, 'code', tc);
            if (onCode) return onCode;
            showApiError(error, tc);
            return null;
          }
        }}
      />
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <Field
        label={t('signInByCode.login')}
        error={errors.login?.message ?? errors.code_sender?.message}
        hint={login.trim() ? t(`signInByCode.via.${sender === 'sms' ? 'sms' : 'email'}`) : t('signInByCode.hint')}
      >
        <Input
          autoComplete="username"
          inputMode={sender === 'sms' ? 'tel' : 'email'}
          invalid={Boolean(errors.login ?? errors.code_sender)}
          {...register('login', { validate: toFormValidate([rules.required()], translate) })}
        />
      </Field>
      <Button type="submit" size="lg" block loading={send.isPending}>
        {t('signInByCode.send')}
      </Button>
    </form>
  );
}
