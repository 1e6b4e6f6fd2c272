import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { getBrand, type Questionnaire } from '@tourdesk/contract';
import { messengerChats, requestMessengerLinks, requests } from '../../db/schema/index';
import { startFakeTelegram, type RecordedRequest } from '../../lib/transports/fake-providers';
import { nextIp, post } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

/*
 * A traveller links Telegram to their booking (issue 24): the questionnaire page's deep link
 * (`/start rq-<id>-<lang>-<MAC>`), the bot linking the chat to the request, `/stop` and the page's
 * unlink, and services.messenger.travellerChats, against the local fake Bot API. A member's own
 * /start flow stays as it was.
 */
const BOT_TOKEN = '123456:TRAVELLER-bot-token';
const SECRET = 'traveller-webhook-secret-0123';
const BOT = 'tourdesk_trips_bot';
let t: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let organizerId = 0;
let member: { userId: number; token: string };

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tg.url,
    TELEGRAM_BOT_USERNAME: BOT,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  const m = await createUser(t.database, { email: 'mira@trips.example', organizers: ['Altai Trails'] });
  organizerId = m.organizerIds[0]!;
  member = { userId: m.userId, token: (await signIn(t.app, 'mira@trips.example')).token };
});
afterAll(async () => {
  await t.close();
  await tg.close();
});
beforeEach(() => {
  tg.requests.length = 0;
});

const makeRequest = async (): Promise<{ id: number; uuid: string }> =>
  (
    await t.database.db
      .insert(requests)
      .values({ organizer_id: organizerId, status: 2, tourists_count: 2, customer_name: 'Ivan Petrov' })
      .returning({ id: requests.id, uuid: requests.uuid })
  )[0]!;

let updateId = 0;
let chatSeq = 9000;
const newChat = () => ++chatSeq;
const send = (chatId: number, text: string, languageCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: {
      update_id: ++updateId,
      message: {
        message_id: updateId,
        chat: { id: chatId, first_name: 'Ivan' },
        from: { id: chatId, ...(languageCode ? { language_code: languageCode } : {}) },
        text,
      },
    },
  });
const sentTo = (chatId: number): RecordedRequest[] =>
  tg.requests.filter(
    (r) => r.url === `/bot${BOT_TOKEN}/sendMessage` && (r.body as { chat_id: string }).chat_id === String(chatId),
  );
const textsTo = (chatId: number): string[] => sentTo(chatId).map((r) => (r.body as { text: string }).text);

const questionnaire = async (uuid: string): Promise<Questionnaire> => {
  const res = await t.app.inject({ method: 'GET', url: `/crm/api/request/get-by-uuid?uuid=${uuid}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Questionnaire;
};
const payloadOf = async (uuid: string, language: 'en' | 'ru'): Promise<string> =>
  new URL((await questionnaire(uuid)).telegram!.link_urls[language]).searchParams.get('start')!;
const liveLinks = (requestId: number) =>
  t.database.db
    .select()
    .from(requestMessengerLinks)
    .where(and(eq(requestMessengerLinks.request_id, requestId), isNull(requestMessengerLinks.unlinked_at)));
const allLinks = () => t.database.db.select().from(requestMessengerLinks);
const travellerChats = (requestId: number) => t.app.services.messenger.travellerChats(t.database.db, requestId);
const unlinkFromPage = (uuid: unknown) =>
  post(t.app, '/crm/api/request/unlink-telegram', { uuid }, { remoteAddress: nextIp() });

describe('the questionnaire page offers the bot', () => {
  it("answers a deep link per page language, each a payload of Telegram's 64 characters, not linked yet", async () => {
    const r = await makeRequest();
    const q = await questionnaire(r.uuid);
    expect(q.telegram!.is_linked).toBe(false);
    for (const language of ['en', 'ru'] as const) {
      const url = q.telegram!.link_urls[language];
      expect(url).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=rq-${r.id}-${language}-[A-Za-z0-9_-]{22}$`));
      const payload = new URL(url).searchParams.get('start')!;
      expect(payload.length).toBeLessThanOrEqual(64);
      // not the booking's uuid: the questionnaire's key never goes to Telegram
      expect(url).not.toContain(r.uuid);
    }
    expect(q.telegram!.link_urls.en).not.toBe(q.telegram!.link_urls.ru);
    // another booking's payload is another MAC (it cannot be made from the number)
    const other = await makeRequest();
    expect((await payloadOf(other.uuid, 'en')).slice(-22)).not.toBe((await payloadOf(r.uuid, 'en')).slice(-22));
  });
});

