import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, formatHintTimer } from '@tourdesk/ui';
import { RESEND_CODE_COUNTDOWN_S } from '@tourdesk/contract/constants';
import { FORM_RULES, toFormValidate } from '@tourdesk/contract/validation';
import { useCountdown } from '../../../lib/use-countdown';
import { useTranslateFailure } from '../../../lib/form-errors';

export interface CodeEntryProps {
  /** where the code went (an e-mail or a phone) */
  destination: string;
  submitLabel: string;
  isSubmitting: boolean;
  isResending: boolean;
  /** resolves to a field error message, or null when the code was accepted */
  onSubmit: (code: string) => Promise<string | null>;
  /** resolves true when a new code was sent */
  onResend: () => Promise<boolean>;
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
  const translate = useTranslateFailure();
  const countdown = useCountdown();
  const { start } = countdown;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  // The code was sent just before this step appeared.
  useEffect(() => start(RESEND_CODE_COUNTDOWN_S), [start]);

  const submit = handleSubmit(async ({ code }) => {
    const message = await onSubmit(code.trim());
    if (message) setError('code', { type: 'server', message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">{t('code.sentTo', { destination })}</p>
      <Field label={t('code.label')} error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          invalid={Boolean(errors.code)}
          {...register('code', { validate: toFormValidate(FORM_RULES.verificationCode.code, translate) })}
        />
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
          <Button
            type="button"
            variant="link"
            size="sm"
            loading={isResending}
            onClick={() => void onResend().then((sent) => sent && start(RESEND_CODE_COUNTDOWN_S))}
          >
            {t('code.resend')}
          </Button>
        )}
      </div>
    </form>
  );
}
