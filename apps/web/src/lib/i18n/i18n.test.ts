import { afterEach, describe, expect, it } from 'vitest';
import {
  changeLanguage,
  createI18n as createLazyI18n,
  INITIAL_NAMESPACES,
  loadErrorTexts,
  loadNamespaces,
  readInitialLanguage,
  readStoredLanguage,
} from './i18n';
import { createTestI18n as createI18n, resources } from './resources';
import { getCookie } from '../cookies';

afterEach(() => {
  window.localStorage.clear();
  document.cookie = 'language=; Max-Age=0; Path=/';
});

describe('i18n', () => {
  it('uses Russian plural forms (one, few, many)', () => {
    const i18n = createI18n('ru');
    expect(i18n.t('user.organizersCount', { count: 1 })).toBe('1 организатор');
    expect(i18n.t('user.organizersCount', { count: 2 })).toBe('2 организатора');
    expect(i18n.t('user.organizersCount', { count: 5 })).toBe('5 организаторов');
    expect(i18n.t('user.organizersCount', { count: 21 })).toBe('21 организатор');
    expect(i18n.t('user.organizersCount', { count: 22 })).toBe('22 организатора');
    expect(i18n.t('user.organizersCount', { count: 11 })).toBe('11 организаторов');
    expect(i18n.t('time.days', { count: 1.5 })).toBe('1.5 дня');
  });

  it('uses English plural forms (one, other)', () => {
    const i18n = createI18n('en');
    expect(i18n.t('user.organizersCount', { count: 1 })).toBe('1 tour provider');
    expect(i18n.t('user.organizersCount', { count: 2 })).toBe('2 tour providers');
    expect(i18n.t('time.minutes', { count: 0 })).toBe('0 minutes');
  });

  it('the language switch persists the choice and sets <html lang> (read by X-Language)', async () => {
    const i18n = createI18n('en');
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage('ru', i18n);
    expect(i18n.t('nav.bookings')).toBe('Заявки');
    expect(document.documentElement.lang).toBe('ru');
    expect(window.localStorage.getItem('language')).toBe('ru');
    expect(getCookie('language')).toBe('ru');
    expect(readStoredLanguage()).toBe('ru');
    window.localStorage.clear();
    expect(readStoredLanguage()).toBe('ru'); // the cookie still remembers
  });

  it('opens a page in the language its link asks for (?lang=), for this visit only', () => {
    window.localStorage.setItem('language', 'en');
    expect(readInitialLanguage('?lang=ru')).toBe('ru');
    expect(readInitialLanguage('?x=1&lang=en')).toBe('en');
    expect(readInitialLanguage('?lang=de')).toBe('en');
    expect(readInitialLanguage('')).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('has the same keys in en and ru', () => {
    const keys = (obj: object, prefix = ''): string[] =>
      Object.entries(obj).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null
          ? keys(v as object, `${prefix}${k}.`)
          : [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')],
      );
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(new Set(keys(resources.ru[ns])), ns).toEqual(new Set(keys(resources.en[ns])));
    }
  });

  it('Russian calls the provider one thing, организатор (туроператор only in the name of the official registry)', () => {
    const texts = (obj: object, prefix = ''): [string, string][] =>
      Object.entries(obj).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? texts(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
      );
    const ru = Object.entries(resources.ru).flatMap(([ns, bundle]) => texts(bundle, `${ns}:`));
    const operator = ru.filter(([, text]) => /туроператор/i.test(text));
    expect(operator.filter(([, text]) => !/реестр/i.test(text))).toEqual([]);
    expect(ru.filter(([, text]) => /организатор/i.test(text)).length).toBeGreaterThan(10);
    const i18n = createI18n('ru');
    expect(i18n.t('organizer:dashboard.verified')).toBe('Организатор проверен.');
    expect(i18n.t('organizer:create.title')).toBe('Новый организатор');
  });

  it('loads only the initial namespaces of one language, then the others on demand', async () => {
    const i18n = createLazyI18n('ru');
    await i18n.ready;
    expect(i18n.t('nav.bookings')).toBe('Заявки');
    expect([...INITIAL_NAMESPACES].every((ns) => i18n.hasLoadedNamespace(ns))).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'organizer')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await loadNamespaces(['organizer'], i18n);
    expect(i18n.hasResourceBundle('ru', 'organizer')).toBe(true);
    await changeLanguage('en', i18n);
    // the switch brings every namespace loaded so far, in the new language
    expect(i18n.hasResourceBundle('en', 'organizer')).toBe(true);
    expect(i18n.t('nav.bookings')).toBe('Bookings');
  });

  it('leaves the error texts out of the first download; they load before a message is made', async () => {
    const i18n = createLazyI18n('en');
    await i18n.ready;
    expect(INITIAL_NAMESPACES).not.toContain('errors');
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
    await loadErrorTexts(i18n);
    expect(i18n.t('errors:required')).toBe('Required field');
  });
});
