import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import {
  SUPPORT_CHANNEL,
  chatChannel,
  organizerChannel,
  type ChannelsList,
  type ChatMessage,
  type OperatorChat,
  type Publication,
} from '@tourdesk/contract';
import { chatMessages } from '../../db/schema/index';
import {
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  type TestApp,
} from '../../test/test-app';
import { operatorSession } from '../../test/operator-session';
import { chatCalls, eventsOf, listenAsGuest, type Who } from './chat-test-utils';

/*
 * Support's side (the operator token): support chats answered, its own messages edited, any
 * message moderated or deleted, chats frozen; each change reaches the organizer's open CRM, the
 * traveller's page and support's own screen at once (message_was_edit, message_was_moderated,
 * message_was_deleted, chat_is_frozen), each reader seeing what it may. Also: concurrent sends of
 * one client_id make one message.
 */
const ADMIN_TOKEN = 'chat-operator-token-0123456789abcdef';
/** Maria, a support operator signed in to the console: the desk's calls carry her session */
let maria: Awaited<ReturnType<typeof operatorSession>>;
let operator: Record<string, string>;
let t: TestApp;
let base: string;
let c: ReturnType<typeof chatCalls>;
let anna: Who;
let annaGot: Publication[];
let supportGot: Publication[];
let travellerGot: Publication[];
const sockets: Socket[] = [];
let supportChatId: number;
let tourist: Awaited<ReturnType<typeof c.start>>;

