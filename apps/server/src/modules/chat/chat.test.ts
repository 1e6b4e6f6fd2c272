import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { organizerChannel, type ChannelsList, type Chat, type ChatMessage, type Publication } from '@tourdesk/contract';
import { chatMessages, chats } from '../../db/schema/index';
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
 * The provider's chats end to end (SPEC §7 Chat, §3 message states, §4 events): a traveller
 * writes without an account, from the questionnaire page (their request's uuid) or a tour page
 * (name and e-mail); the organizer's open CRM hears chat_created and new_message; list, get-chat,
 * get-messages paging, unread counts and mark-as-read, send-message (idempotent by client_id;
 * SPEC's 'data.chatId must be a number'), list-for-chat, the support chat; another organizer's
 * user gets 404 and bad input writes nothing.
 */
let t: TestApp;
let base: string;
let c: ReturnType<typeof chatCalls>;
let anna: Who;
let boris: Who;
let annaGot: Publication[];
let borisGot: Publication[];
const sockets: Socket[] = [];
let request: { id: number; uuid: string; tourId: number };

const messageCount = async (chatId?: number): Promise<number> =>
  (
    await t.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(chatId ? eq(chatMessages.chat_id, chatId) : undefined)
  )[0]!.n;
const chatCount = async (): Promise<number> => (await t.database.db.select({ n: count() }).from(chats))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  c = chatCalls(t);
  for (const [name, org] of [
    ['anna', 'Altai Trails'],
    ['boris', 'Baikal Expeditions'],
  ] as const) {
    const u = await createUser(t.database, { email: `${name}@chat.example`, organizers: [org] });
    const who = {
      userId: u.userId,
      organizerId: u.organizerIds[0]!,
      token: (await signIn(t.app, `${name}@chat.example`)).token,
    };
    if (name === 'anna') anna = who;
    else boris = who;
  }
  base = await listenOnFreePort(t.app);
  const a = await listenAsUser(t.app, base, anna.token);
  const b = await listenAsUser(t.app, base, boris.token);
  sockets.push(a.socket, b.socket);
  annaGot = a.got;
  borisGot = b.got;
  request = await c.makeRequest(anna);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('a traveller writes without an account (get-chat-with-organizer)', () => {
  let first: Awaited<ReturnType<typeof c.start>>;

  it('from the questionnaire page: the request’s chat, its customer the traveller; the CRM hears chat_created and new_message', async () => {
    const text = '<script>alert("x")</script> <b>Hello</b> & welcome';
    first = await c.start({
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: text,
      client_id: 'q-1',
    });
    expect(first.url).toBe(`/org/traveller-chat/${encodeURIComponent(first.token)}`);
    expect(first.message).toMatchObject({
      chat_id: first.id,
      type: 'input',
      author: 'traveller',
      author_name: 'Olga Petrova',
      // stored and answered as the plain text it is: nothing escaped, nothing stripped
      text,
      status: 3,
      client_id: 'q-1',
      file: null,
      is_read: false,
      is_deleted: false,
      is_moderated: false,
      edited_at: null,
    });
    await eventually(() => expect(eventsOf(annaGot, 'new_message', first.id)).toHaveLength(1));
    const [created] = eventsOf(annaGot, 'chat_created', first.id);
    expect(created!.channel).toBe(organizerChannel(anna.organizerId));
    expect(created!.payload.chat).toMatchObject({
      id: first.id,
      organizer_id: anna.organizerId,
      kind: 'tourist',
      title: 'Olga Petrova',
      traveller: { name: 'Olga Petrova', email: 'olga@example.com' },
      tour: { id: request.tourId, name: 'Altai lakes' },
      request_ids: [request.id],
      unread_count: 1,
      is_frozen: false,
    });
    expect(eventsOf(annaGot, 'new_message', first.id)[0]!.payload.message).toMatchObject({ text, type: 'input' });
    // another organizer's screens hear nothing of it
    await throughMarker(t.app, borisGot, organizerChannel(boris.organizerId));
    expect(eventsOf(borisGot, 'new_message', first.id)).toEqual([]);
  });

  it('the same questionnaire link again continues that chat (same link); the same client_id is the same message', async () => {
    const again = await c.start({
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'One more thing',
    });
    expect(again.id).toBe(first.id);
    expect(again.token).toBe(first.token);
    const retried = await c.start({
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'One more thing',
      client_id: 'q-1',
    });
    expect(retried.message.id).toBe(first.message.id);
    expect(await messageCount(first.id)).toBe(2);
    await throughMarker(t.app, annaGot, organizerChannel(anna.organizerId));
    expect(eventsOf(annaGot, 'chat_created', first.id)).toHaveLength(1);
    expect(eventsOf(annaGot, 'new_message', first.id)).toHaveLength(2);
  });

  it('from a tour page with name and e-mail: a new chat each time (an address opens no earlier conversation)', async () => {
    const one = await c.start({
      organizer_id: anna.organizerId,
      tour_id: request.tourId,
      name: 'Ivan',
      email: 'ivan@example.com',
      message: 'Is there a place in June?',
    });
    const two = await c.start({
      organizer_id: anna.organizerId,
      name: 'Ivan',
      email: 'ivan@example.com',
      message: 'Hi',
    });
    expect(two.id).not.toBe(one.id);
    expect(two.token).not.toBe(one.token);
    expect(await c.chat(anna, one.id)).toMatchObject({
      tour: { id: request.tourId },
      request_ids: [],
      traveller: { email: 'ivan@example.com' },
    });
  });

  it('bad input: field errors, nothing written', async () => {
    const before = [await chatCount(), await messageCount()];
    const post = (payload: Record<string, unknown>) => c.post('/crm/api/chat/get-chat-with-organizer', null, payload);
    const noWho = await post({ organizer_id: anna.organizerId, message: 'Hi' });
    expect(noWho.status).toBe(422);
    expect(Object.keys(noWho.body.errors!).sort()).toEqual(['email', 'name']);
    const empty = await post({ organizer_id: anna.organizerId, name: 'A', email: 'a@example.com', message: '   ' });
    expect(empty.body.errors).toEqual({ message: ['Required field'] });
    const badEmail = await post({ organizer_id: anna.organizerId, name: 'A', email: 'nope', message: 'Hi' });
    expect(badEmail.body.errors).toEqual({ email: ['Please enter a valid e-mail'] });
    const long = await post({
      organizer_id: anna.organizerId,
      name: 'A',
      email: 'a@example.com',
      message: 'x'.repeat(100_000),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: ['Maximum 5000 characters'] });
    // a request or tour of another organizer
    const borisRequest = await c.makeRequest(boris);
    const foreign = await post({ organizer_id: anna.organizerId, request_uuid: borisRequest.uuid, message: 'Hi' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ request_uuid: ['This link is no longer valid'] });
    const foreignTour = await post({
      organizer_id: anna.organizerId,
      tour_id: borisRequest.tourId,
      name: 'A',
      email: 'a@example.com',
      message: 'Hi',
    });
    expect(foreignTour.body.errors).toEqual({ tour_id: ['Tour not found'] });
    expect((await post({ organizer_id: 999_999, name: 'A', email: 'a@example.com', message: 'Hi' })).status).toBe(404);
    expect([await chatCount(), await messageCount()]).toEqual(before);
  });
});

describe('the provider’s chats', () => {
  let chat: Awaited<ReturnType<typeof c.start>>;
  beforeAll(async () => {
    chat = await c.start({
      organizer_id: anna.organizerId,
      name: 'Maria',
      email: 'maria@example.com',
      message: 'Hello!',
    });
  });

  it('list: the last written to first, 20 by default and at most, offset pages; another organizer 404; no token 401', async () => {
    const res = await c.get('/crm/api/chat/list', anna, { tour_organizer_id: anna.organizerId });
    expect(res.status).toBe(200);
    const page = res.body as unknown as { items: Chat[]; total: number; offset: number; limit: number };
    expect(page.limit).toBe(20);
    expect(page.offset).toBe(0);
    expect(page.total).toBe(page.items.length);
    expect(page.items[0]!.id).toBe(chat.id);
    expect(page.items[0]!.last_message).toMatchObject({ text: 'Hello!', author: 'traveller' });
    const updated = page.items.map((i) => i.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);
    const second = await c.get('/crm/api/chat/list', anna, {
      tour_organizer_id: anna.organizerId,
      limit: 1,
      offset: 1,
    });
    expect((second.body.items as Chat[]).map((i) => i.id)).toEqual([page.items[1]!.id]);
    expect(second.body.total).toBe(page.total);
    expect((await c.get('/crm/api/chat/list', anna, { tour_organizer_id: anna.organizerId, limit: 21 })).status).toBe(
      422,
    );
    expect(
      (await c.get('/crm/api/chat/list', anna, { tour_organizer_id: anna.organizerId, kind: 'support' })).body.items,
    ).toEqual([]);
    const foreign = await c.get('/crm/api/chat/list', boris, { tour_organizer_id: anna.organizerId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Organizer not found');
    expect((await c.get('/crm/api/chat/list', null, { tour_organizer_id: anna.organizerId })).status).toBe(401);
  });

  it('get-chat: the organizer’s members only (404 for another user, as for a chat never made)', async () => {
    expect(await c.chat(anna, chat.id)).toMatchObject({ id: chat.id, title: 'Maria', unread_count: 1 });
    for (const [who, id] of [
      [boris, chat.id],
      [anna, 999_999],
    ] as const) {
      const res = await c.get('/crm/api/chat/get-chat', who, { chat_id: id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Chat not found');
    }
    expect((await c.get('/crm/api/chat/get-chat', anna, { chat_id: 'abc' })).status).toBe(422);
    expect((await c.get('/crm/api/chat/get-chat', null, { chat_id: chat.id })).status).toBe(401);
  });

  it('unread counts follow the travellers’ messages; mark-as-read clears them for every member and tells the CRM and the traveller', async () => {
    const before = await c.unread(anna);
    expect(before).toBeGreaterThanOrEqual(1);
    const guest = await listenAsGuest(
      base,
      (await c.get('/spa/chat/channels-list', null, { token: chat.token })).body as unknown as ChannelsList,
      sockets,
    );
    await c.travellerSend(chat.token, 'Are you there?');
    expect(await c.unread(anna)).toBe(before + 1);
    expect((await c.chat(anna, chat.id)).unread_count).toBe(2);
    // another organizer's user can neither read the count nor mark the chat
    expect((await c.get('/crm/api/chat/unread-count', boris, { organizer_id: anna.organizerId })).status).toBe(404);
    expect((await c.post('/crm/api/chat/mark-as-read', boris, { chat_id: chat.id })).status).toBe(404);
    expect((await c.chat(anna, chat.id)).unread_count).toBe(2);

    const read = await c.post('/crm/api/chat/mark-as-read', anna, { chat_id: chat.id });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true, unread_count: before - 1 });
    expect((await c.chat(anna, chat.id)).unread_count).toBe(0);
    expect(await c.unread(anna)).toBe(before - 1);
    await eventually(() => expect(eventsOf(annaGot, 'chat_is_read', chat.id)).toHaveLength(1));
    const lastId = (await c.chat(anna, chat.id)).last_message!.id;
    // who read it: the member on the organizer's channel; the traveller's channel learns no member's id
    expect(eventsOf(annaGot, 'chat_is_read', chat.id)[0]!.payload).toEqual({
      actor: { type: 'user', user_id: anna.userId },
      organizer_id: anna.organizerId,
      chat_id: chat.id,
      reader: 'organizer',
      last_read_id: lastId,
    });
    // the traveller sees their messages read
    await eventually(() => expect(eventsOf(guest.got, 'chat_is_read', chat.id)).toHaveLength(1));
    expect(eventsOf(guest.got, 'chat_is_read', chat.id)[0]!.payload.actor).toEqual({ type: 'user', user_id: null });
    const theirs = (await c.get('/spa/chat/get-messages', null, { token: chat.token })).body.items as ChatMessage[];
    expect(theirs.every((m) => m.is_read)).toBe(true);
    // reading again changes nothing and tells nobody
    await c.post('/crm/api/chat/mark-as-read', anna, { chat_id: chat.id });
    await throughMarker(t.app, annaGot, organizerChannel(anna.organizerId));
    expect(eventsOf(annaGot, 'chat_is_read', chat.id)).toHaveLength(1);
  });

  it('send-message: output, success (3), client_id echoed; the traveller hears it; the same client_id twice is one message', async () => {
    const guest = await listenAsGuest(
      base,
      (await c.get('/spa/chat/channels-list', null, { token: chat.token })).body as unknown as ChannelsList,
      sockets,
    );
    expect(guest.acks).toEqual([{ ok: true }]);
    const before = await messageCount(chat.id);
    const sent = await c.send(anna, chat.id, 'Yes, we have places', { client_id: 'c-42' });
    expect(sent).toMatchObject({
      chat_id: chat.id,
      type: 'output',
      author: 'organizer',
      author_name: 'Test User',
      text: 'Yes, we have places',
      status: 3,
      client_id: 'c-42',
      is_read: false,
    });
    const again = await c.send(anna, chat.id, 'Yes, we have places', { client_id: 'c-42' });
    expect(again).toEqual(sent);
    expect(await messageCount(chat.id)).toBe(before + 1);
    await eventually(() => expect(eventsOf(guest.got, 'new_message', chat.id)).toHaveLength(1));
    expect(eventsOf(guest.got, 'new_message', chat.id)[0]!.payload.message).toMatchObject({
      id: sent.id,
      type: 'output',
    });
    const traveller = await c.get('/spa/chat/get', null, { token: chat.token });
    expect(traveller.body).toMatchObject({ id: chat.id, unread_count: 1, organizer: { name: 'Altai Trails' } });
    // the traveller reads: the CRM's message shows read
    await c.post('/spa/chat/mark-as-read', null, { token: chat.token });
    await eventually(() =>
      expect(eventsOf(annaGot, 'chat_is_read', chat.id).map((p) => p.payload.reader)).toContain('traveller'),
    );
    const mine = (await c.get('/crm/api/chat/get-messages', anna, { chat_id: chat.id })).body.items as ChatMessage[];
    expect(mine.find((m) => m.id === sent.id)!.is_read).toBe(true);
    expect((await c.get('/spa/chat/get', null, { token: chat.token })).body.unread_count).toBe(0);
  });

  it('send-message bad input: SPEC’s data.chatId must be a number; empty, 100 000 characters, another organizer’s chat or file; nothing written', async () => {
    const before = await messageCount();
    for (const chatId of ['abc', '12', 1.5, 0, null, undefined]) {
      const res = await c.post('/crm/api/chat/send-message', anna, { chat_id: chatId, message: 'Hi' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ chat_id: ['data.chatId must be a number'] });
      expect(res.body.codes).toEqual({ chat_id: [{ code: 'chat_id_must_be_number' }] });
    }
    const empty = await c.post('/crm/api/chat/send-message', anna, { chat_id: chat.id, message: '  ' });
    expect(empty.body.errors).toEqual({ message: ['Required field'] });
    const long = await c.post('/crm/api/chat/send-message', anna, { chat_id: chat.id, message: 'x'.repeat(100_000) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: ['Maximum 5000 characters'] });
    const exactly = 'y'.repeat(5000);
    expect((await c.send(anna, chat.id, exactly)).text).toBe(exactly);
    const foreign = await c.post('/crm/api/chat/send-message', boris, { chat_id: chat.id, message: 'Hi' });
    expect(foreign.status).toBe(404);
    expect((await c.post('/crm/api/chat/send-message', null, { chat_id: chat.id, message: 'Hi' })).status).toBe(401);
    // a file of another organizer's
    const borisFile = await uploadFile(boris, 'boris.pdf');
    const withFile = await c.post('/crm/api/chat/send-message', anna, {
      chat_id: chat.id,
      message: 'See',
      file_id: borisFile,
    });
    expect(withFile.status).toBe(422);
    expect(withFile.body.errors).toEqual({ file_id: ['File not found'] });
    expect(await messageCount()).toBe(before + 1);
  });

  it('sends a file of its own: the message shows it, the CRM and the traveller each open it through their own link', async () => {
    const fileId = await uploadFile(anna, 'programme.pdf');
    const sent = await c.send(anna, chat.id, '', { file_id: fileId });
    expect(sent.text).toBe('');
    expect(sent.file).toEqual({
      id: fileId,
      name: 'programme.pdf',
      size: PDF.length,
      mime: 'application/pdf',
      url: `/files/${fileId}`,
      is_image: false,
      download_status: 2,
    });
    const crm = await t.app.inject({
      method: 'GET',
      url: sent.file!.url,
      headers: { 'x-authorization': `Bearer ${anna.token}` },
    });
    expect(crm.statusCode).toBe(200);
    const travellerView = (
      (await c.get('/spa/chat/get-messages', null, { token: chat.token })).body.items as ChatMessage[]
    ).find((m) => m.id === sent.id)!;
    expect(travellerView.file!.url).toBe(`/spa/chat/file?token=${encodeURIComponent(chat.token)}&id=${fileId}`);
    const file = await t.app.inject({ method: 'GET', url: travellerView.file!.url });
    expect(file.statusCode).toBe(200);
    // served as bytes to download, never as a type a browser would run (as /files/{id})
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="programme.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // another chat's traveller cannot open it
    const other = await c.start({
      organizer_id: anna.organizerId,
      name: 'Eve',
      email: 'eve@example.com',
      message: 'Hi',
    });
    expect((await c.get('/spa/chat/file', null, { token: other.token, id: fileId })).status).toBe(404);
  });

  it('get-messages: pages of 20 in order, older ones by before_id without jumping when new ones arrive', async () => {
    const paged = await c.start({
      organizer_id: anna.organizerId,
      name: 'Pavel',
      email: 'pavel@example.com',
      message: 'm0',
    });
    for (let i = 1; i < 45; i++) await c.send(anna, paged.id, `m${i}`);
    const page = async (query: Record<string, string | number>) => {
      const res = await c.get('/crm/api/chat/get-messages', anna, { chat_id: paged.id, ...query });
      expect(res.status).toBe(200);
      return res.body as unknown as { items: ChatMessage[]; has_more: boolean };
    };
    const newest = await page({});
    expect(newest.items.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 + i}`));
    expect(newest.has_more).toBe(true);
    // a message arrives while the provider scrolls up: the next page is still the one before
    await c.travellerSend(paged.token, 'new while scrolling');
    const older = await page({ before_id: newest.items[0]!.id });
    expect(older.items.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${5 + i}`));
    const oldest = await page({ before_id: older.items[0]!.id });
    expect(oldest.items.map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(oldest.has_more).toBe(false);
    // SPEC's offset counts from the newest; after_id catches up after a reconnection
    expect((await page({ offset: 21 })).items.map((m) => m.text)).toEqual(older.items.map((m) => m.text));
    const caughtUp = await page({ after_id: newest.items.at(-1)!.id });
    expect(caughtUp).toEqual({ items: [expect.objectContaining({ text: 'new while scrolling' })], has_more: false });
    expect((await page({ limit: 5 })).items).toHaveLength(5);
    const both = await c.get('/crm/api/chat/get-messages', anna, { chat_id: paged.id, before_id: 5, after_id: 1 });
    expect(both.status).toBe(422);
    expect((await c.get('/crm/api/chat/get-messages', boris, { chat_id: paged.id })).status).toBe(404);
  });

  it('list-for-chat: the requests of the chat; none for a tour-page chat; another organizer 404', async () => {
    const questionnaireChat = (
      await c.start({ organizer_id: anna.organizerId, request_uuid: request.uuid, message: 'x' })
    ).id;
    const res = await c.get('/crm/api/request/list-for-chat', anna, { chat_id: questionnaireChat });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 1,
        tour: { id: request.tourId, name: 'Altai lakes' },
        customer_name: 'Olga Petrova',
        customer_email: 'olga@example.com',
        tourists_count: 2,
      }),
    ]);
    expect((await c.get('/crm/api/request/list-for-chat', anna, { chat_id: chat.id })).body.items).toEqual([]);
    expect((await c.get('/crm/api/request/list-for-chat', boris, { chat_id: questionnaireChat })).status).toBe(404);
  });
});

