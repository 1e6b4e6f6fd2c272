import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { SYSTEM_ACTOR, TOURIST_ACTOR, getBrand } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import {
  chatRequests,
  chats,
  domainEventCursors,
  messengerChats,
  organizerMembers,
  outboxMessages,
  requests,
  users,
} from '../../db/schema/index';
import { recordEvent } from '../../lib/domain-events';
import { NOTIFICATION_SUBSCRIBER } from './notification.service';
import { startFakeSmtp, startHttpProvider, type RecordedRequest } from '../../lib/transports/fake-providers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { call, insertRequest, paymentRows, payOnPage, tourWithDeparture, type Who } from '../payment/payment.fixtures';

/**
 * Notifications (issue 17) end to end, against local servers playing the Telegram Bot API, a
 * WhatsApp HTTP provider and SMTP: a new request, a payment, a cancellation and a traveller's
 * chat message reach every member of the organizer (not the one who did it) through their linked
 * messenger chats with notifications on and their confirmed e-mail, in their language, with a
 * link into the CRM; another organizer's members hear nothing of it.
 */
const BOT_TOKEN = '123456:notify-bot-token';
const SECRET = 'notify-webhook-secret-0123';
const PUBLIC_URL = 'https://crm.example.test';
/** the served brand's name (BRAND_ID 1), which the texts name */
const BRAND = getBrand(1).name;
/** Intl separates currency and digits with no-break spaces */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** The Bot API: every call answers ok with a new message id, but chats in `down` get 502. */
const tgRequests: RecordedRequest[] = [];
const down = new Set<string>();
let tgServer: http.Server;
let tgUrl = '';
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let wa: Awaited<ReturnType<typeof startHttpProvider>>;
let t: TestApp;

let anna: Who; // owner of Altai Trails (en), Telegram 1001 and WhatsApp, confirmed e-mail
let boris: Who; // member of Altai Trails (ru), Telegram 1002, confirmed e-mail
let carol: Who; // member of Altai Trails, Telegram 1003 turned off, e-mail not confirmed
let dave: Who; // owner of Kamchatka Tours (another tenant), Telegram 1004, confirmed e-mail
const ANNA_WA = '+79990001111';
let departure: { tourId: number; dateId: number; dateStart: string };

const startBotApi = async (): Promise<void> => {
  let n = 0;
  tgServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { chat_id?: string };
      tgRequests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const fail = body.chat_id !== undefined && down.has(String(body.chat_id));
      res
        .writeHead(fail ? 502 : 200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify(
            fail ? { ok: false, description: 'Bad Gateway' } : { ok: true, result: { message_id: 9000 + ++n } },
          ),
        );
    });
  });
  await new Promise<void>((resolve) => tgServer.listen(0, '127.0.0.1', resolve));
  tgUrl = `http://127.0.0.1:${(tgServer.address() as net.AddressInfo).port}`;
};

let updateId = 0;
const webhook = (message: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/messenger/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: ++updateId, message },
  });

const linkTelegram = async (who: Who, chatId: number): Promise<void> => {
  const code = (
    (
      await t.app.inject({
        method: 'POST',
        url: '/crm/api/chat/generate-connection-code',
        headers: bearer(who.token),
        payload: { source_id: 1 },
      })
    ).json() as { code: string }
  ).code;
  expect(
    (await webhook({ chat: { id: chatId, first_name: 'Chat' }, from: { id: chatId }, text: `/start ${code}` }))
      .statusCode,
  ).toBe(200);
};

const member = async (
  email: string,
  opts: { org?: string; joinOrg?: number; language?: 'en' | 'ru'; confirmed?: boolean },
): Promise<Who> => {
  const u = await createUser(t.database, {
    email,
    organizers: opts.org ? [opts.org] : [],
    isEmailConfirmed: opts.confirmed ?? true,
  });
  if (opts.joinOrg)
    await t.database.db.insert(organizerMembers).values({ organizer_id: opts.joinOrg, user_id: u.userId });
  if (opts.language) await t.database.db.update(users).set({ language: opts.language }).where(eq(users.id, u.userId));
  return {
    userId: u.userId,
    organizerId: u.organizerIds[0] ?? opts.joinOrg!,
    token: (await signIn(t.app, email)).token,
  };
};

/** Waits for what each commit started: the domain events' delivery (and a sweep of it), then the outbox's. */
const settle = async (): Promise<void> => {
  await t.app.services.events.idle();
  await t.app.services.events.sweep();
  await t.app.services.delivery.idle();
};
const sweep = settle;