const op = {
  get: (url: string, query: Record<string, string | number> = {}) =>
    c.call(
      'GET',
      `/crm/api/operator/chat/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      null,
      undefined,
      operator,
    ),
  post: (url: string, payload: unknown) => c.post(`/crm/api/operator/chat/${url}`, null, payload, operator),
};
const messagesAs = async (who: 'anna' | 'operator' | 'traveller', chatId: number, token?: string) => {
  const res =
    who === 'anna'
      ? await c.get('/crm/api/chat/get-messages', anna, { chat_id: chatId })
      : who === 'operator'
        ? await op.get('get-messages', { chat_id: chatId })
        : await c.get('/spa/chat/get-messages', null, { token: token! });
  return res.body.items as ChatMessage[];
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  c = chatCalls(t);
  maria = await operatorSession(t, 'support', 'Maria');
  operator = maria.headers;
  const u = await createUser(t.database, { email: 'anna@support.example', organizers: ['Altai Trails'] });
  anna = {
    userId: u.userId,
    organizerId: u.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@support.example')).token,
  };
  base = await listenOnFreePort(t.app);
  const a = await listenAsUser(t.app, base, anna.token);
  sockets.push(a.socket);
  annaGot = a.got;
  const support = await listenAsGuest(base, (await op.get('channels-list')).body as unknown as ChannelsList, sockets);
  expect(support.acks).toEqual([{ ok: true }]);
  supportGot = support.got;
  const siteId = await c.makeSite('Tourdesk Market');
  supportChatId = (await c.get('/crm/api/chat/get-chat-with-support', anna, { site_id: siteId })).body.id as number;
  tourist = await c.start({
    organizer_id: anna.organizerId,
    name: 'Olga',
    email: 'olga@example.com',
    message: 'Call me at +7 999 000 00 00',
  });
  const traveller = await listenAsGuest(
    base,
    (await c.get('/spa/chat/channels-list', null, { token: tourist.token })).body as unknown as ChannelsList,
    sockets,
  );
  travellerGot = traveller.got;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('support chats (a support operator’s session)', () => {
  it('needs an operator’s session: none or a user’s token is 401, a wrong shared token too', async () => {
    for (const [headers, message] of [
      [{}, 'Operator sign-in required'],
      [{ 'x-operator-token': 'wrong' }, 'Operator token required'],
      [{ 'x-authorization': `Bearer ${anna.token}` }, 'Operator sign-in required'],
      [{ 'x-operator-authorization': `Bearer ${anna.token}` }, 'Operator sign-in required'],
    ] as [Record<string, string>, string][]) {
      const res = await c.call('GET', '/crm/api/operator/chat/list', null, undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(message);
    }
    const write = await c.call('POST', '/crm/api/operator/chat/freeze-chat', anna, { chat_id: tourist.id });
    expect(write.status).toBe(401);
    expect((await c.chat(anna, tourist.id)).is_frozen).toBe(false);
  });

  it('lists support chats with the organizer’s name and support’s unread count; the organizer’s message reaches support live', async () => {
    const sent = await c.send(anna, supportChatId, 'Our tour is stuck on moderation');
    await eventually(() => expect(eventsOf(supportGot, 'new_message', supportChatId)).toHaveLength(1));
    expect(eventsOf(supportGot, 'new_message', supportChatId)[0]!.channel).toBe(SUPPORT_CHANNEL);
    const list = await op.get('list');
    expect(list.status).toBe(200);
    const row = (list.body.items as OperatorChat[]).find((i) => i.id === supportChatId)!;
    expect(row).toMatchObject({
      kind: 'support',
      organizer_name: 'Altai Trails',
      title: 'Tourdesk Market',
      unread_count: 1,
      last_message: { id: sent.id, type: 'output', author: 'organizer' },
    });
    // travellers' chats are listed on request only (to moderate them)
    expect((list.body.items as OperatorChat[]).some((i) => i.id === tourist.id)).toBe(false);
    const tourists = await op.get('list', { kind: 'tourist', organizer_id: anna.organizerId });
    expect((tourists.body.items as OperatorChat[]).map((i) => i.id)).toContain(tourist.id);
    expect((await op.post('mark-as-read', { chat_id: supportChatId })).body).toEqual({ success: true });
    expect(
      ((await op.get('list')).body.items as OperatorChat[]).find((i) => i.id === supportChatId)!.unread_count,
    ).toBe(0);
    await eventually(() =>
      expect(eventsOf(annaGot, 'chat_is_read', supportChatId).map((p) => p.payload.reader)).toContain('support'),
    );
  });

  it('answers: the CRM hears an input message from support and counts it unread; a traveller’s chat is not support’s to write in', async () => {
    const before = await c.unread(anna);
    const answer = await op.post('send-message', {
      chat_id: supportChatId,
      message: 'We are on it',
      client_id: 'op-1',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'input',
      author: 'support',
      author_name: 'Maria',
      client_id: 'op-1',
      status: 3,
    });
    await eventually(() =>
      expect(eventsOf(annaGot, 'new_message', supportChatId).map((p) => p.payload.message.id)).toContain(
        answer.body.id,
      ),
    );
    expect(await c.unread(anna)).toBe(before + 1);
    const wrong = await op.post('send-message', { chat_id: tourist.id, message: 'Hi' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('This is not a support chat');
    expect((await op.post('send-message', { chat_id: 999_999, message: 'Hi' })).status).toBe(404);
  });

  it('edits its own message (message_was_edit, edited_at); the organizer’s messages are not its to edit', async () => {
    const answer = (await op.post('send-message', { chat_id: supportChatId, message: 'Fixed in 2 days' }))
      .body as unknown as ChatMessage;
    const edited = await op.post('edit-message', { message_id: answer.id, message: 'Fixed in 1 day' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: answer.id, text: 'Fixed in 1 day' });
    expect(edited.body.edited_at).toEqual(expect.any(String));
    await eventually(() => expect(eventsOf(annaGot, 'message_was_edit', supportChatId)).toHaveLength(1));
    expect(eventsOf(annaGot, 'message_was_edit', supportChatId)[0]!.payload.message).toMatchObject({
      id: answer.id,
      text: 'Fixed in 1 day',
    });
    expect((await messagesAs('anna', supportChatId)).find((m) => m.id === answer.id)!.text).toBe('Fixed in 1 day');
    const organizers = (await messagesAs('anna', supportChatId)).find((m) => m.author === 'organizer')!;
    const refused = await op.post('edit-message', { message_id: organizers.id, message: 'x' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Only support’s own messages can be edited');
    expect((await op.post('edit-message', { message_id: answer.id, message: '' })).status).toBe(422);
    expect((await op.post('edit-message', { message_id: 999_999, message: 'x' })).status).toBe(404);
  });

  it('moderates a traveller’s message: the CRM and the traveller see no text (live), support still does; lifted again', async () => {
    const target = tourist.message.id;
    const res = await op.post('moderate-message', { message_id: target });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target, is_moderated: true, text: 'Call me at +7 999 000 00 00' });
    await eventually(() => expect(eventsOf(annaGot, 'message_was_moderated', tourist.id)).toHaveLength(1));
    await eventually(() => expect(eventsOf(travellerGot, 'message_was_moderated', tourist.id)).toHaveLength(1));
    for (const got of [annaGot, travellerGot])
      expect(eventsOf(got, 'message_was_moderated', tourist.id)[0]!.payload.message).toMatchObject({
        id: target,
        text: '',
        is_moderated: true,
      });
    expect(eventsOf(travellerGot, 'message_was_moderated', tourist.id)[0]!.channel).toBe(chatChannel(tourist.id));
    expect((await messagesAs('anna', tourist.id))[0]).toMatchObject({ text: '', is_moderated: true });
    expect((await messagesAs('traveller', tourist.id, tourist.token))[0]).toMatchObject({
      text: '',
      is_moderated: true,
    });
    expect((await messagesAs('operator', tourist.id))[0]).toMatchObject({ text: 'Call me at +7 999 000 00 00' });
    expect((await c.chat(anna, tourist.id)).last_message).toMatchObject({ text: '', is_moderated: true });

    await op.post('moderate-message', { message_id: target, is_moderated: false });
    expect((await messagesAs('anna', tourist.id))[0]).toMatchObject({
      text: 'Call me at +7 999 000 00 00',
      is_moderated: false,
    });
    await eventually(() => expect(eventsOf(annaGot, 'message_was_moderated', tourist.id)).toHaveLength(2));
  });

  it('deletes any message: no text or file left anywhere, its place kept, an unread one no longer counted', async () => {
    const unread = await c.travellerSend(tourist.token, 'Oops, wrong chat');
    const before = await c.unread(anna);
    const res = await op.post('delete-message', { message_id: unread.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: unread.id, text: '', file: null, is_deleted: true });
    expect(await c.unread(anna)).toBe(before - 1);
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, unread.id));
    expect(row!.text).toBe('');
    await eventually(() => expect(eventsOf(annaGot, 'message_was_deleted', tourist.id)).toHaveLength(1));
    await eventually(() => expect(eventsOf(travellerGot, 'message_was_deleted', tourist.id)).toHaveLength(1));
    // it was the last message: the list's preview changes with it (chat_was_updated)
    await eventually(() =>
      expect(eventsOf(annaGot, 'chat_was_updated', tourist.id).at(-1)?.payload.chat.last_message).toMatchObject({
        id: unread.id,
        is_deleted: true,
        text: '',
      }),
    );
    for (const who of ['anna', 'operator'] as const)
      expect((await messagesAs(who, tourist.id)).find((m) => m.id === unread.id)).toMatchObject({
        text: '',
        is_deleted: true,
      });
    // a deleted message is not moderated or edited any more, nor deleted twice
    expect((await op.post('moderate-message', { message_id: unread.id })).body.message).toBe(
      'The message has been deleted',
    );
    expect((await op.post('delete-message', { message_id: unread.id })).status).toBe(422);
  });

  it('freezes a chat (chat_is_frozen, live): the organizer and the traveller can no longer write, nothing is written; unfreezes', async () => {
    const res = await op.post('freeze-chat', { chat_id: tourist.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tourist.id, is_frozen: true, organizer_name: 'Altai Trails' });
    await eventually(() => expect(eventsOf(annaGot, 'chat_is_frozen', tourist.id)).toHaveLength(1));
    await eventually(() => expect(eventsOf(travellerGot, 'chat_is_frozen', tourist.id)).toHaveLength(1));
    expect(eventsOf(annaGot, 'chat_is_frozen', tourist.id)[0]!.payload).toEqual({
      actor: { type: 'operator', user_id: null },
      organizer_id: anna.organizerId,
      chat_id: tourist.id,
      is_frozen: true,
      // the operator who froze it, by name
      frozen_by: 'Maria',
    });
    expect(await c.chat(anna, tourist.id)).toMatchObject({ is_frozen: true, frozen_by: 'Maria' });
    await eventually(() =>
      expect(eventsOf(annaGot, 'chat_was_updated', tourist.id).at(-1)?.payload.chat).toMatchObject({ is_frozen: true }),
    );
    expect((await c.get('/spa/chat/get', null, { token: tourist.token })).body.is_frozen).toBe(true);
    const before = (await t.database.db.select({ n: count() }).from(chatMessages))[0]!.n;
    const crm = await c.post('/crm/api/chat/send-message', anna, { chat_id: tourist.id, message: 'Hello?' });
    expect(crm.status).toBe(422);
    expect(crm.body.message).toBe('This chat is frozen: no more messages can be sent');
    const traveller = await c.post('/spa/chat/send-message', null, { token: tourist.token, message: 'Hello?' });
    expect(traveller.status).toBe(422);
    expect((await t.database.db.select({ n: count() }).from(chatMessages))[0]!.n).toBe(before);
    // support still writes in a frozen support chat
    await op.post('freeze-chat', { chat_id: supportChatId });
    expect((await op.post('send-message', { chat_id: supportChatId, message: 'Closing this' })).status).toBe(200);
    expect((await c.post('/crm/api/chat/send-message', anna, { chat_id: supportChatId, message: 'Wait' })).status).toBe(
      422,
    );

    await op.post('freeze-chat', { chat_id: tourist.id, is_frozen: false });
    expect((await c.send(anna, tourist.id, 'We are back')).text).toBe('We are back');
    await eventually(() => expect(eventsOf(annaGot, 'chat_is_frozen', tourist.id)).toHaveLength(2));
    expect(eventsOf(annaGot, 'chat_is_frozen', tourist.id)[1]!.payload).toMatchObject({
      is_frozen: false,
      frozen_by: null,
    });
    // the support channel hears the travellers' chats too (the desk moderates them live)
    await eventually(() => expect(eventsOf(supportGot, 'chat_is_frozen', tourist.id)).toHaveLength(2));
    expect(eventsOf(supportGot, 'chat_is_frozen', tourist.id).map((p) => p.channel)).toEqual([
      SUPPORT_CHANNEL,
      SUPPORT_CHANNEL,
    ]);
    expect(
      annaGot.every((p) => p.channel === organizerChannel(anna.organizerId) || p.channel.startsWith('user:')),
    ).toBe(true);
  });
});

describe('concurrent sends', () => {
  it('twenty sends of one client_id at once make one message, and every answer is that message', async () => {
    const chat = await c.start({
      organizer_id: anna.organizerId,
      name: 'Ivan',
      email: 'ivan@example.com',
      message: 'Hi',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.post('/crm/api/chat/send-message', anna, { chat_id: chat.id, message: 'Once', client_id: 'same-id' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat.id));
    expect(rows.filter((r) => r.client_id === 'same-id')).toHaveLength(1);
    // the traveller's unread count took it once
    expect((await c.get('/spa/chat/get', null, { token: chat.token })).body.unread_count).toBe(1);
  });
});
