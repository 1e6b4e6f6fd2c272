import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, Modal, Spinner, buttonClassName, cn, formatHintTimer, toast } from '@tourdesk/ui';
import { ChevronDown, ExternalLink, MessageSquareText, Phone, ShieldAlert } from 'lucide-react';
import { COOKIE_NAMES, PHONE_PROMPT_SUPPRESSION_COOKIE_H, RESEND_CODE_COUNTDOWN_S } from '@tourdesk/contract/constants';
import type { VerificationMethodType } from '@tourdesk/contract/enums';
import type { VerificationMethod } from '@tourdesk/contract/entities/verification';
import {
  isManualVerificationMethod,
  needsMessengerSubscription,
  whatsappManualLink,
} from '@tourdesk/contract/entities/verification-rules';
import { FORM_RULES } from '@tourdesk/contract/validation';
import { setCookie } from '../../../lib/cookies';
import { fieldMessage, resendWaitSeconds, useApiErrorToast } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form/form-values';
import { useContractForm } from '../../../lib/form/use-contract-form';
import { useCountdown } from '../../../lib/use-countdown';
import { useRealtimeEvent } from '../../../lib/socket/realtime-context';
import {
  phoneConfirmationMethodsQueryOptions,
  usePhoneConfirmationMethods,
} from '../api/get-phone-confirmation-methods';
import { useSendConfirmationCode } from '../api/send-confirmation-code';
import { useConfirmPhone, type ConfirmPhoneInput } from '../api/confirm-phone';
import { MessengerSubscribe } from './messenger-subscribe';

/** SPEC §4: every close of the prompt suppresses it for a day. */
export const suppressPhonePrompt = (): void =>
  setCookie(COOKIE_NAMES.phoneConfirmSuppressed, '1', PHONE_PROMPT_SUPPRESSION_COOKIE_H * 60 * 60);

/** Methods that deliver no code to type: the manual WhatsApp flow and the Telegram contact request. */
const hidesCodeInput = (method: VerificationMethod): boolean =>
  isManualVerificationMethod(method) || method.type === 'telegram_with_phone_request';

export interface PhoneConfirmModalProps {
  open: boolean;
  phone: string | null;
  /** after every close (the suppression cookie is already set) */
  onClose: () => void;
  /** refreshes the user after a confirmation */
  onConfirmed: () => Promise<unknown> | void;
  /** 'Change': the phone change modal */
  onChangePhone: () => void;
}

type CodeValues = FormValues<Pick<ConfirmPhoneInput, 'code'>>;
const NO_CODE: CodeValues = { code: '' };
const trimmedCode = (values: CodeValues): CodeValues => ({ code: values.code.trim() });

/** The manual WhatsApp word stands out and never breaks at its dash. */
const withWord = (text: string, word: string): ReactNode => {
  const at = word ? text.indexOf(word) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="font-medium whitespace-nowrap text-neutral-900">{word}</span>
      {text.slice(at + word.length)}
    </>
  );
};