/** Records a domain event as a service does, in a transaction of its own. */
const record = (event: Parameters<typeof recordEvent>[1]) =>
  t.database.db.transaction((tx) => recordEvent(tx as unknown as Db, event));

let chatCount = 0;
/** A traveller's chat of the organizer (about `requestId`, for the tour `tourId`) and one message of theirs in it. */
const travellerWrites = async (
  organizerId: number,
  text: string,
  opts: { requestId?: number; tourId?: number; messageId?: number } = {},
): Promise<number> => {
  const [chat] = await t.database.db
    .insert(chats)
    .values({
      organizer_id: organizerId,
      kind: 'tourist',
      tour_id: opts.tourId ?? null,
      traveller_name: 'Olga Petrova',
      link_secret: `secret-${++chatCount}`,
    })
    .returning({ id: chats.id });
  if (opts.requestId)
    await t.database.db.insert(chatRequests).values({ chat_id: chat!.id, request_id: opts.requestId });
  await record({
    type: 'chat.message_posted',
    aggregateId: chat!.id,
    organizerId,
    actor: TOURIST_ACTOR,
    payload: {
      chat_id: chat!.id,
      message_id: opts.messageId ?? 500 + chatCount,
      author: 'traveller',
      author_name: 'Olga Petrova',
      text,
      attachment_name: null,
    },
  });
  return chat!.id;
};

let mark = 0;
let outboxMark = 0;
beforeEach(async () => {
  await settle();
  mark = tgRequests.length;
  outboxMark = (await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages)).reduce(
    (m, r) => Math.max(m, r.id),
    0,
  );
});

/** Telegram messages sent to `chatId` since the test began. */
const tgTo = (chatId: number) =>
  tgRequests
    .slice(mark)
    .filter((r) => r.url.endsWith('/sendMessage') && (r.body as { chat_id: string }).chat_id === String(chatId))
    .map((r) => {
      const body = r.body as { text: string; reply_parameters?: { message_id: number } };
      return { ...body, text: plain(body.text) };
    });
/** Outbox rows written since the test began, by recipient. */
const outboxTo = async (recipient: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), gt(outboxMessages.id, outboxMark)))
    .orderBy(outboxMessages.id);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

const ownRequest = async (who: Who, d = departure) => {
  const res = await call(t, 'POST', '/crm/api/request/create-request-with-own-type', who, {
    tour_organizer_id: who.organizerId,
    tour_id: d.tourId,
    tour_date_id: d.dateId,
    tourists_count: 2,
    customer_name: 'Olga Petrova',
    customer_email: 'olga@example.com',
    customer_phone: '+79161234567',
    idempotency_key: `notify-${Date.now()}-${Math.random()}`,
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.request_id as number;
};

beforeAll(async () => {
  await startBotApi();
  smtp = await startFakeSmtp();
  wa = await startHttpProvider();
  t = await createTestApp({
    PUBLIC_URL,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: tgUrl,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'Tourdesk <robot@tourdesk.test>',
    WHATSAPP_API_URL: `${wa.url}/send`,
  });
  anna = await member('anna@notify.example', { org: 'Altai Trails' });
  boris = await member('boris@notify.example', { joinOrg: anna.organizerId, language: 'ru' });
  carol = await member('carol@notify.example', { joinOrg: anna.organizerId, confirmed: false });
  dave = await member('dave@notify.example', { org: 'Kamchatka Tours' });
  await linkTelegram(anna, 1001);
  await linkTelegram(boris, 1002);
  await linkTelegram(carol, 1003);
  await linkTelegram(dave, 1004);
  // WhatsApp has no linking flow of its own yet: a linked chat is a row (its chat id the number)
  await t.database.db
    .insert(messengerChats)
    .values({ user_id: anna.userId, source_type: 'whatsapp', chat_id: ANNA_WA, chat_name: 'Anna WhatsApp' });
  // carol turns her Telegram chat off with the existing disable-notifications
  const carolChats = (
    await t.app.inject({ method: 'GET', url: '/crm/api/chat/chats-for-notifications', headers: bearer(carol.token) })
  ).json() as { data: { id: number }[] };
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/crm/api/chat/disable-notifications',
        headers: bearer(carol.token),
        payload: { chat_id: carolChats.data[0]!.id },
      })
    ).json(),
  ).toEqual({ success: true });
  departure = await tourWithDeparture(t, anna, { name: 'Altai ridge', price: 15000 });
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), wa.close(), new Promise((resolve) => tgServer.close(resolve))]);
});

