import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, formatHintTimer } from '@tourdesk/ui';
import { RESEND_CODE_COUNTDOWN_S } from '@tourdesk/contract/constants';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { useCountdown } from '../../../lib/use-countdown';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import type { AuthViaCodeInput } from '../api/auth-via-code';

/** the code of auth-via-code (or of whatever the caller signs in with) */
type CodeValues = FormValues<Pick<AuthViaCodeInput, 'code'>>;
const NO_CODE: CodeValues = { code: '' };
const trimmedCode = (values: CodeValues): CodeValues => ({ code: values.code.trim() });

export interface CodeEntryProps {
  /** where the code went (an e-mail or a phone) */
  destination: string;
  submitLabel: string;
  isSubmitting: boolean;
  isResending: boolean;
  /** signs in with the code; a failure rejects with the call's error (a wrong code lands on the field, the rest is a toast) */
  onSubmit: (code: string) => Promise<unknown>;
  /** sends a new code; a failure rejects with the call's error (a toast) */
  onResend: () => Promise<unknown>;
  onBack: () => void;
}

/** The second step of the code flows: the code, a 60 s resend countdown and a way back. */
export function CodeEntry({
  destination,
  submitLabel,
  isSubmitting,
  isResending,
  onSubmit,
  onResend,
  onBack,
}: CodeEntryProps) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const { start } = countdown;
  const form = useContractForm<CodeValues>({
    defaults: NO_CODE,
    rules: FORM_RULES.verificationCode,
    prepare: trimmedCode,
  });
  const {
    register,
    showServerError,
    formState: { errors },
  } = form;

  // The code was sent just before this step appeared.
  useEffect(() => start(RESEND_CODE_COUNTDOWN_S), [start]);

  const submit = form.onSubmit(({ code }) => onSubmit(code).catch(showServerError));
  const resend = () => void onResend().then(() => start(RESEND_CODE_COUNTDOWN_S), showServerError);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">{t('code.sentTo', { destination })}</p>
      <Field label={t('code.label')} error={errors.code?.message}>
        <Input autoComplete="one-time-code" inputMode="numeric" invalid={Boolean(errors.code)} {...register('code')} />
      </Field>
      <Button type="submit" size="lg" block loading={isSubmitting}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" size="sm" onClick={onBack}>
          {t('code.back')}
        </Button>
        {countdown.isRunning ? (
          <span className="text-neutral-500 tabular-nums" role="timer" aria-live="off">
            {t('code.resendIn', { time: formatHintTimer(countdown.left) })}
          </span>
        ) : (
          <Button type="button" variant="link" size="sm" loading={isResending} onClick={resend}>
            {t('code.resend')}
          </Button>
        )}
      </div>
    </form>
  );
}
