import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messengerChats } from '../../db/schema/index';
import { startFakeTelegram, type RecordedRequest } from '../../lib/transports/fake-providers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { post } from '../auth/test-helpers';

const BOT_TOKEN = '123456:TEST-bot-token';
const SECRET = 'webhook-secret-0123456789';
let t: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let anna: { userId: number; token: string };
let boris: { userId: number; token: string };

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tg.url,
    TELEGRAM_BOT_USERNAME: 'tourdesk_test_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  const a = await createUser(t.database, { email: 'anna@tg.example', phone: '+79997770001' });
  const b = await createUser(t.database, { email: 'boris@tg.example', phone: '+79997770002' });
  anna = { userId: a.userId, token: (await signIn(t.app, 'anna@tg.example')).token };
  boris = { userId: b.userId, token: (await signIn(t.app, 'boris@tg.example')).token };
});
afterAll(async () => {
  await t.close();
  await tg.close();
});

let updateId = 0;
const webhook = (message: Record<string, unknown>, secret = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': secret },
    payload: { update_id: ++updateId, message },
  });
const sentTo = (chatId: number): RecordedRequest[] =>
  tg.requests.filter(
    (r) => r.url === `/bot${BOT_TOKEN}/sendMessage` && (r.body as { chat_id: string }).chat_id === String(chatId),
  );
const lastText = (chatId: number): string => (sentTo(chatId).at(-1)!.body as { text: string }).text;
const connectionCode = async (token: string): Promise<string> =>
  (
    (
      await post(t.app, '/crm/api/chat/generate-connection-code', { source_id: 1 }, { headers: bearer(token) })
    ).json() as { code: string }
  ).code;
const chats = async (token: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/crm/api/chat/chats-for-notifications', headers: bearer(token) })
    ).json() as { data: { id: number; source_type: string; chat_id: string }[] }
  ).data;

describe('POST /crm/api/chat/generate-connection-code', () => {
  it('answers a code living 300 s and the bot link; refuses bad input and guests', async () => {
    const res = await post(
      t.app,
      '/crm/api/chat/generate-connection-code',
      { source_id: 1 },
      { headers: bearer(anna.token) },
    );
    const body = res.json() as { code: string; expires_in: number; url: string };
    expect(body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.expires_in).toBe(300);
    expect(body.url).toBe(`https://t.me/tourdesk_test_bot?start=${body.code}`);
    expect(
      (await post(t.app, '/crm/api/chat/generate-connection-code', { source_id: 9 }, { headers: bearer(anna.token) }))
        .statusCode,
    ).toBe(422);
    expect((await post(t.app, '/crm/api/chat/generate-connection-code', { source_id: 1 })).statusCode).toBe(401);
  });
});

