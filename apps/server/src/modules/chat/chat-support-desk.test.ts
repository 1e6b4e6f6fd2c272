import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { SUPPORT_CHANNEL, type ChannelsList, type ChatMessage, type Publication } from '@tourdesk/contract';
import { operatorAudit } from '../../db/schema/index';
import { operatorSession } from '../../test/operator-session';
import {
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  type TestApp,
} from '../../test/test-app';
import { chatCalls, eventsOf, listenAsGuest, type Who } from './chat-test-utils';

/*
 * The support desk on operator sessions (issue 30): support and admin operators use it, a
 * moderator or a provider cannot; each answer, edit, hide, delete and freeze carries the
 * operator's name (the provider reads "Anna" on support's answer) and is in the audit log, written
 * in the change's transaction; support attaches files; the desk's socket is the operator
 * session's, and ends with it.
 */
const ADMIN_TOKEN = 'chat-desk-token-0123456789abcdef';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let t: TestApp;
let base: string;
let c: ReturnType<typeof chatCalls>;
let bob: Who;
let bobGot: Publication[];
let supportChatId: number;
const sockets: Socket[] = [];
let support: Awaited<ReturnType<typeof operatorSession>>;
let admin: Awaited<ReturnType<typeof operatorSession>>;
let moderator: Awaited<ReturnType<typeof operatorSession>>;

