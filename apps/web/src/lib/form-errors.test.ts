import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tourdesk/contract/api/user';
import { ORGANIZER_MESSAGES } from '@tourdesk/contract/api/organizer';
import { createTestI18n } from './i18n/resources';
import { registerServerMessages, translateServerMessage } from './form-errors';

describe('server texts in the UI language', () => {
  const ru = createTestI18n('ru');
  const en = createTestI18n('en');
  const tRu = ru.t.bind(ru);
  const tEn = en.t.bind(en);

  it('translates every account text the server sends, sign-in failure and delivery failure included', () => {
    expect(translateServerMessage('Incorrect login or password', tRu)).toBe('Неверный логин или пароль');
    expect(translateServerMessage(ACCOUNT_MESSAGES.delivery_failed, tRu)).toBe(
      'Не удалось отправить сообщение. Попробуйте позже.',
    );
    for (const [key, text] of Object.entries(ACCOUNT_MESSAGES)) {
      if (text.includes('{')) continue;
      const translated = translateServerMessage(text, tRu);
      expect(translated, key).not.toBe(text);
      expect(translated, key).not.toMatch(/^auth:|^server\./);
      expect(translateServerMessage(text, tEn), key).toBe(text);
    }
  });

  it('translates a feature’s texts once its screens registered them; unknown texts stay as sent', () => {
    expect(translateServerMessage(ORGANIZER_MESSAGES.tour_author_required, tRu)).toBe(
      ORGANIZER_MESSAGES.tour_author_required,
    );
    registerServerMessages('organizer', ORGANIZER_MESSAGES);
    expect(translateServerMessage(ORGANIZER_MESSAGES.tour_author_required, tRu)).toMatch(
      /^Заполните данные эксперта тура/,
    );
    for (const [key, text] of Object.entries(ORGANIZER_MESSAGES)) {
      expect(translateServerMessage(text, tRu), key).not.toBe(text);
      expect(translateServerMessage(text, tEn), key).toBe(text);
    }
    expect(translateServerMessage('Something new from the server', tRu)).toBe('Something new from the server');
  });
});
