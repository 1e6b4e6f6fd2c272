import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import {
  organizerChannel,
  type ChannelsList,
  type ChatMessage,
  type ChatMessagesResponse,
  type Publication,
} from '@tourdesk/contract';
import { ConfigError, loadConfig } from '../../config';
import { chatMessages, chats, inboundEmails, requestTourists, requests } from '../../db/schema/index';
import {
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  throughMarker,
  type TestApp,
} from '../../test/test-app';
import { chatCalls, eventsOf, listenAsGuest, type Who } from './chat-test-utils';

/*
 * Replies to the e-mails travellers are sent (issue 24): the per-request Reply-To address and the
 * inbound e-mail webhook. The request's customer or tourist → posted into the request's chat as
 * the traveller, once per Message-ID; anyone else → held, the provider reads it as a note the
 * traveller never sees; wrong secret, forged address, another organizer's request, bad bodies →
 * nothing changes.
 */
const SECRET = 'inbound-mail-secret-0123456789';
const DOMAIN = 'reply.tourdesk.example';
const WEBHOOK = '/crm/api/webhooks/inbound-email';

let t: TestApp;
let c: ReturnType<typeof chatCalls>;
let base: string;
let anna: Who;
let boris: Who;
let annaGot: Publication[];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ INBOUND_EMAIL_DOMAIN: DOMAIN, INBOUND_EMAIL_SECRET: SECRET });
  c = chatCalls(t);
  for (const [name, org] of [
    ['anna', 'Altai Trails'],
    ['boris', 'Baikal Expeditions'],
  ] as const) {
    const u = await createUser(t.database, { email: `${name}@inbound.example`, organizers: [org] });
    const who = {
      userId: u.userId,
      organizerId: u.organizerIds[0]!,
      token: (await signIn(t.app, `${name}@inbound.example`)).token,
    };
    if (name === 'anna') anna = who;
    else boris = who;
  }
  base = await listenOnFreePort(t.app);
  const listening = await listenAsUser(t.app, base, anna.token);
  sockets.push(listening.socket);
  annaGot = listening.got;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const replyAddress = (requestId: number): string => t.app.services.chats.inbound.replyAddress(requestId)!;
let mailCount = 0;
/** A mail as a mail service posts it, to `to`, with a fresh Message-ID unless given. */
const mail = (to: string | string[], over: Record<string, unknown> = {}) => ({
  from: 'Olga Petrova <olga@example.com>',
  to,
  subject: 'Re: Your booking is confirmed',
  text: 'See you there!',
  message_id: `<mail-${++mailCount}@mail.example.com>`,
  ...over,
});
const deliver = (payload: unknown, headers: Record<string, string> = { 'x-webhook-secret': SECRET }) =>
  c.post(WEBHOOK, null, payload, headers);

const countOf = async (table: typeof chatMessages | typeof chats | typeof inboundEmails): Promise<number> =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;
const snapshot = async () => ({
  messages: await countOf(chatMessages),
  chats: await countOf(chats),
  inbound: await countOf(inboundEmails),
});
const chatIdOf = async (requestId: number): Promise<number | null> =>
  (await t.app.services.chats.travellers.linkOfRequest(requestId))
    ? Number((await t.app.services.chats.travellers.linkOfRequest(requestId))!.split('.')[0])
    : null;
const organizerMessages = async (who: Who, chatId: number): Promise<ChatMessage[]> =>
  (
    (await c.get('/crm/api/chat/get-messages', who, { chat_id: chatId, offset: 0 }))
      .body as unknown as ChatMessagesResponse
  ).items;
const travellerMessages = async (requestId: number): Promise<ChatMessage[]> =>
  (
    (
      await c.get('/spa/chat/get-messages', null, {
        token: (await t.app.services.chats.travellers.linkOfRequest(requestId))!,
        offset: 0,
      })
    ).body as unknown as ChatMessagesResponse
  ).items;

