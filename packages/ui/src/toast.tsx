import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
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
  /** A toast shown with the id of one still open replaces it (a second "Saved" does not stack). */
  id?: string;
}

export type ToastMessage = string | ToastObject;

/** Converts a kit toast message into sonner's title and options. */
export function toToastArgs(message: ToastMessage): { title: ReactNode; options: ExternalToast } {
  if (typeof message === 'string') return { title: message, options: { duration: TOAST_DEFAULT_CLOSE_DELAY } };
  const { title, text, buttons, closeDelay = TOAST_DEFAULT_CLOSE_DELAY, id } = message;
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
  return { title, options: { duration: closeDelay, description, ...(id ? { id } : {}) } };
}

/**
 * sonner (~10 KB gzip) loads with the first toast, not with the first screen: calls made
 * before it arrives wait in a queue and are replayed, with the ids already handed out, once
 * the Toaster has mounted.
 */
type Sonner = typeof import('sonner');
type Pending = (sonner: Sonner) => void;
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let toasterMounted = false;
let nextId = 0;
const pending: Pending[] = [];
const listeners = new Set<() => void>();

const loadSonner = (): Promise<Sonner> => {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
};

const flush = (): void => {
  if (!sonner || !toasterMounted) return;
  for (const run of pending.splice(0)) run(sonner);
};

const whenReady = (run: Pending): void => {
  if (sonner && toasterMounted) {
    run(sonner);
    return;
  }
  pending.push(run);
  void loadSonner().then(flush);
};

function show(type: ToastType, message: ToastMessage): string | number {
  const { title, options } = toToastArgs(message);
  const id = options.id ?? `toast-${++nextId}`;
  whenReady((s) => s.toast[type](title, { ...options, id }));
  return id;
}

/** Shows a toast of a type: a string, or `{ title, text, buttons, closeDelay }`. */
export const toast = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  warning: (message: ToastMessage) => show('warning', message),
  info: (message: ToastMessage) => show('info', message),
  dismiss: (id?: string | number) => whenReady((s) => s.toast.dismiss(id)),
};

/**
 * Forgets every toast: the calls still waiting for a Toaster and the ones already shown. The test
 * setups call it after each test, so a toast made in a test that mounted no Toaster is never
 * replayed into the next test's Toaster (the app mounts one Toaster for good and never calls it).
 */
export const resetToasts = (): void => {
  pending.length = 0;
  sonner?.toast.dismiss();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedSonner = () => sonner;

export interface ToasterProps {
  position?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'top-center' | 'bottom-center';
  theme?: 'light' | 'dark' | 'system';
}

function readDocumentScheme(): 'light' | 'dark' {
  return document.documentElement.getAttribute('data-theme') === 'dark' ||
    document.documentElement.classList.contains('dark')
    ? 'dark'
    : 'light';
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
  const module = useSyncExternalStore(subscribe, loadedSonner, loadedSonner);
  useEffect(() => {
    if (!module) return;
    toasterMounted = true;
    flush();
    return () => {
      toasterMounted = false;
    };
  }, [module]);
  if (!module) return null;
  const SonnerToaster = module.Toaster;
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
