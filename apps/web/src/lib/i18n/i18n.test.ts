import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, createI18n, readStoredLanguage } from './i18n';
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

  it('has the same keys in en and ru', async () => {
    const { resources } = await import('./i18n');
    const keys = (obj: object, prefix = ''): string[] =>
      Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')]));
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(new Set(keys(resources.ru[ns])), ns).toEqual(new Set(keys(resources.en[ns])));
    }
  });
});
