import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, PasswordInput, RadioGroup, Switch } from '@tourdesk/ui';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import { FORM_RULES, rules, toFormValidate } from '@tourdesk/contract/validation';
import { fieldMessage, showApiError, useTranslateFailure } from '../../../lib/form-errors';
import { PhoneNumberInput } from '../../../components/phone-number-input';
import { PasswordStrengthHint } from '../../../components/password-strength-hint';
import { useRegister } from '../api/register';
import { useRegisterWithoutPassword } from '../api/register-without-password';
import { useAuthViaCode } from '../api/auth-via-code';
import { useSendAuthCode } from '../api/send-auth-code';
import { CodeEntry } from './code-entry';

interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  code_sender: 'email' | 'sms';
}
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'confirm_password', 'code_sender'] as const;

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

/** Registration with a password, or quick registration that signs in by a code. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const translate = useTranslateFailure();
  const validate = (list: Parameters<typeof toFormValidate>[0]) => toFormValidate(list, translate);
  const [quick, setQuick] = useState(false);
  const [codeFor, setCodeFor] = useState<{ login: string; sender: VerificationMethodType } | null>(null);
  const registerFull = useRegister({ onSuccess: onRegistered });
  const registerQuick = useRegisterWithoutPassword();
  const resend = useSendAuthCode();
  const signIn = useAuthViaCode({ viaRedirect: true, onSuccess: onRegistered });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RegisterValues>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      confirm_password: '',
      code_sender: 'email',
    },
  });
  const password = useWatch({ control, name: 'password' });
  const form = { fields: FIELDS, setError };

  const submit = handleSubmit(async (values) => {
    const common = {
      first_name: values.first_name.trim() || null,
      last_name: values.last_name.trim() || null,
      phone: cleanPhone(values.phone),
      timezone: browserTimeZone(),
    };
    try {
      if (!quick) {
        await registerFull.mutateAsync({
          ...common,
          email: values.email.trim(),
          password: values.password,
          confirm_password: values.confirm_password,
        });
        return;
      }
      await registerQuick.mutateAsync({
        ...common,
        email: values.email.trim() || null,
        code_sender: values.code_sender,
        is_quick_register: true,
      });
      setCodeFor({
        login: values.code_sender === 'sms' ? (common.phone ?? '') : values.email.trim(),
        sender: values.code_sender,
      });
    } catch (error) {
      showApiError(error, tc, form);
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
        onResend={async () => {
          try {
            await resend.mutateAsync({ login: codeFor.login, code_sender: codeFor.sender });
            return true;
          } catch (error) {
            showApiError(error, tc);
            return false;
          }
        }}
        onSubmit={async (code) => {
          try {
            await signIn.mutateAsync({ login: codeFor.login, code, verify_method: codeFor.sender });
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={errors.first_name?.message}>
          <Input
            autoComplete="given-name"
            invalid={Boolean(errors.first_name)}
            {...register('first_name', { validate: validate([rules.maxLength(100)]) })}
          />
        </Field>
        <Field label={t('fields.lastName')} error={errors.last_name?.message}>
          <Input
            autoComplete="family-name"
            invalid={Boolean(errors.last_name)}
            {...register('last_name', { validate: validate([rules.maxLength(100)]) })}
          />
        </Field>
      </div>
      <Field label={t('fields.email')} error={errors.email?.message} required={!quick}>
        <Input
          type="email"
          autoComplete="email"
          invalid={Boolean(errors.email)}
          {...register('email', { validate: validate(quick ? [rules.email()] : FORM_RULES.registration.email) })}
        />
      </Field>
      <Controller
        control={control}
        name="phone"
        rules={{ validate: (value) => validate(FORM_RULES.registration.phone)(cleanPhone(value) ?? '') }}
        render={({ field, fieldState }) => (
          <Field label={t('fields.phone')} error={fieldState.error?.message}>
            <PhoneNumberInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              invalid={Boolean(fieldState.error)}
            />
          </Field>
        )}
      />
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
          rules={{
            validate: (value, all) =>
              value === 'sms'
                ? validate([rules.required()])(cleanPhone(all.phone) ?? '') === true || t('register.phoneForSms')
                : validate([rules.required()])(all.email),
          }}
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
            <PasswordInput
              autoComplete="new-password"
              invalid={Boolean(errors.password)}
              {...register('password', { validate: validate(FORM_RULES.registration.password) })}
            />
          </Field>
          <Field label={t('fields.confirmPassword')} error={errors.confirm_password?.message} required>
            <PasswordInput
              autoComplete="new-password"
              invalid={Boolean(errors.confirm_password)}
              {...register('confirm_password', { validate: validate(FORM_RULES.registration.confirm_password) })}
            />
          </Field>
        </>
      )}
      <Button type="submit" size="lg" block loading={registerFull.isPending || registerQuick.isPending}>
        {quick ? t('register.sendCode') : t('register.submit')}
      </Button>
    </form>
  );
}
