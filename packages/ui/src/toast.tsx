import { useEffect, useState, type ReactNode } from 'react';
import { Toaster as SonnerToaster, toast as sonnerToast, type ExternalToast } from 'sonner';
import { TOAST_DEFAULT_CLOSE_DELAY } from './constants';
import { useUiTexts } from './i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastButton {
  label: string;
  onClick: () => void;
}

export interface ToastObject {
  title: ReactNode;
  text?: ReactNode;
  buttons?: ToastButton[];
  /** Milliseconds before the toast closes; default 7000. */
  closeDelay?: number;
}

export type ToastMessage = string | ToastObject;

/** Converts a kit toast message into sonner's title and options. */
export function toToastArgs(message: ToastMessage): { title: ReactNode; options: ExternalToast } {
  if (typeof message === 'string') return { title: message, options: { duration: TOAST_DEFAULT_CLOSE_DELAY } };
  const { title, text, buttons, closeDelay = TOAST_DEFAULT_CLOSE_DELAY } = message;
  const description =
    text || (buttons && buttons.length > 0) ? (
      <div className="flex flex-col gap-2">
        {text && <div>{text}</div>}
        {buttons && buttons.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {buttons.map((button) => (
              <button
                key={button.label}
                type="button"
                className="rounded-md border border-neutral-300 bg-surface px-2.5 py-1 text-xs font-medium text-neutral-800 hover:bg-neutral-100"
                onClick={button.onClick}
              >
                {button.label}
              </button>
            ))}
          </div>
        )}
      </div>
    ) : undefined;
  return { title, options: { duration: closeDelay, description } };
}

function show(type: ToastType, message: ToastMessage): string | number {
  const { title, options } = toToastArgs(message);
  return sonnerToast[type](title, options);
}

/** Shows a toast of a type: a string, or `{ title, text, buttons, closeDelay }`. */
export const toast = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  warning: (message: ToastMessage) => show('warning', message),
  info: (message: ToastMessage) => show('info', message),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};

export interface ToasterProps {
  position?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'top-center' | 'bottom-center';
  theme?: 'light' | 'dark' | 'system';
}

function readDocumentScheme(): 'light' | 'dark' {
  return document.documentElement.getAttribute('data-theme') === 'dark' || document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Follows the scheme set on <html> (data-theme or .dark). */
function useDocumentScheme(): 'light' | 'dark' {
  const [scheme, setScheme] = useState(readDocumentScheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setScheme(readDocumentScheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    return () => observer.disconnect();
  }, []);
  return scheme;
}

/** Mount once near the root of the app; follows the document's colour scheme unless `theme` is given. */
export function Toaster({ position = 'top-right', theme }: ToasterProps) {
  const { t } = useUiTexts();
  const documentScheme = useDocumentScheme();
  return (
    <SonnerToaster
      position={position}
      duration={TOAST_DEFAULT_CLOSE_DELAY}
      richColors
      closeButton
      theme={theme ?? documentScheme}
      containerAriaLabel={t('notifications')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
