import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { startFakeTelegram, type RecordedRequest } from '../../lib/transports/fake-providers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { post } from '../auth/test-helpers';

/** Issue 23 item 13: the Telegram bot answers in the person's language, not always English. */
const BOT_TOKEN = '123456:TEST-bot-token';
const SECRET = 'webhook-secret-0123456789';
let t: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let olga: { userId: number; token: string };

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tg.url,
    TELEGRAM_BOT_USERNAME: 'tourdesk_test_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  const o = await createUser(t.database, { email: 'olga@tg-lang.example', phone: '+79997771001' });
  await t.database.db.update(users).set({ language: 'ru' }).where(eq(users.id, o.userId));
  olga = { userId: o.userId, token: (await signIn(t.app, 'olga@tg-lang.example')).token };
});
afterAll(async () => {
  await t.close();
  await tg.close();
});

let updateId = 0;
const webhook = (message: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: ++updateId, message },
  });
const lastText = (chatId: number): string =>
  (
    tg.requests
      .filter(
        (r: RecordedRequest) =>
          r.url === `/bot${BOT_TOKEN}/sendMessage` && (r.body as { chat_id: string }).chat_id === String(chatId),
      )
      .at(-1)!.body as { text: string }
  ).text;

describe("the Telegram bot's language", () => {
  it("a Russian user's chat is linked and answered in Russian, even from an English Telegram app", async () => {
    const code = (
      (
        await post(t.app, '/crm/api/chat/generate-connection-code', { source_id: 1 }, { headers: bearer(olga.token) })
      ).json() as { code: string }
    ).code;
    await webhook({
      chat: { id: 901, first_name: 'Olga' },
      from: { id: 901, language_code: 'en' },
      text: `/start ${code}`,
    });
    expect(lastText(901)).toMatch(/^Готово! Уведомления .+ будут приходить в этот чат\.$/);
    await webhook({ chat: { id: 901 }, from: { id: 901, language_code: 'en' }, text: 'hello' });
    expect(lastText(901)).toMatch(/^Отправьте код подключения/);
    // someone else's contact card
    await webhook({
      chat: { id: 901 },
      from: { id: 901, language_code: 'en' },
      contact: { phone_number: '+79990000000', user_id: 5 },
    });
    expect(lastText(901)).toBe('Пожалуйста, поделитесь своим номером телефона с помощью кнопки.');
  });

  it('a stranger reads the language of their Telegram app: Russian for ru, English otherwise', async () => {
    await webhook({ chat: { id: 902 }, from: { id: 902, language_code: 'ru' }, text: 'привет' });
    expect(lastText(902)).toMatch(/^Отправьте код подключения/);
    await webhook({ chat: { id: 902 }, from: { id: 902, language_code: 'ru' }, text: '/start ZZZZZZZZ' });
    expect(lastText(902)).toMatch(/^Этот код неизвестен или устарел/);
    await webhook({ chat: { id: 903 }, from: { id: 903, language_code: 'de' }, text: 'hallo' });
    expect(lastText(903)).toMatch(/^Send the connection code/);
    await webhook({ chat: { id: 904 }, from: { id: 904 }, text: 'hi' });
    expect(lastText(904)).toMatch(/^Send the connection code/);
  });
});
