import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@tourdesk/contract';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { chatCalls, type Who } from './chat-test-utils';
import { createChatTokens } from './chat-token';

/*
 * Who opens a chat's file (issue 23, items 9 and 19): a file of a message support deleted or hid
 * is served to nobody but support, neither on /files/{id} (the CRM) nor on /spa/chat/file (the
 * traveller, their own upload included); support's message views carry a signed link that opens
 * any chat's file without a token (the desk's <img> sends no operator header).
 */
const ADMIN_TOKEN = 'chat-files-operator-token-0123456789abcdef';
const operator = { 'x-operator-token': ADMIN_TOKEN };
let t: TestApp;
let c: ReturnType<typeof chatCalls>;
let anna: Who;
let boris: Who;

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const multipart = async (url: string, data: Buffer, name: string, fields: Record<string, string>, token?: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': req.headers.get('content-type')!, ...(token ? bearer(token) : {}) },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
};
/** The organizer's private file (as the chat's composer uploads it). */
const crmUpload = async (who: Who, data: Buffer, name: string) =>
  (await multipart('/crm/api/file/upload', data, name, { organizer_id: String(who.organizerId) }, who.token)).id;
const travellerUpload = async (token: string, data: Buffer, name: string) =>
  (await multipart(`/spa/chat/upload?token=${encodeURIComponent(token)}`, data, name, {})).id;

const open = async (url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })).statusCode;
const messagesOf = async (chatId: number, who: Who | 'operator') =>
  (who === 'operator'
    ? await c.call('GET', `/crm/api/operator/chat/get-messages?chat_id=${chatId}`, null, undefined, operator)
    : await c.get('/crm/api/chat/get-messages', who, { chat_id: chatId })
  ).body.items as ChatMessage[];
const moderate = (messageId: number, isModerated: boolean) =>
  c.post(
    '/crm/api/operator/chat/moderate-message',
    null,
    { message_id: messageId, is_moderated: isModerated },
    operator,
  );
const remove = (messageId: number) =>
  c.post('/crm/api/operator/chat/delete-message', null, { message_id: messageId }, operator);