describe('Telegram webhook', () => {
  it('refuses a wrong secret and changes nothing', async () => {
    const code = await connectionCode(anna.token);
    const res = await webhook(
      { chat: { id: 501 }, from: { id: 501 }, text: `/start ${code}` },
      'wrong-secret-wrong-secret',
    );
    expect(res.statusCode).toBe(401);
    expect(await chats(anna.token)).toEqual([]);
  });

  it('links the chat on /start <code> once, replies through the Bot API and lists it telegram first', async () => {
    const code = await connectionCode(anna.token);
    expect(
      (
        await webhook({
          chat: { id: 501, username: 'anna_tg', first_name: 'Anna' },
          from: { id: 501 },
          text: `/start ${code}`,
        })
      ).json(),
    ).toEqual({ ok: true });
    expect(lastText(501)).toContain('notifications will come to this chat');
    await t.database.db
      .insert(messengerChats)
      .values({ user_id: anna.userId, source_type: 'whatsapp', chat_id: 'wa-1', chat_name: 'A WhatsApp' });
    const list = await chats(anna.token);
    expect(list.map((c) => [c.source_type, c.chat_id])).toEqual([
      ['telegram', '501'],
      ['whatsapp', 'wa-1'],
    ]);
    expect(list[0]).toMatchObject({ chat_name: 'Anna', url: 'https://t.me/anna_tg', messenger_was_activated: true });
    // a used code links nothing more
    await webhook({ chat: { id: 777 }, from: { id: 777 }, text: `/start ${code}` });
    expect(lastText(777)).toContain('unknown or has expired');
    expect(await chats(boris.token)).toEqual([]);
  });

  it('delivers a telegram phone code to the linked chat; the code confirms the phone', async () => {
    const res = await post(
      t.app,
      '/crm/api/user/send-confirmation-code',
      { code_sender: 'telegram' },
      { headers: bearer(anna.token) },
    );
    expect(res.json()).toEqual({ success: true });
    const code = /\b(\d{6})\b/.exec(lastText(501))![1]!;
    expect(
      (
        await post(
          t.app,
          '/crm/api/user/confirm-phone',
          { code, verify_method: 'telegram' },
          { headers: bearer(anna.token) },
        )
      ).json(),
    ).toEqual({ success: true });
    const profile = (
      await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(anna.token) })
    ).json() as { is_phone_confirm: boolean };
    expect(profile.is_phone_confirm).toBe(true);
  });

  it('telegram_with_phone_request asks for the contact; only the own matching contact confirms the phone', async () => {
    await webhook({
      chat: { id: 602, first_name: 'Boris' },
      from: { id: 602 },
      text: await connectionCode(boris.token),
    });
    const methods = (
      await t.app.inject({
        method: 'GET',
        url: '/crm/api/user/phone-confirmation-methods',
        headers: bearer(boris.token),
      })
    ).json() as {
      verification_methods: { type: string; is_subscribed: boolean }[];
    };
    expect(methods.verification_methods.find((m) => m.type === 'telegram_with_phone_request')!.is_subscribed).toBe(
      true,
    );

    expect(
      (
        await post(
          t.app,
          '/crm/api/user/send-confirmation-code',
          { code_sender: 'telegram_with_phone_request' },
          { headers: bearer(boris.token) },
        )
      ).json(),
    ).toEqual({
      success: true,
    });
    const ask = sentTo(602).at(-1)!.body as { reply_markup: { keyboard: { request_contact: boolean }[][] } };
    expect(ask.reply_markup.keyboard[0]![0]!.request_contact).toBe(true);

    const isConfirmed = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(boris.token) })).json() as {
          is_phone_confirm: boolean;
        }
      ).is_phone_confirm;
    await webhook({ chat: { id: 602 }, from: { id: 602 }, contact: { phone_number: '+79997770002', user_id: 999 } });
    expect(lastText(602)).toContain('your own phone number');
    await webhook({ chat: { id: 602 }, from: { id: 602 }, contact: { phone_number: '79990000000', user_id: 602 } });
    expect(lastText(602)).toContain('differs');
    expect(await isConfirmed()).toBe(false);
    await webhook({ chat: { id: 602 }, from: { id: 602 }, contact: { phone_number: '79997770002', user_id: 602 } });
    expect(lastText(602)).toBe('Your phone is successfully confirmed!');
    expect(await isConfirmed()).toBe(true);
  });
});

describe('POST /crm/api/chat/disable-notifications', () => {
  it("404 for another user's chat (nothing changes); the owner's chat leaves the list", async () => {
    const [annaTelegram] = await chats(anna.token);
    const foreign = await post(
      t.app,
      '/crm/api/chat/disable-notifications',
      { chat_id: annaTelegram!.id },
      { headers: bearer(boris.token) },
    );
    expect(foreign.statusCode).toBe(404);
    expect((await chats(anna.token)).map((c) => c.id)).toContain(annaTelegram!.id);
    const res = await post(
      t.app,
      '/crm/api/chat/disable-notifications',
      { chat_id: annaTelegram!.id },
      { headers: bearer(anna.token) },
    );
    expect(res.json()).toEqual({ success: true });
    expect((await chats(anna.token)).map((c) => c.id)).not.toContain(annaTelegram!.id);
    const [row] = await t.database.db.select().from(messengerChats).where(eq(messengerChats.id, annaTelegram!.id));
    expect(row!.notifications_enabled).toBe(false);
    expect(
      (await post(t.app, '/crm/api/chat/disable-notifications', { chat_id: 'x' }, { headers: bearer(anna.token) }))
        .statusCode,
    ).toBe(422);
  });
});