describe('a new request', () => {
  it('reaches the other members on Telegram and by e-mail in their language with a CRM link; not its maker, a turned-off chat, an unconfirmed e-mail or another tenant', async () => {
    const id = await ownRequest(anna);
    await settle();
    const link = `${PUBLIC_URL}/org/${anna.organizerId}/bookings/${id}`;

    const [ru] = tgTo(1002);
    expect(tgTo(1002)).toHaveLength(1);
    expect(ru!.text).toContain(`Новая заявка № ${id} на тур «Altai ridge»`);
    expect(ru!.text).toContain('Туристов: 2');
    expect(ru!.text).toContain('Заказчик: Olga Petrova, +79161234567, olga@example.com');
    expect(ru!.text).toContain(`Открыть в ${BRAND}: ${link}`);
    const [mail] = await outboxTo('boris@notify.example');
    expect(mail).toMatchObject({ channel: 'email', status: 'sent', subject: `Новая заявка № ${id}: Altai ridge` });
    expect(mail!.body).toContain(link);
    expect(mailsTo('boris@notify.example')).toHaveLength(1);

    // anna made it herself; carol's chat is off and her e-mail unconfirmed; dave is another organizer's
    expect(tgTo(1001)).toEqual([]);
    expect(await outboxTo(ANNA_WA)).toEqual([]);
    expect(await outboxTo('anna@notify.example')).toEqual([]);
    expect(tgTo(1003)).toEqual([]);
    expect(await outboxTo('carol@notify.example')).toEqual([]);
    expect(tgTo(1004)).toEqual([]);
    expect(await outboxTo('dave@notify.example')).toEqual([]);
  });

  it("another organizer's request is never told to this one's members", async () => {
    const theirs = await tourWithDeparture(t, dave, { name: 'Kamchatka volcanoes' });
    // made by someone other than dave (a request row of his organizer), so dave himself is told
    const id = await insertRequest(t, dave, theirs, { status: 1 });
    await t.database.db.update(requests).set({ created_by_user_id: null }).where(eq(requests.id, id));
    await record({
      type: 'request.created',
      aggregateId: id,
      organizerId: dave.organizerId,
      actor: SYSTEM_ACTOR,
      payload: { request_id: id, status: 1 },
    });
    await settle();
    expect(tgTo(1004)).toHaveLength(1);
    expect(tgTo(1004)[0]!.text).toContain(`New request No. ${id} for “Kamchatka volcanoes”`);
    for (const chat of [1001, 1002, 1003]) expect(tgTo(chat)).toEqual([]);
    // an event naming the wrong organizer for a request tells nobody
    await record({
      type: 'request.created',
      aggregateId: id,
      organizerId: anna.organizerId,
      actor: SYSTEM_ACTOR,
      payload: { request_id: id, status: 1 },
    });
    await settle();
    for (const chat of [1001, 1002, 1003]) expect(tgTo(chat)).toEqual([]);
  });

  it('never blocks the request: a Telegram API that is down leaves the message failed with a next try, and it goes out later', async () => {
    down.add('1002');
    try {
      const started = Date.now();
      const id = await ownRequest(anna);
      expect(Date.now() - started).toBeLessThan(5000);
      await settle();
      const [row] = await outboxTo('1002');
      expect(row).toMatchObject({ channel: 'telegram', status: 'failed', attempts: 1 });
      expect(row!.last_error).toContain('Bad Gateway');
      expect(row!.next_attempt_at).toBeInstanceOf(Date);
      expect(row!.body).toContain(`Новая заявка № ${id}`);
      down.delete('1002');
      await t.app.services.delivery.deliverDue(row!.next_attempt_at!);
      expect((await outboxTo('1002'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      down.delete('1002');
    }
  });
});

describe('a payment received', () => {
  it('reaches every member (the payer is not one) on Telegram, WhatsApp and e-mail, once however often the provider says so', async () => {
    const id = await insertRequest(t, anna, departure, { status: 2 });
    const inv = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
      request_id: id,
      amount: 6000,
      payment_type: 'prepayment',
      title: 'Prepayment',
    });
    expect(inv.status, inv.raw).toBe(200);
    const token = (inv.body.payment_url as string).split('/pay/')[1]!;
    expect((await payOnPage(t, token, { method: 'card' })).status).toBe(303);
    // recorded inside the payment's transaction: the sweep dispatches it
    await sweep();
    const link = `${PUBLIC_URL}/org/${anna.organizerId}/bookings/${id}`;
    expect(tgTo(1001)).toHaveLength(1);
    expect(tgTo(1001)[0]!.text).toContain(
      `Payment received: RUB 6,000.00 for request No. ${id} (“Altai ridge”, Ivan Petrov).`,
    );
    expect(tgTo(1001)[0]!.text).toContain('Paid in total: RUB 6,000.00 of RUB 20,000.00.');
    expect(tgTo(1001)[0]!.text).toContain(link);
    expect(tgTo(1002)[0]!.text).toMatch(
      /Получена оплата 6\s000,00\s₽ по заявке № \d+ \(«Altai ridge», Ivan Petrov\)\./,
    );
    // WhatsApp: the provider gets the text, not our bookkeeping
    const waReq = wa.requests.filter((r) => (r.body as { to: string }).to === ANNA_WA).at(-1)!;
    expect(waReq.body).toEqual({ to: ANNA_WA, channel: 'whatsapp', text: expect.stringContaining('Payment received') });
    expect((await outboxTo(ANNA_WA))[0]).toMatchObject({ status: 'sent' });
    const mail = (await outboxTo('anna@notify.example'))[0]!;
    expect(mail.status).toBe('sent');
    expect(plain(mail.subject!)).toBe(`Payment received: RUB 6,000.00, request No. ${id}`);
    expect(tgTo(1004)).toEqual([]);

    // the provider's notification again: applied once, told once
    const [payment] = await paymentRows(t, inv.body.id as number);
    expect(
      await t.app.services.payments.payments.handleNotification(
        'sandbox',
        'payment.succeeded',
        payment!.provider_payment_id!,
      ),
    ).toBe('unchanged');
    await sweep();
    expect(tgTo(1001)).toHaveLength(1);
  });
});

describe('a cancellation', () => {
  it('by a member reaches the others, with who canceled and why; changed again it is not told again', async () => {
    const id = await ownRequest(boris);
    await settle();
    const before = tgRequests.length;
    const res = await call(t, 'POST', '/crm/api/request/cancel', anna, {
      id,
      message: 'The group did not gather',
      notify_client: false,
      canceled_by: 'author',
    });
    expect(res.status, res.raw).toBe(200);
    await settle();
    const mine = (chat: number) =>
      tgRequests
        .slice(before)
        .filter((r) => (r.body as { chat_id: string }).chat_id === String(chat))
        .map((r) => (r.body as { text: string }).text);
    expect(mine(1002)).toHaveLength(1);
    expect(mine(1002)[0]).toContain(`Заявка № ${id} на тур «Altai ridge» (Olga Petrova) отменена организатором.`);
    expect(mine(1002)[0]).toContain('Причина: The group did not gather');
    expect(mine(1001)).toEqual([]);
    // the base sale status of the canceled request changes (request.updated): not told again
    expect(
      (await call(t, 'POST', '/crm/api/request/change-base-sale-status', anna, { id, base_sale_status: 2 })).status,
    ).toBe(200);
    await settle();
    expect(mine(1002)).toHaveLength(1);
  });

  it('by the system (the prepayment not paid in time) reaches every member', async () => {
    const id = await insertRequest(t, anna, departure, {
      status: 2,
      confirmedAt: new Date(Date.now() - 100 * 3_600_000),
    });
    await t.app.services.payments.sweep(new Date());
    await settle();
    expect(tgTo(1001).map((m) => m.text)).toContainEqual(
      expect.stringContaining(
        `Request No. ${id} for “Altai ridge” (Ivan Petrov) was canceled automatically: the prepayment was not paid in time.`,
      ),
    );
    expect(tgTo(1002).map((m) => m.text)).toContainEqual(
      expect.stringContaining(`Заявка № ${id} на тур «Altai ridge» (Ivan Petrov) отменена автоматически`),
    );
  });
});

describe("a traveller's chat message", () => {
  let annaRequestId = 0;
  beforeAll(async () => {
    annaRequestId = await insertRequest(t, anna, departure, { status: 1 });
  });
  it('reaches every member with the message quoted and a link to the chat; Telegram is told a reply goes into the chat', async () => {
    const chatId = await travellerWrites(
      anna.organizerId,
      'Hello! Is there a place for a child? <script>alert(1)</script>',
      {
        requestId: annaRequestId,
        tourId: departure.tourId,
      },
    );
    await settle();
    const link = `${PUBLIC_URL}/org/${anna.organizerId}/chat/${chatId}`;
    expect(tgTo(1001)).toHaveLength(1);
    const en = tgTo(1001)[0]!.text;
    expect(en).toContain(`New message from Olga Petrova (“Altai ridge”, request No. ${annaRequestId}):`);
    expect(en).toContain('Hello! Is there a place for a child? <script>alert(1)</script>');
    expect(en).toContain('Reply to this message to answer in the chat.');
    expect(en).toContain(`Open in ${BRAND}: ${link}`);
    expect(tgTo(1002)[0]!.text).toContain('Ответьте на это сообщение, чтобы написать в чат.');
    const whatsapp = (await outboxTo(ANNA_WA))[0]!;
    expect(whatsapp.body).toContain(link);
    expect(whatsapp.body).not.toContain('Reply to this message');
    const mail = (await outboxTo('anna@notify.example'))[0]!;
    expect(mail).toMatchObject({ subject: 'New message: Olga Petrova', status: 'sent' });
    expect(mail.body).not.toContain('Reply to this message');
    expect(tgTo(1004)).toEqual([]);
    expect(tgTo(1003)).toEqual([]);
  });

  it("another organizer's chat reaches only its own members", async () => {
    await travellerWrites(dave.organizerId, 'Hello');
    await settle();
    expect(tgTo(1004)).toHaveLength(1);
    for (const chat of [1001, 1002, 1003]) expect(tgTo(chat)).toEqual([]);
    // a chat of one organizer naming another's request tells nobody
    const annaOther = await insertRequest(t, anna, departure, { status: 1 });
    await travellerWrites(dave.organizerId, 'Hello again', { requestId: annaOther });
    await settle();
    expect(tgTo(1004)).toHaveLength(1);
    for (const chat of [1001, 1002, 1003]) expect(tgTo(chat)).toEqual([]);
  });
});

describe('the Telegram reply path: what is not a reply to a chat notification', () => {
  it('a reply to a new-request notification, or from a chat the notification was not sent to, is handled as before', async () => {
    await travellerWrites(anna.organizerId, 'Hi');
    await settle();
    const sent = (await outboxTo('1001'))[0]!;
    const providerId = Number(sent.meta.provider_id);
    expect(providerId).toBeGreaterThan(9000);
    // dave's chat quoting anna's notification id: not his, handled as any text (the bot's help)
    await webhook({
      chat: { id: 1004 },
      from: { id: 1004 },
      text: 'mine?',
      reply_to_message: { message_id: providerId },
    });
    expect(tgTo(1004).at(-1)!.text).toContain('Send the connection code');
    // a reply to a message that is not a chat notification
    await webhook({ chat: { id: 1001 }, from: { id: 1001 }, text: 'ok', reply_to_message: { message_id: 1 } });
    expect(tgTo(1001).at(-1)!.text).toContain('Send the connection code');
  });

  it('a reply with no text, photo or file (a sticker) is answered that only those can be posted', async () => {
    await travellerWrites(anna.organizerId, 'Photo?');
    await settle();
    const providerId = Number((await outboxTo('1002'))[0]!.meta.provider_id);
    await webhook({
      chat: { id: 1002 },
      from: { id: 1002 },
      reply_to_message: { message_id: providerId },
      sticker: { file_id: 'sticker-1' },
    });
    const answer = tgTo(1002).at(-1)!;
    expect(answer.text).toBe('В чат можно отправить только текст, фото и файлы.');
    expect(answer.reply_parameters).toMatchObject({ message_id: providerId });
  });
});

describe('the demo seed', () => {
  it('tells nobody of what it makes: the notifications cursor passes over what was recorded meanwhile', async () => {
    const fresh = await tourWithDeparture(t, anna, { name: 'Seed ridge' });
    await t.app.services.events.skipping([NOTIFICATION_SUBSCRIBER], async () => {
      const id = await ownRequest(boris, fresh);
      const inv = await call(t, 'POST', '/crm/api/invoice/create-payment', anna, {
        request_id: id,
        amount: 1000,
        payment_type: 'prepayment',
        title: 'Prepayment',
      });
      expect((await payOnPage(t, (inv.body.payment_url as string).split('/pay/')[1]!)).status).toBe(303);
    });
    await sweep();
    for (const chat of [1001, 1002, 1003, 1004]) expect(tgTo(chat)).toEqual([]);
    const [cursor] = await t.database.db
      .select()
      .from(domainEventCursors)
      .where(eq(domainEventCursors.subscriber, NOTIFICATION_SUBSCRIBER));
    expect(cursor!.failures).toBe(0);
    // and afterwards everything is told again
    await ownRequest(boris, fresh);
    await settle();
    expect(tgTo(1001)).toHaveLength(1);
  });
});
