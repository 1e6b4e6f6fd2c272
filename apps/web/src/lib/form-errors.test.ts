import { describe, expect, it } from 'vitest';
import { MESSAGE_GROUPS, MESSAGE_TEXTS, messageText, type MessageCode } from '@tourdesk/contract/messages';
import enErrors from '../locales/en/errors.json';
import ruErrors from '../locales/ru/errors.json';
import { createTestI18n } from './i18n/resources';
import { toApiError } from './api/api-error';
import { apiErrorText, fieldMessage, resendWaitSeconds, translateMessage } from './form-errors';

const ru = createTestI18n('ru');
const en = createTestI18n('en');
const tRu = ru.t.bind(ru);
const tEn = en.t.bind(en);
const codes = Object.keys(MESSAGE_TEXTS) as MessageCode[];
/** sample params for every placeholder a text has */
const paramsOf = (code: MessageCode) =>
  Object.fromEntries([...MESSAGE_TEXTS[code].matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 7]));

describe('every code the server can send has an en and a ru text', () => {
  it('the catalogue names each code once', () => {
    const sizes = Object.values(MESSAGE_GROUPS).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(codes).toHaveLength(sizes);
  });

  it.each(codes)('%s', (code) => {
    const params = paramsOf(code);
    // en is the server's own text, made from the same code
    expect(translateMessage({ code, params }, tEn)).toBe(messageText(code, params));
    expect(Object.keys(enErrors)).toContain(code);
    expect(Object.keys(ruErrors)).toContain(code);
    const inRussian = translateMessage({ code, params }, tRu);
    expect(inRussian).not.toBe('');
    expect(inRussian).not.toMatch(/errors:|\{\{/);
    // placeholders are filled in Russian too
    for (const value of Object.values(params)) expect(inRussian).toContain(String(value));
  });

  it('the locale files hold no code the server does not send', () => {
    expect(Object.keys(enErrors).sort()).toEqual([...codes].sort());
    expect(Object.keys(ruErrors).sort()).toEqual([...codes].sort());
  });
});

describe('server answers in the interface language, by code only', () => {
  const wrongPassword = toApiError(422, {
    message: 'Incorrect login or password',
    code: 'invalid_credentials',
    errors: { login: ['Incorrect login or password'] },
    codes: { login: [{ code: 'invalid_credentials' }] },
  });

  it('a field message and the toast text follow the code, whatever the English text says', () => {
    expect(fieldMessage(wrongPassword, 'login', tRu)).toBe('Неверный логин или пароль');
    const reworded = toApiError(422, {
      message: 'Wrong login or password, try again',
      code: 'invalid_credentials',
      errors: { login: ['Wrong login or password, try again'] },
      codes: { login: [{ code: 'invalid_credentials' }] },
    });
    expect(fieldMessage(reworded, 'login', tRu)).toBe('Неверный логин или пароль');
    expect(apiErrorText(toApiError(400, { message: 'x', code: 'verification_passed' }), tRu)).toBe(
      ru.t('errors:verification_passed'),
    );
  });

  it('reads the resend countdown from the code’s params', () => {
    const wait = toApiError(422, {
      message: 'The given data was invalid',
      code: 'validation',
      errors: { code_sender: ['You can request a new code in 42 s'] },
      codes: { code_sender: [{ code: 'resend_too_soon', params: { seconds: 42 } }] },
    });
    expect(resendWaitSeconds(wait)).toBe(42);
    expect(fieldMessage(wait, 'code_sender', tRu)).toBe('Новый код можно запросить через 42 с');
    expect(resendWaitSeconds(wrongPassword)).toBeNull();
  });

  it('an answer without a code (a proxy’s page, an unknown code) says Server Error, never raw text', () => {
    expect(apiErrorText(toApiError(404, { message: 'Gone fishing' }), tRu)).toBe(ru.t('common:errors.server'));
    expect(translateMessage({ code: 'no_such_code' as MessageCode }, tEn)).toBe('Server Error');
    expect(apiErrorText(toApiError(0, null), tEn)).toBe(en.t('common:errors.network'));
  });
});