/** The phone-confirmation prompt and dialog (SPEC §2, §4, §8). */
export function PhoneConfirmModal({ open, phone, onClose, onConfirmed, onChangePhone }: PhoneConfirmModalProps) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const toastApiError = useApiErrorToast();
  const [step, setStep] = useState<'prompt' | 'verify'>('prompt');
  const [selected, setSelected] = useState<VerificationMethodType | null>(null);
  const [sentWith, setSentWith] = useState<VerificationMethodType | null>(null);
  const [senderError, setSenderError] = useState<string | null>(null);
  /** the server refused a new code because one went out moments ago (another tab, a reload): that one is typed */
  const [sentEarlier, setSentEarlier] = useState(false);
  const [othersOpen, setOthersOpen] = useState(false);
  const queryClient = useQueryClient();
  const finished = useRef(false);
  const methodsQuery = usePhoneConfirmationMethods(open && step === 'verify');
  const send = useSendConfirmationCode();
  const confirm = useConfirmPhone();
  const countdown = useCountdown();
  const form = useContractForm<CodeValues>({
    defaults: NO_CODE,
    rules: FORM_RULES.verificationCode,
    prepare: trimmedCode,
  });
  const {
    register,
    setError,
    reset,
    formState: { errors },
  } = form;

  const methods = methodsQuery.data?.verification_methods ?? [];
  const current = methods.find((m) => m.type === selected) ?? null;

  const close = () => {
    suppressPhonePrompt();
    setStep('prompt');
    setSelected(null);
    setSentWith(null);
    setSenderError(null);
    setSentEarlier(false);
    setOthersOpen(false);
    countdown.reset();
    reset();
    onClose();
  };

  const succeed = async () => {
    // the real-time event and the confirm-phone answer both report the same success
    if (finished.current) return;
    finished.current = true;
    await onConfirmed();
    toast.success(t('phoneConfirm.success'));
    close();
  };

  const sendCode = (type: VerificationMethodType) => {
    setSenderError(null);
    setSentEarlier(false);
    send.mutate(type, {
      onSuccess: () => {
        setSentWith(type);
        reset();
        countdown.start(RESEND_CODE_COUNTDOWN_S);
      },
      onError: (error) => {
        const message = fieldMessage(error, 'code_sender', tc);
        const wait = resendWaitSeconds(error);
        if (wait !== null) {
          // the code sent moments ago is still valid: ask for it, with the countdown to a new one
          setSentWith(type);
          setSentEarlier(true);
          countdown.start(wait);
          return;
        }
        if (message) setSenderError(message);
        else toastApiError(error);
      },
    });
  };

  /** Choosing a method makes it the default (the send does); Telegram with phone request needs the subscription first. */
  const choose = (method: VerificationMethod) => {
    setSelected(method.type);
    setSentWith(null);
    setOthersOpen(false);
    countdown.reset();
    if (needsMessengerSubscription(method)) return;
    sendCode(method.type);
  };

  /** Verify: load the methods and, if a default exists, send the code at once. */
  const verify = async () => {
    finished.current = false;
    setStep('verify');
    let data;
    try {
      data = await queryClient.fetchQuery(phoneConfirmationMethodsQueryOptions());
    } catch {
      return; // the query shows the error with a retry
    }
    const byDefault = data.verification_methods.find((m) => m.is_default);
    if (byDefault) choose(byDefault);
  };

  const checkSubscription = async () => {
    const result = await methodsQuery.refetch();
    const method = result.data?.verification_methods.find((m) => m.type === selected);
    if (method && !needsMessengerSubscription(method)) sendCode(method.type);
    else toast.info(t('subscribe.notYet'));
  };

  useRealtimeEvent('crm_user_phone_was_confirmed', () => {
    if (open) void succeed();
  });
  useRealtimeEvent('crm_user_chat_notifications_enabled', () => {
    if (open && current && needsMessengerSubscription(current)) void checkSubscription();
  });

  const confirmCode = ({ code }: CodeValues) =>
    confirm.mutate(
      { code, verify_method: sentWith ?? undefined },
      {
        onSuccess: (data) => {
          if (data.success) void succeed();
          else setError('code', { type: 'server', message: t('errors:invalid_code') }, { shouldFocus: true });
        },
        onError: form.showServerError,
      },
    );
  // made at submit: success touches the `finished` ref, which render must not
  const onSubmitCode = (event: FormEvent) => form.onSubmit(confirmCode)(event);

  const methodLabel = (type: VerificationMethodType) => t(`methods.${type}`);
  const codeLabel =
    sentWith === 'sms' || sentWith === null
      ? t('phoneConfirm.codeFromSms')
      : t('phoneConfirm.codeFrom', { method: methodLabel(sentWith) });
  const others = methods.filter((m) => m.type !== selected);
  const showCodeInput = current !== null && sentWith === current.type && !hidesCodeInput(current);
  /** The manual WhatsApp flow is under way: the word and the number show; nothing to type or resend. */
  const manualShown = current !== null && sentWith === current.type && isManualVerificationMethod(current);

  // a user without a phone has nothing to confirm yet: the prompt offers to add one (the phone
  // change dialog); once added, the prompt comes back with the number and Confirm now
  const footer =
    step !== 'prompt' ? undefined : phone ? (
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          {t('phoneConfirm.later')}
        </Button>
        <Button onClick={() => void verify()}>{t('phoneConfirm.now')}</Button>
      </div>
    ) : (
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          {t('phoneConfirm.addLater')}
        </Button>
        <Button onClick={onChangePhone}>{t('phoneConfirm.add')}</Button>
      </div>
    );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={phone ? t('phoneConfirm.title') : t('phoneConfirm.addTitle')}
      width="call"
      persistent
      footer={footer}
    >
      {step === 'prompt' && !phone ? (
        <p className="text-sm text-neutral-600">{t('phoneConfirm.addText')}</p>
      ) : step === 'prompt' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-neutral-600">{t('phoneConfirm.promptText')}</p>
          <div className="flex items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-neutral-50 px-4 py-3">
            <span className="flex min-w-0 items-center gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600 ring-1 ring-primary-100">
                <Phone size={17} aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs text-neutral-500">{t('phoneConfirm.current')}</span>
                <span className="block truncate font-medium text-neutral-900 tabular-nums">{phone}</span>
              </span>
            </span>
            <Button variant="link" size="sm" onClick={onChangePhone}>
              {t('phoneConfirm.change')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {methodsQuery.data?.is_bot && (
            <div
              role="alert"
              className="flex gap-2.5 rounded-xl border border-warning-200 bg-warning-50 p-3 text-sm text-warning-900"
            >
              <ShieldAlert size={18} className="mt-0.5 shrink-0 text-warning-600" aria-hidden="true" />
              <p>{t('phoneConfirm.bot')}</p>
            </div>
          )}
          {methodsQuery.isPending ? (
            <div className="flex justify-center py-6 text-primary-600">
              <Spinner label={tc('app.loading')} />
            </div>
          ) : methodsQuery.isError ? (
            <div className="flex flex-col items-start gap-2">
              <p role="alert" className="text-sm text-danger-600">
                {tc('errors.server')}
              </p>
              <Button size="sm" variant="outline" onClick={() => void methodsQuery.refetch()}>
                {t('subscribe.retry')}
              </Button>
            </div>
          ) : (
            <>
              {current === null ? (
                <p className="text-sm text-neutral-700">{t('phoneConfirm.choose')}</p>
              ) : (
                <div className="flex items-start gap-3 rounded-xl border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm">
                  <MessageSquareText size={18} className="mt-0.5 shrink-0 text-primary-600" aria-hidden="true" />
                  <div className="min-w-0 flex-1" aria-live="polite">
                    <p className="font-medium text-neutral-900">{methodLabel(current.type)}</p>
                    <p className="text-neutral-600">
                      {send.isPending
                        ? t('phoneConfirm.sending')
                        : needsMessengerSubscription(current)
                          ? t('phoneConfirm.subscribeFirst')
                          : sentWith !== current.type
                            ? t('phoneConfirm.notSent')
                            : isManualVerificationMethod(current)
                              ? withWord(t('phoneConfirm.manual', { target: current.target }), current.target ?? '')
                              : current.type === 'telegram_with_phone_request'
                                ? t('phoneConfirm.shareContact')
                                : sentEarlier
                                  ? t('phoneConfirm.sentEarlier', { phone: phone ?? '' })
                                  : t('phoneConfirm.sent', { phone: phone ?? '', method: methodLabel(current.type) })}
                    </p>
                    {manualShown && current.manual_number && current.target && (
                      <div className="mt-3 flex flex-col gap-2">
                        <p className="text-neutral-600">
                          {t('phoneConfirm.manualNumber')}{' '}
                          <span className="font-medium whitespace-nowrap text-neutral-900 tabular-nums">
                            {current.manual_number}
                          </span>
                        </p>
                        <a
                          href={whatsappManualLink(current.manual_number, current.target)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'self-start' })}
                        >
                          {t('phoneConfirm.openWhatsapp')}
                          <ExternalLink size={14} aria-hidden="true" />
                          <span className="sr-only"> ({t('phoneConfirm.newTab')})</span>
                        </a>
                      </div>
                    )}
                  </div>
                </div>
              )}
              {senderError && (
                <p role="alert" id="code-sender-error" className="text-sm text-danger-600">
                  {senderError}
                </p>
              )}
              {current && needsMessengerSubscription(current) && (
                <MessengerSubscribe
                  source="telegram"
                  onCheck={() => void checkSubscription()}
                  isChecking={methodsQuery.isFetching}
                />
              )}
              {showCodeInput && (
                <form onSubmit={onSubmitCode} noValidate className="flex flex-col gap-3">
                  <Field label={codeLabel} error={errors.code?.message}>
                    <Input
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      invalid={Boolean(errors.code)}
                      {...register('code')}
                    />
                  </Field>
                  <Button type="submit" block loading={confirm.isPending}>
                    {t('phoneConfirm.submit')}
                  </Button>
                </form>
              )}
              {current && !needsMessengerSubscription(current) && !manualShown && (
                <div className="flex items-center justify-center text-sm">
                  {countdown.isRunning ? (
                    <span role="timer" aria-live="off" className="text-neutral-500 tabular-nums">
                      {t('auth:code.resendIn', { time: formatHintTimer(countdown.left) })}
                    </span>
                  ) : (
                    <Button variant="link" size="sm" loading={send.isPending} onClick={() => sendCode(current.type)}>
                      {sentWith === current.type ? t('auth:code.resend') : t('phoneConfirm.send')}
                    </Button>
                  )}
                </div>
              )}
              {others.length > 0 && (
                <div className="border-t border-neutral-200 pt-3">
                  {current !== null && (
                    <button
                      type="button"
                      aria-expanded={othersOpen}
                      onClick={() => setOthersOpen((v) => !v)}
                      className="flex w-full items-center justify-between rounded-lg py-1 text-sm font-medium text-primary-700 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-500"
                    >
                      {t('phoneConfirm.otherWays')}
                      <ChevronDown
                        size={16}
                        className={cn('transition-transform', othersOpen && 'rotate-180')}
                        aria-hidden="true"
                      />
                    </button>
                  )}
                  {(othersOpen || current === null) && (
                    <ul aria-label={t('phoneConfirm.otherWays')} className="mt-2 flex flex-col gap-1.5">
                      {others.map((method) => (
                        <li key={method.type}>
                          <Button variant="outline" block onClick={() => choose(method)} disabled={send.isPending}>
                            {methodLabel(method.type)}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