describe('configuration and the reply address', () => {
  it('INBOUND_EMAIL_DOMAIN is a domain (lower-cased), INBOUND_EMAIL_SECRET 16+ visible characters; a bad value stops the start', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
    expect(loadConfig({ ...env, INBOUND_EMAIL_DOMAIN: 'Reply.Example.COM' }).INBOUND_EMAIL_DOMAIN).toBe(
      'reply.example.com',
    );
    expect(() => loadConfig({ ...env, INBOUND_EMAIL_DOMAIN: 'not a domain' })).toThrow(/INBOUND_EMAIL_DOMAIN/);
    expect(() => loadConfig({ ...env, INBOUND_EMAIL_DOMAIN: 'reply@example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, INBOUND_EMAIL_SECRET: 'short' })).toThrow(/INBOUND_EMAIL_SECRET/);
  });

  it('the address is reply+<request id>-<signature>@<domain>, the same each time', async () => {
    const address = replyAddress(7);
    expect(address).toMatch(/^reply\+7-[0-9a-f]{16}@reply\.tourdesk\.example$/);
    expect(replyAddress(7)).toBe(address);
    expect(replyAddress(8)).not.toBe(address.replace('+7-', '+8-'));
  });

  it('without the domain messages carry no reply address; without the secret the webhook answers 404', async () => {
    const bare = await createTestApp();
    try {
      expect(bare.app.services.chats.inbound.replyAddress(7)).toBeNull();
      const res = await bare.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'x-webhook-secret': SECRET },
        payload: mail(replyAddress(7)),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('the webhook refuses what is not ours', () => {
  it('no secret, a wrong one, or one in another header: 401 and nothing changes', async () => {
    const request = await c.makeRequest(anna);
    const before = await snapshot();
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-webhook-secret': 'wrong-secret-0123456789' },
      { 'x-webhook-secret': `${SECRET}x` },
      { 'x-webhook-secret': SECRET.slice(0, -1) },
      { authorization: `Bearer ${SECRET}` },
    ]) {
      const res = await deliver(mail(replyAddress(request.id)), headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a forged signature, another request id with a real signature, an unknown request or no reply address: 200 not accepted, nothing posted', async () => {
    const request = await c.makeRequest(anna);
    const real = replyAddress(request.id);
    const sig = /-([0-9a-f]{16})@/.exec(real)![1]!;
    const before = await snapshot();
    for (const to of [
      real.replace(sig, sig.split('').reverse().join('')),
      real.replace(`+${request.id}-`, `+${request.id + 1}-`),
      replyAddress(2_000_000_000),
      'bookings@altai.example',
      [`reply+${request.id}@${DOMAIN}`, `reply+${request.id}-0123456789abcdef@${DOMAIN}`],
    ]) {
      const res = await deliver(mail(to));
      expect(res.status, JSON.stringify(to)).toBe(200);
      expect(res.body).toEqual({ accepted: false, status: null });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('bad bodies: 422 in the SPEC error shape, on their fields, and nothing changes', async () => {
    const request = await c.makeRequest(anna);
    const good = mail(replyAddress(request.id));
    const before = await snapshot();
    for (const [body, field] of [
      [{ ...good, from: undefined }, 'from'],
      [{ ...good, from: '   ' }, 'from'],
      [{ ...good, to: [] }, 'to'],
      [{ ...good, to: 42 }, 'to'],
      [{ ...good, message_id: undefined }, 'message_id'],
      [{ ...good, text: { html: 'x' } }, 'text'],
      [{ ...good, subject: 'x'.repeat(1000) }, 'subject'],
      [{ ...good, text: 'nul \u0000 inside' }, 'text'],
    ] as const) {
      const res = await deliver(body);
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toEqual(expect.any(String));
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
      expect(res.body.errors![field]!.every((m) => typeof m === 'string')).toBe(true);
    }
    for (const body of ['not json', [good]]) {
      const res = await c.call('POST', WEBHOOK, null, body, {
        'x-webhook-secret': SECRET,
        'content-type': 'application/json',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the traveller's reply reaches the request's chat", () => {
  it('from the customer: the chat is made (as the questionnaire makes it), the reply posted as the traveller without the quote; the CRM hears it', async () => {
    const request = await c.makeRequest(anna, { name: 'Olga Petrova', email: 'Olga@Example.com' });
    expect(await chatIdOf(request.id)).toBeNull();
    const res = await deliver(
      mail(`Altai Trails <${replyAddress(request.id)}>`, {
        from: 'Olga Petrova <OLGA@example.com>',
        text: 'Yes, we will be there at 8.\n\nOn Mon, 2 Nov 2026 at 10:00, Altai Trails <bookings@altai.example> wrote:\n> Your booking is confirmed.\n> Meeting point: the station.',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: true, status: 'posted' });
    const chatId = (await chatIdOf(request.id))!;
    const [message] = await organizerMessages(anna, chatId);
    expect(message).toMatchObject({
      type: 'input',
      author: 'traveller',
      author_name: 'Olga Petrova',
      text: 'Yes, we will be there at 8.',
    });
    expect(await c.chat(anna, chatId)).toMatchObject({
      kind: 'tourist',
      traveller: { name: 'Olga Petrova', email: 'Olga@Example.com' },
      tour: { id: request.tourId },
      request_ids: [request.id],
      unread_count: 1,
    });
    await eventually(() => expect(eventsOf(annaGot, 'new_message', chatId)).toHaveLength(1));
    expect(eventsOf(annaGot, 'chat_created', chatId)).toHaveLength(1);
    // the traveller reads it through their chat link, as their own message
    expect((await travellerMessages(request.id)).map((m) => m.text)).toEqual(['Yes, we will be there at 8.']);
    const [row] = await t.database.db.select().from(inboundEmails).where(eq(inboundEmails.request_id, request.id));
    expect(row).toMatchObject({
      organizer_id: anna.organizerId,
      chat_id: chatId,
      from_address: 'olga@example.com',
      status: 'posted',
      text: 'Yes, we will be there at 8.',
    });
  });

  it('delivered twice (one after the other, then twice at once): posted once, the same answer each time', async () => {
    const request = await c.makeRequest(anna);
    const once = mail(replyAddress(request.id), { text: 'Two places, please.' });
    expect((await deliver(once)).body).toEqual({ accepted: true, status: 'posted' });
    expect((await deliver(once)).body).toEqual({ accepted: true, status: 'posted' });
    const chatId = (await chatIdOf(request.id))!;
    expect((await organizerMessages(anna, chatId)).map((m) => m.text)).toEqual(['Two places, please.']);

    const other = await c.makeRequest(anna);
    const racing = mail(replyAddress(other.id), { text: 'Is lunch included?' });
    const answers = await Promise.all([deliver(racing), deliver(racing), deliver(racing)]);
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(3).fill([200, { accepted: true, status: 'posted' }]));
    const otherChat = (await chatIdOf(other.id))!;
    expect((await organizerMessages(anna, otherChat)).map((m) => m.text)).toEqual(['Is lunch included?']);
    expect(
      (await t.database.db.select({ n: count() }).from(inboundEmails).where(eq(inboundEmails.request_id, other.id)))[0]!
        .n,
    ).toBe(1);
  });

  it("from a tourist's own address: posted as the traveller; into the chat the questionnaire made already", async () => {
    const request = await c.makeRequest(anna);
    await t.database.db
      .insert(requestTourists)
      .values({ request_id: request.id, position: 1, first_name: 'Ivan', email: 'Ivan.Sidorov@Mail.example' });
    const started = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: 'Hello' });
    const res = await deliver(
      mail([`bookings@altai.example`, replyAddress(request.id)], { from: 'ivan.sidorov@mail.example' }),
    );
    expect(res.body).toEqual({ accepted: true, status: 'posted' });
    expect((await organizerMessages(anna, started.id)).map((m) => [m.author, m.text])).toEqual([
      ['traveller', 'Hello'],
      ['traveller', 'See you there!'],
    ]);
  });

  it('markup in the mail shows as the text it is: stored and answered unchanged, never as HTML', async () => {
    const request = await c.makeRequest(anna);
    const text = '<script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>';
    await deliver(mail(replyAddress(request.id), { text }));
    const [message] = await organizerMessages(anna, (await chatIdOf(request.id))!);
    expect(message!.text).toBe(text);
    // an HTML-only mail: its text, the tags gone, the escaped markup in it shown as text
    const html = await c.makeRequest(anna);
    await deliver(
      mail(replyAddress(html.id), {
        text: '',
        html: '<p>&lt;b&gt;not bold&lt;/b&gt;</p><script>alert(1)</script><blockquote>old</blockquote>',
      }),
    );
    const [fromHtml] = await organizerMessages(anna, (await chatIdOf(html.id))!);
    expect(fromHtml!.text).toBe('<b>not bold</b>');
  });

  it('a reply with no words of its own but the quote: its subject is posted; with nothing at all: not accepted', async () => {
    const request = await c.makeRequest(anna);
    const onlyQuote = '> Your booking is confirmed.';
    expect((await deliver(mail(replyAddress(request.id), { text: onlyQuote, subject: 'Thanks!' }))).body).toEqual({
      accepted: true,
      status: 'posted',
    });
    expect((await organizerMessages(anna, (await chatIdOf(request.id))!)).map((m) => m.text)).toEqual(['Thanks!']);
    const before = await snapshot();
    expect((await deliver(mail(replyAddress(request.id), { text: onlyQuote, subject: ' ' }))).body).toEqual({
      accepted: false,
      status: null,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("a stranger's mail is held for the provider", () => {
  it('not posted as the traveller: a note the provider reads (sender, subject, text), the traveller never sees or hears it', async () => {
    const request = await c.makeRequest(anna);
    const started = await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: 'Hi' });
    const guest = await listenAsGuest(
      base,
      (await c.get('/spa/chat/channels-list', null, { token: started.token })).body as unknown as ChannelsList,
      sockets,
    );
    const unreadBefore = await c.unread(anna);
    const res = await deliver(
      mail(replyAddress(request.id), {
        from: '"olga@example.com" <mallory@evil.example>',
        subject: 'Change of plans',
        text: 'Please send the refund to my card 1234.\n\n> Your booking is confirmed.',
      }),
    );
    expect(res.body).toEqual({ accepted: true, status: 'held' });
    const messages = await organizerMessages(anna, started.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      type: 'input',
      author: 'note',
      author_name: 'mallory@evil.example',
      text: 'Change of plans\n\nPlease send the refund to my card 1234.',
      is_read: false,
    });
    expect(await c.unread(anna)).toBe(unreadBefore + 1);
    await eventually(() => expect(eventsOf(annaGot, 'new_message', started.id)).toHaveLength(2));
    expect(eventsOf(annaGot, 'new_message', started.id)[1]!.payload.message.author).toBe('note');
    // the traveller: not in their messages, not on their channel, not in their unread count
    expect((await travellerMessages(request.id)).map((m) => m.text)).toEqual(['Hi']);
    await throughMarker(t.app, guest.got, `chat:${started.id}`);
    // (the traveller's own 'Hi' may reach it: only the note must not)
    expect(
      eventsOf(guest.got, 'new_message', started.id).filter((p) => p.payload.message.author !== 'traveller'),
    ).toEqual([]);
    expect((await c.get('/spa/chat/get', null, { token: started.token })).body).toMatchObject({ unread_count: 0 });
    const [row] = await t.database.db.select().from(inboundEmails).where(eq(inboundEmails.request_id, request.id));
    expect(row).toMatchObject({
      status: 'held',
      chat_id: started.id,
      from_address: 'mallory@evil.example',
      subject: 'Change of plans',
      text: 'Please send the refund to my card 1234.',
    });
    // delivered again: held once
    const again = await deliver(
      mail(replyAddress(request.id), { from: 'mallory@evil.example', message_id: row!.message_id }),
    );
    expect(again.body).toEqual({ accepted: true, status: 'held' });
    expect(await organizerMessages(anna, started.id)).toHaveLength(2);
  });

  it('a request without a chat yet: the chat is made for the note; the traveller writing later sees none of it', async () => {
    const request = await c.makeRequest(anna);
    expect((await deliver(mail(replyAddress(request.id), { from: 'someone@else.example' }))).body).toEqual({
      accepted: true,
      status: 'held',
    });
    const chatId = (await chatIdOf(request.id))!;
    expect((await organizerMessages(anna, chatId)).map((m) => m.author)).toEqual(['note']);
    expect(await travellerMessages(request.id)).toEqual([]);
  });

  it("the traveller's own mail is held too when the chat takes no traveller messages: a canceled request, a frozen chat", async () => {
    const request = await c.makeRequest(anna);
    await t.database.db.update(requests).set({ status: 6 }).where(eq(requests.id, request.id));
    expect((await deliver(mail(replyAddress(request.id)))).body).toEqual({ accepted: true, status: 'held' });
    const chatId = (await chatIdOf(request.id))!;
    expect((await organizerMessages(anna, chatId)).map((m) => [m.author, m.author_name])).toEqual([
      ['note', 'olga@example.com'],
    ]);

    const frozen = await c.makeRequest(anna);
    const started = await c.start({ organizer_id: anna.organizerId, request_uuid: frozen.uuid, message: 'Hi' });
    await t.database.db.update(chats).set({ is_frozen: true }).where(eq(chats.id, started.id));
    expect((await deliver(mail(replyAddress(frozen.id)))).body).toEqual({ accepted: true, status: 'held' });
    expect((await organizerMessages(anna, started.id)).map((m) => m.author)).toEqual(['traveller', 'note']);
  });
});

describe("another organizer's request is never touched", () => {
  it("a reply to one organizer's request posts only there; a mail from that organizer's customer to another's address is held there", async () => {
    const annas = await c.makeRequest(anna, { name: 'Olga Petrova', email: 'olga.shared@example.com' });
    const boriss = await c.makeRequest(boris, { name: 'Pavel Orlov', email: 'pavel@example.com' });
    const borisChatsBefore = (
      await t.database.db.select({ n: count() }).from(chats).where(eq(chats.organizer_id, boris.organizerId))
    )[0]!.n;
    expect(
      (await deliver(mail(replyAddress(annas.id), { from: 'olga.shared@example.com', text: 'For Altai' }))).body,
    ).toEqual({ accepted: true, status: 'posted' });
    expect(
      (await t.database.db.select({ n: count() }).from(chats).where(eq(chats.organizer_id, boris.organizerId)))[0]!.n,
    ).toBe(borisChatsBefore);
    // Anna's customer writes to Boris's request: held there, posted as nobody
    expect(
      (await deliver(mail(replyAddress(boriss.id), { from: 'olga.shared@example.com', text: 'Wrong trip' }))).body,
    ).toEqual({ accepted: true, status: 'held' });
    const borisChat = (await chatIdOf(boriss.id))!;
    expect((await organizerMessages(boris, borisChat)).map((m) => [m.author, m.text])).toEqual([
      ['note', 'Re: Your booking is confirmed\n\nWrong trip'],
    ]);
    // Anna's members cannot open it; Anna's chat has only its own reply
    expect((await c.get('/crm/api/chat/get-messages', anna, { chat_id: borisChat, offset: 0 })).status).toBe(404);
    expect((await organizerMessages(anna, (await chatIdOf(annas.id))!)).map((m) => m.text)).toEqual(['For Altai']);
    // Anna's request's signature on Boris's request id opens nothing
    const annaSig = /-([0-9a-f]{16})@/.exec(replyAddress(annas.id))![1]!;
    const before = await snapshot();
    expect(
      (await deliver(mail(`reply+${boriss.id}-${annaSig}@${DOMAIN}`, { from: 'pavel@example.com' }))).body,
    ).toEqual({
      accepted: false,
      status: null,
    });
    expect(await snapshot()).toEqual(before);
    await throughMarker(t.app, annaGot, organizerChannel(anna.organizerId));
    expect(eventsOf(annaGot, 'new_message', borisChat)).toEqual([]);
  });
});
