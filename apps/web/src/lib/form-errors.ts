import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import type { CodedMessage } from '@tourdesk/contract/messages';
import type { ValidationFailure } from '@tourdesk/contract/validation';
import { isApiError, type ApiError } from './api/api-error';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A message code in the interface language (`errors:<code>`, params interpolated). The web
 * translates by code only; a code this build does not know (a newer server) reads as 'Server Error'.
 */
export const translateMessage = (message: CodedMessage | null | undefined, t: TFunction | Translate): string => {
  const fallback = (t as Translate)('common:errors.server');
  if (!message) return fallback;
  return (t as Translate)(`errors:${message.code}`, { ...message.params, defaultValue: fallback });
};

/** The first message of a field of a 422 answer, in the interface language; undefined when it has none. */
export const fieldMessage = (error: unknown, field: string, t: TFunction | Translate): string | undefined => {
  const first = isApiError(error) ? error.fieldErrors[field]?.[0] : undefined;
  return first ? translateMessage(first, t) : undefined;
};

/** The seconds left of a resend countdown the server reported (code `resend_too_soon`), else null. */
export const resendWaitSeconds = (error: unknown): number | null => {
  if (!isApiError(error)) return null;
  const all = [error.coded, ...Object.values(error.fieldErrors).flat()];
  const wait = all.find((c) => c?.code === 'resend_too_soon');
  const seconds = wait?.params?.seconds;
  return seconds === undefined ? null : Number(seconds);
};

/** A failed SPEC §5 rule in the UI language: rules carry message codes like the server's answers. */
export const translateFailure = (t: Translate) => (failure: ValidationFailure) =>
  translateMessage({ code: failure.code, params: failure.params }, t);

/** translateFailure for the current language, for toFormValidate. */
export const useTranslateFailure = (): ((failure: ValidationFailure) => string) => {
  const { t } = useTranslation();
  return useCallback((failure: ValidationFailure) => translateFailure(t as Translate)(failure), [t]);
};

/** The one toast text of a failed call: the server's message by its code, a network or server failure. */
export const apiErrorText = (error: unknown, t: TFunction | Translate): string => {
  if (!isApiError(error)) return (t as Translate)('common:errors.server');
  if (error.status === 0) return (t as Translate)('common:errors.network');
  if (error.status >= 500) return (t as Translate)('common:errors.server');
  return translateMessage(error.coded, t);
};

/**
 * CONVENTIONS: 422 field errors go to the form's fields; everything else is one toast
 * (the server's message by its code, else 'Server Error'). Returns true when a field took an error.
 */
export const showApiError = <F extends string>(
  error: unknown,
  t: TFunction,
  form?: {
    fields: readonly F[];
    setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void;
  },
): boolean => {
  if (form && isApiError(error)) {
    const known = Object.entries(error.fieldErrors).filter(([field]) =>
      (form.fields as readonly string[]).includes(field),
    );
    known.forEach(([field, messages], i) =>
      form.setError(
        field as F,
        { type: 'server', message: translateMessage(messages[0], t) },
        { shouldFocus: i === 0 },
      ),
    );
    if (known.length > 0) return true;
  }
  toast.error(apiErrorText(error, t));
  return false;
};

export type { ApiError };

/** `onError` for a mutation with no form: one translated toast (`remove.mutate(id, { onError: toastApiError })`). */
export const useApiErrorToast = (): ((error: unknown) => void) => {
  const { t } = useTranslation();
  return useCallback((error: unknown) => void toast.error(apiErrorText(error, t)), [t]);
};
