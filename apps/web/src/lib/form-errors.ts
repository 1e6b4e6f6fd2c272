import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@tourdesk/ui';
import type { CodedMessage } from '@tourdesk/contract/messages';
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

/** The one toast text of a failed call: the server's message by its code, a network or server failure. */
export const apiErrorText = (error: unknown, t: TFunction | Translate): string => {
  if (!isApiError(error)) return (t as Translate)('common:errors.server');
  if (error.status === 0) return (t as Translate)('common:errors.network');
  if (error.status >= 500) return (t as Translate)('common:errors.server');
  return translateMessage(error.coded, t);
};

/** A failed call with no form to take its fields: one translated toast (CONVENTIONS). */
export const toastApiError = (error: unknown, t: TFunction | Translate): void =>
  void toast.error(apiErrorText(error, t));

export type { ApiError };

/** `onError` for a mutation with no form: one translated toast (`remove.mutate(id, { onError: toastApiError })`). */
export const useApiErrorToast = (): ((error: unknown) => void) => {
  const { t } = useTranslation();
  return useCallback((error: unknown) => toastApiError(error, t), [t]);
};