describe('/start <payload>', () => {
  it('links the chat in the page language when Telegram names none of ours, answers in it, and the page says linked', async () => {
    const r = await makeRequest();
    const chat = newChat();
    expect((await send(chat, `/start ${await payloadOf(r.uuid, 'ru')}`, 'de')).json()).toEqual({ ok: true });
    expect(textsTo(chat)).toEqual([`Здесь вы будете получать сообщения о бронировании № ${r.id}.`]);
    expect(await travellerChats(r.id)).toEqual([{ chat_id: String(chat), language: 'ru' }]);
    expect((await questionnaire(r.uuid)).telegram!.is_linked).toBe(true);
    // the chat is the traveller's, not a member's notification chat
    expect(
      await t.database.db
        .select()
        .from(messengerChats)
        .where(eq(messengerChats.chat_id, String(chat))),
    ).toEqual([]);
  });

  it("takes the Telegram app's en or ru over the page's", async () => {
    const r = await makeRequest();
    const chat = newChat();
    await send(chat, `/start ${await payloadOf(r.uuid, 'ru')}`, 'en-GB');
    expect(textsTo(chat)).toEqual([`You will get updates about booking No. ${r.id} here.`]);
    expect(await travellerChats(r.id)).toEqual([{ chat_id: String(chat), language: 'en' }]);
  });

  it('a replayed /start (or a second tap) links nothing more and answers the same', async () => {
    const r = await makeRequest();
    const chat = newChat();
    const payload = await payloadOf(r.uuid, 'en');
    await send(chat, `/start ${payload}`);
    const first = await liveLinks(r.id);
    await send(chat, `/start ${payload}`, 'ru');
    expect(await liveLinks(r.id)).toEqual(first);
    expect(await travellerChats(r.id)).toEqual([{ chat_id: String(chat), language: 'en' }]);
    expect(textsTo(chat)).toEqual([
      `You will get updates about booking No. ${r.id} here.`,
      `Здесь вы будете получать сообщения о бронировании № ${r.id}.`,
    ]);
  });

  it('two travellers of one booking and one traveller of two bookings: each request reads its own chats', async () => {
    const a = await makeRequest();
    const b = await makeRequest();
    const [ivan, olga] = [newChat(), newChat()];
    await send(ivan, `/start ${await payloadOf(a.uuid, 'en')}`);
    await send(olga, `/start ${await payloadOf(a.uuid, 'ru')}`);
    await send(ivan, `/start ${await payloadOf(b.uuid, 'ru')}`, 'ru');
    expect(await travellerChats(a.id)).toEqual([
      { chat_id: String(ivan), language: 'en' },
      { chat_id: String(olga), language: 'ru' },
    ]);
    expect(await travellerChats(b.id)).toEqual([{ chat_id: String(ivan), language: 'ru' }]);
  });

  it('a wrong, forged or outdated payload is answered politely and links nothing', async () => {
    const r = await makeRequest();
    const other = await makeRequest();
    const payload = await payloadOf(r.uuid, 'en');
    const mac = payload.slice(-22);
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const before = await allLinks();
    const forged = [
      `rq-${r.id}-en-${flipped}`, // the MAC changed
      `rq-${other.id}-en-${mac}`, // another booking's number with this one's MAC
      `rq-${r.id}-ru-${mac}`, // the language changed
      `rq-999999-en-${mac}`, // no such booking
      `rq-${r.id}-de-${mac}`, // no such language
      `rq-${r.id}-en-${mac}x`, // too long
      'rq-', // nothing
    ];
    const chat = newChat();
    for (const p of forged) expect((await send(chat, `/start ${p}`)).json()).toEqual({ ok: true });
    const en =
      'This link does not work any more. Open your booking page again and press “Get booking updates in Telegram”.';
    const ru =
      'Эта ссылка больше не действует. Откройте страницу бронирования ещё раз и нажмите «Получать сообщения о бронировании в Telegram».';
    // without the Telegram app's language, in the language the payload claims
    expect(textsTo(chat)).toEqual(forged.map((p) => (p.includes('-ru-') ? ru : en)));
    const ruChat = newChat();
    await send(ruChat, `/start rq-${r.id}-en-${flipped}`, 'ru');
    expect(textsTo(ruChat)).toEqual([ru]);
    expect(await allLinks()).toEqual(before);

    // a reissued questionnaire link ends the payloads of the old one
    const reissued = await post(
      t.app,
      '/crm/api/request/reissue-questionnaire-link',
      { request_id: r.id },
      { headers: bearer(member.token) },
    );
    expect(reissued.statusCode).toBe(200);
    await send(chat, `/start ${payload}`);
    expect(textsTo(chat).at(-1)).toContain('This link does not work any more');
    expect(await allLinks()).toEqual(before);
    const [fresh] = await t.database.db.select({ uuid: requests.uuid }).from(requests).where(eq(requests.id, r.id));
    await send(chat, `/start ${await payloadOf(fresh!.uuid, 'en')}`);
    expect(await travellerChats(r.id)).toEqual([{ chat_id: String(chat), language: 'en' }]);
  });
});