const desk = (headers: Record<string, string>) => ({
  get: (url: string, query: Record<string, string | number> = {}) =>
    c.call(
      'GET',
      `/crm/api/operator/chat/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      null,
      undefined,
      headers,
    ),
  post: (url: string, payload: unknown) => c.post(`/crm/api/operator/chat/${url}`, null, payload, headers),
});
const auditOf = (action: string) =>
  t.database.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(asc(operatorAudit.id));

const upload = async (chatId: number, headers: Record<string, string>) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)]), 'plan.pdf');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/crm/api/operator/chat/upload?chat_id=${chatId}`,
    headers: { 'content-type': req.headers.get('content-type')!, ...headers },
    payload: Buffer.from(await req.arrayBuffer()),
  });
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  c = chatCalls(t);
  support = await operatorSession(t, 'support', 'Anna');
  admin = await operatorSession(t, 'admin', 'Igor');
  moderator = await operatorSession(t, 'moderator', 'Mila');
  const u = await createUser(t.database, { email: 'bob@desk.example', organizers: ['Baikal Ways'] });
  bob = { userId: u.userId, organizerId: u.organizerIds[0]!, token: (await signIn(t.app, 'bob@desk.example')).token };
  base = await listenOnFreePort(t.app);
  const b = await listenAsUser(t.app, base, bob.token);
  sockets.push(b.socket);
  bobGot = b.got;
  const siteId = await c.makeSite('Desk Market');
  supportChatId = (await c.get('/crm/api/chat/get-chat-with-support', bob, { site_id: siteId })).body.id as number;
  await c.send(bob, supportChatId, 'Hello, support');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('the support desk on operator sessions', () => {
  it('role matrix: nobody and a provider 401, a moderator 403, support and admin 200', async () => {
    const routes: [string, 'GET' | 'POST', unknown][] = [
      ['list', 'GET', { kind: 'support' }],
      ['get-messages', 'GET', { chat_id: supportChatId }],
      ['channels-list', 'GET', {}],
      ['mark-as-read', 'POST', { chat_id: supportChatId }],
    ];
    for (const [url, method, input] of routes) {
      const call = (headers: Record<string, string>) =>
        method === 'GET' ? desk(headers).get(url, input as Record<string, number>) : desk(headers).post(url, input);
      expect((await call({})).status, `${url} nobody`).toBe(401);
      expect((await call({ 'x-authorization': `Bearer ${bob.token}` })).status, `${url} provider`).toBe(401);
      expect((await call({ 'x-operator-authorization': `Bearer ${bob.token}` })).status, `${url} provider`).toBe(401);
      const forbidden = await call(moderator.headers);
      expect(forbidden.status, `${url} moderator`).toBe(403);
      expect(forbidden.body.message).toBe('Your operator role does not allow this');
      expect((await call(support.headers)).status, `${url} support`).toBe(200);
      expect((await call(admin.headers)).status, `${url} admin`).toBe(200);
    }
    // writes refused to a moderator change nothing
    const refused = await desk(moderator.headers).post('send-message', { chat_id: supportChatId, message: 'x' });
    expect(refused.status).toBe(403);
    expect(await auditOf('chat.answer')).toEqual([]);
  });

  it('an answer carries the operator’s name: the provider reads it, live; the audit log names who, what and where', async () => {
    const answer = await desk(support.headers).post('send-message', { chat_id: supportChatId, message: 'Hi Bob' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ author: 'support', author_name: 'Anna', text: 'Hi Bob' });
    const mine = (await c.get('/crm/api/chat/get-messages', bob, { chat_id: supportChatId })).body
      .items as ChatMessage[];
    expect(mine.find((m) => m.id === answer.body.id)).toMatchObject({ author: 'support', author_name: 'Anna' });
    await eventually(() =>
      expect(
        eventsOf(bobGot, 'new_message', supportChatId).find((p) => p.payload.message.id === answer.body.id)?.payload
          .message.author_name,
      ).toBe('Anna'),
    );
    const [entry] = await auditOf('chat.answer');
    expect(entry).toMatchObject({
      operator_id: support.id,
      operator_name: 'Anna',
      object_type: 'chat_message',
      object_id: String(answer.body.id),
      before: null,
      after: { chat_id: supportChatId, text: 'Hi Bob', is_moderated: false, is_deleted: false, file_id: null },
      ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
    });
  });

  it('edit, hide, show, delete and freeze are each in the audit log with the operator’s name, before and after', async () => {
    const answer = (await desk(admin.headers).post('send-message', { chat_id: supportChatId, message: 'Draft' }))
      .body as unknown as ChatMessage;
    expect(answer.author_name).toBe('Igor');
    expect((await desk(support.headers).post('edit-message', { message_id: answer.id, message: 'Final' })).status).toBe(
      200,
    );
    const bobsView = async () =>
      ((await c.get('/crm/api/chat/get-messages', bob, { chat_id: supportChatId })).body.items as ChatMessage[]).find(
        (m) => m.id === answer.id,
      );
    // the provider reads who edited and who hid it
    expect(await bobsView()).toMatchObject({ text: 'Final', edited_by: 'Anna', moderated_by: null, deleted_by: null });
    const hidden = await desk(support.headers).post('moderate-message', { message_id: answer.id });
    expect(hidden.body).toMatchObject({ is_moderated: true, moderated_by: 'Anna', text: 'Final' });
    expect(await bobsView()).toMatchObject({ text: '', is_moderated: true, moderated_by: 'Anna', edited_by: 'Anna' });
    const shown = await desk(support.headers).post('moderate-message', { message_id: answer.id, is_moderated: false });
    expect(shown.body).toMatchObject({ is_moderated: false, moderated_by: null });
    await desk(admin.headers).post('delete-message', { message_id: answer.id });
    expect(await bobsView()).toMatchObject({ text: '', is_deleted: true, deleted_by: 'Igor' });
    await desk(support.headers).post('freeze-chat', { chat_id: supportChatId });
    // the provider reads who froze it, until it is unfrozen
    const bobsChat = async () => (await c.get('/crm/api/chat/get-chat', bob, { chat_id: supportChatId })).body;
    expect(await bobsChat()).toMatchObject({ is_frozen: true, frozen_by: 'Anna' });
    await desk(support.headers).post('freeze-chat', { chat_id: supportChatId, is_frozen: false });
    expect(await bobsChat()).toMatchObject({ is_frozen: false, frozen_by: null });
    const rows = await t.database.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.object_type, 'chat_message'), eq(operatorAudit.object_id, String(answer.id))))
      .orderBy(asc(operatorAudit.id));
    expect(rows.map((r) => [r.action, r.operator_name])).toEqual([
      ['chat.answer', 'Igor'],
      ['chat.edit', 'Anna'],
      ['chat.hide', 'Anna'],
      ['chat.show', 'Anna'],
      ['chat.delete', 'Igor'],
    ]);
    expect(rows[1]).toMatchObject({ before: { text: 'Draft' }, after: { text: 'Final' } });
    expect(rows[4]).toMatchObject({
      before: { text: 'Final', is_deleted: false },
      after: { text: '', is_deleted: true },
    });
    expect((await auditOf('chat.freeze')).map((r) => [r.object_id, r.operator_name, r.before, r.after])).toEqual([
      [String(supportChatId), 'Anna', { is_frozen: false }, { is_frozen: true }],
    ]);
    expect((await auditOf('chat.unfreeze')).map((r) => r.operator_id)).toEqual([support.id]);
  });

  it('support attaches a file: the provider gets it with the answer; another chat’s upload is refused', async () => {
    const up = await upload(supportChatId, support.headers);
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json() as { id: number; name: string };
    expect(file.name).toBe('plan.pdf');
    const sent = await desk(support.headers).post('send-message', { chat_id: supportChatId, file_id: file.id });
    expect(sent.status).toBe(200);
    expect(sent.body.file).toMatchObject({ id: file.id, name: 'plan.pdf' });
    const mine = (await c.get('/crm/api/chat/get-messages', bob, { chat_id: supportChatId })).body
      .items as ChatMessage[];
    expect(mine.find((m) => m.id === sent.body.id)?.file).toMatchObject({ id: file.id, name: 'plan.pdf' });
    // the provider opens it as a member of the organizer
    const bytes = await t.app.inject({
      method: 'GET',
      url: `/files/${file.id}`,
      headers: { 'x-authorization': `Bearer ${bob.token}` },
    });
    expect(bytes.statusCode).toBe(200);
    // a moderator may not upload; a file made for another chat is not this one's
    expect((await upload(supportChatId, moderator.headers)).statusCode).toBe(403);
    const other = (await c.get('/crm/api/chat/get-chat-with-support', bob, { site_id: await c.makeSite('Other') })).body
      .id as number;
    const wrong = await desk(support.headers).post('send-message', { chat_id: other, file_id: file.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ file_id: ['File not found'] });
  });

  it('the desk’s socket is the operator session’s: a traveller’s chat is live on it; logout drops it and it connects no more', async () => {
    const list = (await desk(support.headers).get('channels-list')).body as unknown as ChannelsList;
    expect(list.channels.map((ch) => ch.name)).toEqual([SUPPORT_CHANNEL]);
    const live = await listenAsGuest(base, list, sockets);
    expect(live.acks).toEqual([{ ok: true }]);
    const started = await c.start({
      organizer_id: bob.organizerId,
      name: 'Olga',
      email: 'olga@x.example',
      message: 'Hi',
    });
    await eventually(() => expect(eventsOf(live.got, 'new_message', started.id)).toHaveLength(1));
    expect(eventsOf(live.got, 'new_message', started.id)[0]!.channel).toBe(SUPPORT_CHANNEL);
    // the shared token gets no socket: the browser never holds it
    expect((await desk({ 'x-operator-token': ADMIN_TOKEN }).get('channels-list')).status).toBe(403);
    const closed = new Promise<void>((resolve) => live.socket.once('disconnect', () => resolve()));
    const out = await c.post('/crm/api/console-auth/logout', null, {}, support.headers);
    expect(out.status).toBe(200);
    await closed;
    expect(live.socket.connected).toBe(false);
    await expect(listenAsGuest(base, list, sockets)).rejects.toThrow();
    expect((await desk(support.headers).get('list')).status).toBe(401);
  });
});
