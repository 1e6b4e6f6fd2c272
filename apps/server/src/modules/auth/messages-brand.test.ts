import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BRANDS } from '@tourdesk/contract';
import { users } from '../../db/schema/index';
import { startFakeTelegram } from '../../lib/transports/fake-providers';
import { loadConfig } from '../../config';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { post, readOutbox } from './test-helpers';

/** Outgoing e-mail, SMS and bot messages carry the brand being served (BRAND_ID), not "Tourdesk". */
describe.each([
  [1, BRANDS[1].name],
  [3, BRANDS[3].name],
] as const)('messages of brand %i', (brandId, brandName) => {
  const BOT_TOKEN = '123456:TEST-brand-token';
  const SECRET = 'webhook-secret-brand-0123';
  let t: TestApp;
  let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
  beforeAll(async () => {
    tg = await startFakeTelegram();
    t = await createTestApp({
      BRAND_ID: String(brandId),
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: tg.url,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  it('the sign-in code by e-mail and by SMS names the brand, in English and in Russian', async () => {
    const email = `brand${brandId}@example.com`;
    const phone = `+7999888770${brandId}`;
    const { userId } = await createUser(t.database, { email, phone });
    await post(t.app, '/crm/api/user/send-auth-code', { login: email });
    await post(t.app, '/crm/api/user/send-auth-code', { login: phone });
    const [mail] = await readOutbox(t.app, email);
    const [sms] = await readOutbox(t.app, phone);
    for (const m of [mail!, sms!]) {
      expect(m.body).toContain(`Your ${brandName} sign-in code: `);
      expect(m.body).not.toContain('Tourdesk');
    }

    await t.database.db.update(users).set({ language: 'ru', is_email_confirm: true }).where(eq(users.id, userId));
    await post(t.app, '/crm/api/user/password-recovery', { email });
    const [reset] = await readOutbox(t.app, email);
    expect(reset!.body).toContain(`Чтобы задать новый пароль ${brandName}`);
    expect(reset!.body).not.toContain('Tourdesk');
  });

  it("the Telegram bot's replies name the brand", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/crm/api/messenger/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: { update_id: 1, message: { chat: { id: 4242 }, text: 'hello' } },
    });
    const sent = tg.requests.filter((r) => r.url === `/bot${BOT_TOKEN}/sendMessage`);
    expect((sent.at(-1)!.body as { text: string }).text).toBe(
      `Send the connection code from ${brandName} to link this chat.`,
    );
  });
});

it("the e-mail sender is the brand's name unless SMTP_FROM says otherwise", () => {
  expect(loadConfig({ BRAND_ID: '3' }).SMTP_FROM).toBe(`${BRANDS[3].name} <no-reply@localhost>`);
  expect(loadConfig({ BRAND_ID: '3', SMTP_FROM: 'Ops <ops@example.com>' }).SMTP_FROM).toBe('Ops <ops@example.com>');
});