describe('the chat with support (get-chat-with-support)', () => {
  it('one chat per organizer and site, made on the first call (chat_created); another organizer’s id 404; unknown site 404', async () => {
    const siteId = await c.makeSite('Tourdesk Market');
    const first = await c.get('/crm/api/chat/get-chat-with-support', anna, {
      site_id: siteId,
      organizer_id: anna.organizerId,
    });
    expect(first.status).toBe(200);
    const id = first.body.id as number;
    // without organizer_id: the user's first organizer (SPEC §6)
    expect((await c.get('/crm/api/chat/get-chat-with-support', anna, { site_id: siteId })).body).toEqual({ id });
    expect(await c.chat(anna, id)).toMatchObject({
      kind: 'support',
      title: 'Tourdesk Market',
      site: { id: siteId, name: 'Tourdesk Market' },
      traveller: null,
      last_message: null,
    });
    await eventually(() => expect(eventsOf(annaGot, 'chat_created', id)).toHaveLength(1));
    const foreign = await c.get('/crm/api/chat/get-chat-with-support', boris, {
      site_id: siteId,
      organizer_id: anna.organizerId,
    });
    expect(foreign.status).toBe(404);
    expect((await c.get('/crm/api/chat/get-chat-with-support', anna, { site_id: 999_999 })).status).toBe(404);
    // boris's own support chat with the same site is his, not anna's
    const his = (await c.get('/crm/api/chat/get-chat-with-support', boris, { site_id: siteId })).body.id;
    expect(his).not.toBe(id);
    // the support chat has no traveller link
    expect(
      (await c.get('/crm/api/chat/list', anna, { tour_organizer_id: anna.organizerId, kind: 'support' })).body.total,
    ).toBe(1);
  });
});

