import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE_NAMES } from '@tourdesk/contract/constants';
import { LANGUAGES, type Language } from '@tourdesk/contract/entities/user';
import enCommon from '../../locales/en/common.json';
import enPages from '../../locales/en/pages.json';
import enAuth from '../../locales/en/auth.json';
import enDebug from '../../locales/en/debug.json';
import enAccount from '../../locales/en/account.json';
import enOrganizer from '../../locales/en/organizer.json';
import ruCommon from '../../locales/ru/common.json';
import ruPages from '../../locales/ru/pages.json';
import ruAuth from '../../locales/ru/auth.json';
import ruDebug from '../../locales/ru/debug.json';
import ruAccount from '../../locales/ru/account.json';
import ruOrganizer from '../../locales/ru/organizer.json';
import { DAY_SECONDS, getCookie, setCookie } from '../cookies';

export const NAMESPACES = ['common', 'pages', 'auth', 'debug', 'account', 'organizer'] as const;
export const resources = {
  en: { common: enCommon, pages: enPages, auth: enAuth, debug: enDebug, account: enAccount, organizer: enOrganizer },
  ru: { common: ruCommon, pages: ruPages, auth: ruAuth, debug: ruDebug, account: ruAccount, organizer: ruOrganizer },
} as const;

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

const persistLanguage = (language: Language): void => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // the cookie still keeps it
  }
  setCookie(COOKIE_NAMES.language, language, LANGUAGE_COOKIE_DAYS * DAY_SECONDS);
};

/** Creates and initialises an i18next instance; `<html lang>` follows the language (X-Language reads it). */
export const createI18n = (language: Language = readStoredLanguage()): I18n => {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
};

export const i18n: I18n = createI18n();

/** The language switch: persists the choice and re-renders every translated text. */
export const changeLanguage = async (language: Language, instance: I18n = i18n): Promise<void> => {
  persistLanguage(language);
  await instance.changeLanguage(language);
};

export const currentLanguage = (instance: I18n = i18n): Language => (isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE);