describe('unlinking', () => {
  it('/stop in the chat unlinks each of its bookings and says so; a new /start links again', async () => {
    const a = await makeRequest();
    const b = await makeRequest();
    const chat = newChat();
    await send(chat, `/start ${await payloadOf(a.uuid, 'en')}`);
    await send(chat, `/start ${await payloadOf(b.uuid, 'ru')}`, 'ru');
    tg.requests.length = 0;
    await send(chat, '/stop');
    expect(textsTo(chat)).toEqual([
      `You will no longer get updates about booking No. ${a.id} here.`,
      `Сообщения о бронировании № ${b.id} больше не будут приходить сюда.`,
    ]);
    expect(await travellerChats(a.id)).toEqual([]);
    expect(await travellerChats(b.id)).toEqual([]);
    expect((await questionnaire(a.uuid)).telegram!.is_linked).toBe(false);
    // the ended link stays as a record
    expect((await allLinks()).filter((l) => l.request_id === a.id).map((l) => l.unlinked_at instanceof Date)).toEqual([
      true,
    ]);
    await send(chat, `/start ${await payloadOf(a.uuid, 'en')}`);
    expect(await travellerChats(a.id)).toEqual([{ chat_id: String(chat), language: 'en' }]);
  });

  it("the page's unlink ends every chat of the booking, tells each, leaves other bookings", async () => {
    const r = await makeRequest();
    const other = await makeRequest();
    const [ivan, olga] = [newChat(), newChat()];
    await send(ivan, `/start ${await payloadOf(r.uuid, 'en')}`);
    await send(olga, `/start ${await payloadOf(r.uuid, 'ru')}`);
    await send(ivan, `/start ${await payloadOf(other.uuid, 'en')}`);
    tg.requests.length = 0;
    const res = await unlinkFromPage(r.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as Questionnaire;
    expect(body.uuid).toBe(r.uuid);
    expect(body.telegram!.is_linked).toBe(false);
    expect(textsTo(ivan)).toEqual([`You will no longer get updates about booking No. ${r.id} here.`]);
    expect(textsTo(olga)).toEqual([`Сообщения о бронировании № ${r.id} больше не будут приходить сюда.`]);
    expect(await travellerChats(r.id)).toEqual([]);
    expect(await travellerChats(other.id)).toEqual([{ chat_id: String(ivan), language: 'en' }]);
  });

  it('an unknown or malformed link is 404, a bad body 422; nothing changes', async () => {
    const r = await makeRequest();
    const chat = newChat();
    await send(chat, `/start ${await payloadOf(r.uuid, 'en')}`);
    const before = await allLinks();
    const unknown = await unlinkFromPage('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'This link is no longer valid', code: 'questionnaire_not_found' });
    expect((await unlinkFromPage('not-a-uuid')).statusCode).toBe(404);
    const bad = await unlinkFromPage(42);
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Record<string, string[]> }).errors.uuid).toBeDefined();
    const extra = await post(
      t.app,
      '/crm/api/request/unlink-telegram',
      { uuid: r.uuid, chat_id: chat },
      { remoteAddress: nextIp() },
    );
    expect(extra.statusCode).toBe(422);
    expect(await allLinks()).toEqual(before);
  });
});