describe('the traveller’s link', () => {
  it('reads and writes only the chat its token names; a wrong or tampered token is 404; uploads are the chat’s', async () => {
    const chat = await c.start({
      organizer_id: anna.organizerId,
      name: 'Sergey',
      email: 'sergey@example.com',
      message: 'Hi',
    });
    const mine = await c.get('/spa/chat/get', null, { token: chat.token });
    expect(mine.body).toMatchObject({
      id: chat.id,
      organizer: { id: anna.organizerId, name: 'Altai Trails' },
      traveller: { name: 'Sergey', email: 'sergey@example.com' },
      is_frozen: false,
    });
    const [id, mac] = chat.token.split('.') as [string, string];
    for (const bad of [`${id}.${mac.slice(0, -1)}A`, `${Number(id) - 1}.${mac}`, 'junk', `${id}`]) {
      for (const res of [
        await c.get('/spa/chat/get', null, { token: bad }),
        await c.post('/spa/chat/send-message', null, { token: bad, message: 'x' }),
      ]) {
        expect(res.status === 404 || res.status === 422).toBe(true);
        if (res.status === 404) expect(res.body.message).toBe('This chat link is no longer valid');
      }
    }
    // a guest token joins its own chat's channel only
    const list = (await c.get('/spa/chat/channels-list', null, { token: chat.token })).body as unknown as ChannelsList;
    expect(list.channels.map((ch) => ch.name)).toEqual([`chat:${chat.id}`]);
    const guest = await listenAsGuest(
      base,
      { ...list, channels: [{ name: organizerChannel(anna.organizerId), token: list.channels[0]!.token }] },
      sockets,
    );
    expect(guest.acks).toEqual([{ ok: false, message: 'Forbidden' }]);

    // an upload through the link: the chat's organizer's file, sent in a message, opened by both sides
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const up = await t.app.inject({
      method: 'POST',
      url: `/spa/chat/upload?token=${encodeURIComponent(chat.token)}`,
      headers: { 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(up.statusCode).toBe(200);
    const file = up.json() as { id: number; is_image: boolean; mime: string; url: string };
    expect(file).toMatchObject({ is_image: true, mime: 'image/png', name: 'photo.png' });
    const sent = await c.travellerSend(chat.token, '', { file_id: file.id });
    expect(sent.file).toMatchObject({ id: file.id, is_image: true });
    const crmView = (
      (await c.get('/crm/api/chat/get-messages', anna, { chat_id: chat.id })).body.items as ChatMessage[]
    ).at(-1)!;
    expect(crmView.file!.url).toBe(`/files/${file.id}`);
    const opened = await t.app.inject({
      method: 'GET',
      url: crmView.file!.url,
      headers: { 'x-authorization': `Bearer ${anna.token}` },
    });
    expect(opened.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: crmView.file!.url,
          headers: { 'x-authorization': `Bearer ${boris.token}` },
        })
      ).statusCode,
    ).toBe(404);
    // another traveller cannot send this chat's upload, nor the organizer's own files
    const other = await c.start({
      organizer_id: anna.organizerId,
      name: 'Eve',
      email: 'eve2@example.com',
      message: 'Hi',
    });
    const stolen = await c.post('/spa/chat/send-message', null, { token: other.token, message: '', file_id: file.id });
    expect(stolen.body.errors).toEqual({ file_id: ['File not found'] });
    const annaFile = await uploadFile(anna, 'private.pdf');
    expect(
      (await c.post('/spa/chat/send-message', null, { token: chat.token, message: 'x', file_id: annaFile })).status,
    ).toBe(422);
    expect((await c.get('/spa/chat/file', null, { token: chat.token, id: annaFile })).status).toBe(404);
  });
});

// ─── files ─────────────────────────────────────────────────────────────────────

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A private file uploaded by a member for their organizer (POST /crm/api/file/upload). */
const uploadFile = async (who: Who, name: string): Promise<number> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  form.append('organizer_id', String(who.organizerId));
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/file/upload',
    headers: { 'content-type': req.headers.get('content-type')!, 'x-authorization': `Bearer ${who.token}` },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
};
