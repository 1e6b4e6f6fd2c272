import { useState } from 'react';
import { FormProvider, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, PasswordInput, RadioGroup, Switch } from '@tourdesk/ui';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { PhoneField } from '../../../lib/form/phone-field';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { useRegister, type RegisterInput } from '../api/register';
import { useRegisterWithoutPassword, type RegisterWithoutPasswordInput } from '../api/register-without-password';
import { useAuthViaCode } from '../api/auth-via-code';
import { useSendAuthCode } from '../api/send-auth-code';
import { CodeEntry } from './code-entry';

/** register's body (the time zone is added when sending) */
type FullBody = Omit<RegisterInput, 'timezone'>;
/** register-without-password's body: the code goes by code_sender */
type QuickBody = Pick<RegisterWithoutPasswordInput, 'first_name' | 'last_name' | 'email' | 'phone'> &
  Required<Pick<RegisterWithoutPasswordInput, 'code_sender'>>;
/** One form for both registrations: every field of either as its input holds it (text; blank is sent as null). */
type RegisterValues = {
  [K in keyof FullBody | keyof QuickBody]-?: K extends 'code_sender' ? NonNullable<QuickBody['code_sender']> : string;
};
const EMPTY: RegisterValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
  code_sender: 'email',
};

/** The browser's IANA time zone ('Europe/Moscow'), sent with the registration. */
export const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};

/** Only digits and a leading + go to the API; an untouched dial prefix means no phone. */
const cleanPhone = (phone: string): string | null => (/^\+?\d{4,}$/.test(phone) ? phone : null);

type NamesAndPhone = Pick<FullBody, 'first_name' | 'last_name' | 'phone'>;

const namesAndPhone = (values: RegisterValues): NamesAndPhone => ({
  first_name: values.first_name.trim() || null,
  last_name: values.last_name.trim() || null,
  phone: cleanPhone(values.phone),
});
const fullBody = (values: RegisterValues): FullBody | QuickBody => ({
  ...namesAndPhone(values),
  email: values.email.trim(),
  password: values.password,
  confirm_password: values.confirm_password,
});
const quickBody = (values: RegisterValues): FullBody | QuickBody => ({
  ...namesAndPhone(values),
  email: values.email.trim() || null,
  code_sender: values.code_sender,
});

/** Registration with a password, or quick registration that signs in by a code. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('account');
  const [quick, setQuick] = useState(false);
  const [codeFor, setCodeFor] = useState<{ login: string; sender: VerificationMethodType } | null>(null);
  const registerFull = useRegister({ onSuccess: onRegistered });
  const registerQuick = useRegisterWithoutPassword();
  const resend = useSendAuthCode();
  const signIn = useAuthViaCode({ viaRedirect: true, onSuccess: onRegistered });
  // the two registrations check and send different fields: the switch picks the rules and the body
  const form = useContractForm<FullBody | QuickBody, RegisterValues>({
    defaults: EMPTY,
    rules: quick ? FORM_RULES.quickSignUp : FORM_RULES.signUp,
    prepare: quick ? quickBody : fullBody,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = form.onSubmit(async (body) => {
    const timezone = browserTimeZone();
    try {
      if (!('code_sender' in body)) {
        await registerFull.mutateAsync({ ...body, timezone });
        return;
      }
      await registerQuick.mutateAsync({ ...body, timezone, is_quick_register: true });
      setCodeFor({
        login: (body.code_sender === 'sms' ? body.phone : body.email) ?? '',
        sender: body.code_sender,
      });
    } catch (error) {
      form.showServerError(error);
    }
  });

  if (codeFor) {
    return (
      <CodeEntry
        destination={codeFor.login}
        submitLabel={t('register.finish')}
        isSubmitting={signIn.isPending}
        isResending={resend.isPending}
        onBack={() => setCodeFor(null)}
        onResend={() => resend.mutateAsync({ login: codeFor.login, code_sender: codeFor.sender })}
        onSubmit={(code) => signIn.mutateAsync({ login: codeFor.login, code, verify_method: codeFor.sender })}
      />
    );
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.firstName')} error={errors.first_name?.message}>
            <Input autoComplete="given-name" invalid={Boolean(errors.first_name)} {...register('first_name')} />
          </Field>
          <Field label={t('fields.lastName')} error={errors.last_name?.message}>
            <Input autoComplete="family-name" invalid={Boolean(errors.last_name)} {...register('last_name')} />
          </Field>
        </div>
        <Field label={t('fields.email')} error={errors.email?.message} required={!quick}>
          <Input type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
        </Field>
        <PhoneField name="phone" label={t('fields.phone')} />
        <div className="flex flex-col gap-1 rounded-xl border border-neutral-200 bg-neutral-50 px-3 py-2.5">
          <Switch
            checked={quick}
            onCheckedChange={(checked) => setQuick(checked === true)}
            label={t('register.quick')}
            aria-describedby="quick-register-hint"
          />
          <p id="quick-register-hint" className="ps-14 text-xs text-neutral-500">
            {t('register.quickHint')}
          </p>
        </div>
        {quick ? (
          <Controller
            control={control}
            name="code_sender"
            render={({ field, fieldState }) => (
              <div className="flex flex-col gap-1.5">
                <RadioGroup
                  label={t('register.codeSender')}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[
                    { value: 'email', label: t('methods.email') },
                    { value: 'sms', label: t('methods.sms') },
                  ]}
                />
                {fieldState.error?.message && (
                  <p role="alert" className="text-xs text-danger-600">
                    {fieldState.error.message}
                  </p>
                )}
              </div>
            )}
          />
        ) : (
          <>
            <Field
              label={t('fields.password')}
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
          </>
        )}
        <Button type="submit" size="lg" block loading={registerFull.isPending || registerQuick.isPending}>
          {quick ? t('register.sendCode') : t('register.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
