import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import { ACCOUNT_MESSAGES } from '@tourdesk/contract/api/user';
import { VALIDATION_MESSAGES, type ValidationFailure } from '@tourdesk/contract/validation';
import { isApiError } from './api/api-error';

const VALIDATION_KEYS = new Map<string, string>(Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [text, key]));
const ACCOUNT_KEYS = new Map<string, string>(Object.entries(ACCOUNT_MESSAGES).map(([key, text]) => [text, key]));
const MIN_LENGTH = /^Minimum (\d+) characters$/;
const RESEND = /^You can request a new code in (\d+) s$/;

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The seconds left of a resend countdown the server reported ('You can request a new code in 42 s'), else null. */
export const resendWaitSeconds = (message: string | undefined): number | null => {
  const match = message ? RESEND.exec(message) : null;
  return match ? Number(match[1]) : null;
};

/** Server texts of features that load later (message → `ns:server.key`), see registerServerMessages. */
const FEATURE_KEYS = new Map<string, string>();

/**
 * A feature's server texts (e.g. the contract's ORGANIZER_MESSAGES) become translatable once its
 * screens load, under `{ns}:server.{key}`; the sign-in screen does not carry them.
 */
export const registerServerMessages = (ns: string, messages: Record<string, string>): void => {
  for (const [key, text] of Object.entries(messages)) FEATURE_KEYS.set(text, `${ns}:server.${key}`);
};

/** A failed SPEC §5 rule in the UI language (common:validation.*); a custom text from the contract stays as it is. */
export const translateFailure = (t: Translate) => (failure: ValidationFailure) =>
  failure.isCustomMessage ? failure.message : t(`common:validation.${failure.key}`, failure.params);

/** translateFailure for the current language, for toFormValidate. */
export const useTranslateFailure = (): ((failure: ValidationFailure) => string) => {
  const { t } = useTranslation();
  return useCallback((failure: ValidationFailure) => translateFailure(t as Translate)(failure), [t]);
};

/**
 * Server texts arrive in English (SPEC §5/§8 words); known ones are shown in the UI language,
 * anything else as the server wrote it.
 */
export const translateServerMessage = (message: string, t: TFunction | Translate): string => {
  const validation = VALIDATION_KEYS.get(message);
  if (validation) return t(`common:validation.${validation}`);
  const min = MIN_LENGTH.exec(message);
  if (min) return t('common:validation.min_length', { length: Number(min[1]) });
  const resend = RESEND.exec(message);
  if (resend) return t('auth:server.resendTooSoon', { seconds: Number(resend[1]) });
  const account = ACCOUNT_KEYS.get(message);
  if (account) return t(`auth:server.${account}`);
  const feature = FEATURE_KEYS.get(message);
  if (feature) return t(feature, { defaultValue: message });
  return message;
};

/**
 * CONVENTIONS: 422 field errors go to the form's fields; everything else is one toast
 * (the server's message, else 'Server Error'). Returns true when a field took an error.
 */
export const showApiError = <F extends string>(
  error: unknown,
  t: TFunction,
  form?: {
    fields: readonly F[];
    setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void;
  },
): boolean => {
  if (!isApiError(error)) {
    toast.error(t('common:errors.server'));
    return false;
  }
  if (error.status === 0) {
    toast.error(t('common:errors.network'));
    return false;
  }
  if (form) {
    const known = Object.entries(error.fieldErrors).filter(([field]) =>
      (form.fields as readonly string[]).includes(field),
    );
    known.forEach(([field, messages], i) =>
      form.setError(
        field as F,
        { type: 'server', message: translateServerMessage(messages[0] ?? '', t) },
        { shouldFocus: i === 0 },
      ),
    );
    if (known.length > 0) return true;
  }
  toast.error(error.status >= 500 ? t('common:errors.server') : translateServerMessage(error.message, t));
  return false;
};