const travellerFile = (token: string, id: number) => `/spa/chat/file?token=${encodeURIComponent(token)}&id=${id}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  c = chatCalls(t);
  for (const [name, org] of [
    ['anna', 'Altai Trails'],
    ['boris', 'Baikal Expeditions'],
  ] as const) {
    const u = await createUser(t.database, { email: `${name}@files.example`, organizers: [org] });
    const who = {
      userId: u.userId,
      organizerId: u.organizerIds[0]!,
      token: (await signIn(t.app, `${name}@files.example`)).token,
    };
    if (name === 'anna') anna = who;
    else boris = who;
  }
});
afterAll(async () => {
  await t.close();
});

describe('a deleted or hidden message’s file', () => {
  it('the organizer’s file: hidden, nobody but support opens it; shown again, it opens; deleted, it never does', async () => {
    const chat = await c.start({
      organizer_id: anna.organizerId,
      name: 'Olga',
      email: 'olga@x.example',
      message: 'Hi',
    });
    const fileId = await crmUpload(anna, PDF, 'programme.pdf');
    const sent = await c.send(anna, chat.id, 'Our programme', { file_id: fileId });
    expect(await open(`/files/${fileId}`, anna.token)).toBe(200);
    expect(await open(travellerFile(chat.token, fileId))).toBe(200);
    // another organizer never
    expect(await open(`/files/${fileId}`, boris.token)).toBe(404);

    expect((await moderate(sent.id, true)).status).toBe(200);
    expect(await open(`/files/${fileId}`, anna.token)).toBe(404);
    expect(await open(travellerFile(chat.token, fileId))).toBe(404);
    const supportView = (await messagesOf(chat.id, 'operator')).find((m) => m.id === sent.id)!;
    expect(supportView.file!.url).toMatch(/^\/spa\/chat\/support-file\?id=\d+&exp=\d+&sig=[\w-]{32}$/);
    const bySupport = await t.app.inject({ method: 'GET', url: supportView.file!.url });
    expect(bySupport.statusCode).toBe(200);
    expect(bySupport.rawPayload.equals(PDF)).toBe(true);
    expect(bySupport.headers['cache-control']).toBe('private, no-store');

    expect((await moderate(sent.id, false)).status).toBe(200);
    expect(await open(`/files/${fileId}`, anna.token)).toBe(200);
    expect(await open(travellerFile(chat.token, fileId))).toBe(200);

    expect((await remove(sent.id)).status).toBe(200);
    expect(await open(`/files/${fileId}`, anna.token)).toBe(404);
    expect(await open(travellerFile(chat.token, fileId))).toBe(404);
    // the CRM's session cookie (an <img> or a link) fares no better than its header
    const byCookie = await t.app.inject({ method: 'GET', url: `/files/${fileId}`, cookies: { token: anna.token } });
    expect(byCookie.statusCode).toBe(404);
    // support's signed link of the file still opens it
    expect(await open(supportView.file!.url)).toBe(200);
  });

  it('the traveller’s own upload: once its message is hidden or deleted, their link no longer opens it', async () => {
    const chat = await c.start({
      organizer_id: anna.organizerId,
      name: 'Ivan',
      email: 'ivan@x.example',
      message: 'Hi',
    });
    const hiddenId = await travellerUpload(chat.token, PNG, 'passport.png');
    // not sent yet: the traveller opens what they uploaded
    expect(await open(travellerFile(chat.token, hiddenId))).toBe(200);
    const hidden = await c.travellerSend(chat.token, '', { file_id: hiddenId });
    expect(await open(`/files/${hiddenId}`, anna.token)).toBe(200);
    await moderate(hidden.id, true);
    expect(await open(travellerFile(chat.token, hiddenId))).toBe(404);
    expect(await open(`/files/${hiddenId}`, anna.token)).toBe(404);

    const deletedId = await travellerUpload(chat.token, PDF, 'card.pdf');
    const deleted = await c.travellerSend(chat.token, 'my card', { file_id: deletedId });
    expect(await open(travellerFile(chat.token, deletedId))).toBe(200);
    await remove(deleted.id);
    expect(await open(travellerFile(chat.token, deletedId))).toBe(404);
    expect(await open(`/files/${deletedId}`, anna.token)).toBe(404);
    // the thread keeps the deleted message's place, with no file for anyone
    for (const who of [anna, 'operator'] as const)
      expect((await messagesOf(chat.id, who)).find((m) => m.id === deleted.id)).toMatchObject({
        is_deleted: true,
        file: null,
      });
  });
});

describe('support’s file links (the support desk)', () => {
  it('a provider’s image in a traveller’s chat opens on support’s link without a token; a forged or stale link is 404', async () => {
    const chat = await c.start({ organizer_id: anna.organizerId, name: 'Pavel', email: 'p@x.example', message: 'Hi' });
    const imageId = await crmUpload(anna, PNG, 'route.png');
    const sent = await c.send(anna, chat.id, 'The route', { file_id: imageId });
    // support holds no user token: /files/{id} is not its way in
    expect(await open(`/files/${imageId}`)).toBe(404);
    const view = (await messagesOf(chat.id, 'operator')).find((m) => m.id === sent.id)!;
    expect(view.file).toMatchObject({ id: imageId, is_image: true, mime: 'image/png' });
    const res = await t.app.inject({ method: 'GET', url: view.file!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // support's chat list shows the last message with the same kind of link
    const list = await c.call(
      'GET',
      `/crm/api/operator/chat/list?kind=tourist&organizer_id=${anna.organizerId}`,
      null,
      undefined,
      operator,
    );
    const listed = (list.body.items as { id: number; last_message: ChatMessage | null }[]).find(
      (x) => x.id === chat.id,
    );
    expect(listed!.last_message!.file!.url).toMatch(/^\/spa\/chat\/support-file\?/);
    // the CRM's and the traveller's views keep their own links
    expect((await messagesOf(chat.id, anna)).find((m) => m.id === sent.id)!.file!.url).toBe(`/files/${imageId}`);

    const url = new URL(view.file!.url, 'http://local');
    const link = {
      id: url.searchParams.get('id')!,
      exp: url.searchParams.get('exp')!,
      sig: url.searchParams.get('sig')!,
    };
    const at = (l: typeof link) => `/spa/chat/support-file?${new URLSearchParams(l)}`;
    // another file with this signature, a later expiry, a changed signature, a stale link
    const other = await crmUpload(anna, PDF, 'other.pdf');
    await c.send(anna, chat.id, 'Other', { file_id: other });
    for (const forged of [
      { ...link, id: String(other) },
      { ...link, exp: String(Number(link.exp) + 3600) },
      { ...link, sig: `${link.sig.slice(0, -1)}${link.sig.endsWith('A') ? 'B' : 'A'}` },
      { ...link, exp: '1' },
    ])
      expect(await open(at(forged))).toBe(404);
    // bad input is the SPEC's 422, not a 500
    const bad = await t.app.inject({ method: 'GET', url: '/spa/chat/support-file?id=x&exp=y&sig=z' });
    expect(bad.statusCode).toBe(422);
  });

  it('a link stays the same for an hour and opens for one to two hours (chat-token.ts)', () => {
    const tokens = createChatTokens(new Uint8Array(32).fill(7));
    const hour = 3_600_000;
    const start = 1_800_000_000_000 - (1_800_000_000_000 % hour);
    const parse = (u: string) => {
      const q = new URL(u, 'http://local').searchParams;
      return { id: Number(q.get('id')), exp: Number(q.get('exp')), sig: q.get('sig')! };
    };
    const first = tokens.supportFileUrl(5, start + 1000);
    expect(tokens.supportFileUrl(5, start + hour - 1)).toBe(first);
    expect(tokens.supportFileUrl(5, start + hour)).not.toBe(first);
    expect(tokens.isSupportFileLink(parse(first), start + 2 * hour - 1)).toBe(true);
    expect(tokens.isSupportFileLink(parse(first), start + 2 * hour)).toBe(false);
    expect(tokens.isSupportFileLink({ ...parse(first), id: 6 }, start)).toBe(false);
    // another server key signs other links
    expect(createChatTokens(new Uint8Array(32).fill(8)).isSupportFileLink(parse(first), start)).toBe(false);
  });
});
