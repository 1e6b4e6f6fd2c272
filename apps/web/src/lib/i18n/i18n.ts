import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '@tourdesk/contract/entities/user-values';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import type { Language } from '@tourdesk/contract/entities/user';
import { DAY_SECONDS, getCookie, setCookie } from '../cookies';

export const NAMESPACES = [
  'common',
  'errors',
  'pages',
  'auth',
  'debug',
  'account',
  'organizer',
  'tours',
  'rooming',
  'questionnaire',
  'bookings',
  'payments',
  'chat',
  'messages',
  'site',
  'reviews',
  'reports',
  'departures',
  'operator',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * What a guest's first screen (sign-in, registration, 404) needs; the rest loads with its screens.
 * `errors` (the text of every message code the server sends, packages/contract/src/messages.ts, and
 * of the form rules: 4 KB gzip) is not among them: every page but the sign-in screen loads it with
 * its code (app/router.tsx), the sign-in screen when it first has a message to show
 * (loadErrorTexts), so /org/login stays inside its download budget.
 */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'pages', 'auth'];

/** Loads the error texts (once; later calls answer at once): before a message is translated. */
export const loadErrorTexts = (instance: I18n = i18n): Promise<void> => instance.loadNamespaces(['errors']);

/**
 * Locale files load per language and namespace (one small chunk each): a Russian visitor of
 * /org/login downloads the Russian common, pages and auth texts, nothing else.
 */
const LOCALE_FILES = import.meta.glob<{ default: ResourceLanguage }>('../../locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = LOCALE_FILES[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const DEFAULT_LANGUAGE: Language = 'en';
const LANGUAGE_STORAGE_KEY = 'language';
const LANGUAGE_COOKIE_DAYS = 365;

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The language chosen earlier (local storage, then cookie), else the default. */
export const readStoredLanguage = (): Language => {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  stored ??= getCookie(COOKIE_NAMES.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

/**
 * The language a page opens in: `?lang=en|ru` in its address (the links of the messages a
 * traveller receives carry their language) for this visit, else the one chosen earlier.
 */
export const readInitialLanguage = (search?: string): Language => languageOfLink(search) ?? readStoredLanguage();

/** The language the page's address asks for (`?lang=en|ru`), or null. */
export const languageOfLink = (
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Language | null => {
  const asked = new URLSearchParams(search).get('lang');
  return isLanguage(asked) ? asked : null;
};

const persistLanguage = (language: Language): void => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // the cookie still keeps it
  }
  setCookie(COOKIE_NAMES.language, language, LANGUAGE_COOKIE_DAYS * DAY_SECONDS);
};

/**
 * Creates and initialises an i18next instance; `<html lang>` follows the language (X-Language
 * reads it). With `resources` (tests) everything is there at once; without, texts load through
 * the locale backend and `ready` settles when the initial namespaces are in.
 */
export const createI18n = (
  language: Language = readInitialLanguage(),
  resources?: Resource,
): I18n & { ready: Promise<unknown> } => {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  const common = {
    lng: language,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  } as const;
  const ready = resources
    ? instance
        .use(initReactI18next)
        .init({ ...common, resources, fallbackLng: DEFAULT_LANGUAGE, ns: [...NAMESPACES], initAsync: false })
    : // en and ru hold the same keys (tested), so no fallback language is fetched
      instance
        .use(localeBackend)
        .use(initReactI18next)
        .init({ ...common, fallbackLng: false, ns: [...INITIAL_NAMESPACES], initAsync: true });
  return Object.assign(instance, { ready });
};

export const i18n = createI18n();

/** Loads namespaces a screen needs before it renders (the language switch reloads them all). */
export const loadNamespaces = (namespaces: readonly Namespace[], instance: I18n = i18n): Promise<void> =>
  instance.loadNamespaces([...namespaces]);

/** The language switch: persists the choice and re-renders every translated text. */
export const changeLanguage = async (language: Language, instance: I18n = i18n): Promise<void> => {
  persistLanguage(language);
  await instance.changeLanguage(language);
};

export const currentLanguage = (instance: I18n = i18n): Language =>
  isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