describe('the chat after linking', () => {
  it("a traveller's other words are answered with what the chat is for", async () => {
    const r = await makeRequest();
    const chat = newChat();
    await send(chat, `/start ${await payloadOf(r.uuid, 'ru')}`);
    await send(chat, 'Когда выезд?');
    expect(textsTo(chat).at(-1)).toBe(
      `Сюда приходят сообщения о вашем бронировании № ${r.id}. Написать организатору можно в чате на странице бронирования. Чтобы больше их не получать, отправьте /stop.`,
    );
  });
});

describe("a member's own Telegram flow is unchanged", () => {
  const connectionCode = async (): Promise<string> =>
    (
      (
        await post(t.app, '/crm/api/chat/generate-connection-code', { source_id: 1 }, { headers: bearer(member.token) })
      ).json() as { code: string; url: string }
    ).code;

  it('/start <code> links the member; /stop and other words get the member help; a booking payload links the booking', async () => {
    const brand = getBrand(t.config.BRAND_ID).name;
    const chat = newChat();
    await send(chat, `/start ${await connectionCode()}`);
    expect(textsTo(chat)).toEqual([`Done! ${brand} notifications will come to this chat.`]);
    const rows = await t.database.db
      .select()
      .from(messengerChats)
      .where(eq(messengerChats.chat_id, String(chat)));
    expect(rows.map((c) => [c.user_id, c.source_type])).toEqual([[member.userId, 'telegram']]);
    await send(chat, '/stop');
    await send(chat, 'hello');
    expect(textsTo(chat).slice(1)).toEqual([
      `Send the connection code from ${brand} to link this chat.`,
      `Send the connection code from ${brand} to link this chat.`,
    ]);
    const unknownChat = newChat();
    await send(unknownChat, '/stop');
    await send(unknownChat, '/start ABCDEFGH');
    expect(textsTo(unknownChat)).toEqual([
      `Send the connection code from ${brand} to link this chat.`,
      `This code is unknown or has expired. Get a new one in ${brand}.`,
    ]);
    // the member may link their own booking too; their chat keeps its member answers
    const r = await makeRequest();
    await send(chat, `/start ${await payloadOf(r.uuid, 'en')}`);
    await send(chat, 'hello');
    expect(textsTo(chat).slice(-2)).toEqual([
      `You will get updates about booking No. ${r.id} here.`,
      `Send the connection code from ${brand} to link this chat.`,
    ]);
    expect(
      (
        await t.database.db
          .select()
          .from(messengerChats)
          .where(eq(messengerChats.chat_id, String(chat)))
      ).length,
    ).toBe(1);
  });
});
