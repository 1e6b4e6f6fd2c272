import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { chatMessages, chats, outboxMessages, partnerSites } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

/*
 * POST /spa/submit-help-request (issue 28): a guest's request is e-mailed to support with the
 * sender as Reply-To; a member's goes into its organizer's support chat; bad input and a caller
 * past the rate limit change nothing.
 */
const SUPPORT = 'help-desk@tourdesk.test';
let t: TestApp;
let anna: { token: string; orgId: number };
let boris: { token: string; orgId: number };
let ip = 0;

const submit = (data: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/spa/submit-help-request',
    // each call its own client address unless a test names one: the limit is per address
    remoteAddress: headers['x-ip'] ?? `10.0.0.${++ip}`,
    headers: { 'x-language': 'ru', ...headers },
    payload: { data },
  });
const ask = { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+7 999 123-45-67', message: 'I cannot sign in' };
const outboxCount = async () => (await t.database.db.select({ n: count() }).from(outboxMessages))[0]!.n;
const lastMail = async () =>
  (await t.database.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1))[0]!;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
  const a = await createUser(t.database, { email: 'anna-help@example.com', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris-help@example.com', organizers: ['Baikal Ways'] });
  await createUser(t.database, { email: 'nina-help@example.com' });
  anna = { token: (await signIn(t.app, 'anna-help@example.com')).token, orgId: a.organizerIds[0]! };
  boris = { token: (await signIn(t.app, 'boris-help@example.com')).token, orgId: b.organizerIds[0]! };
});
afterAll(() => t.close());

describe('a guest', () => {
  it('is answered by e-mail: support gets who asks, from where, and what; Reply-To is the sender', async () => {
    const res = await submit({ ...ask, page: 'https://altai.example/tours/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, channel: 'email', chat_id: null });
    const mail = await lastMail();
    expect(mail).toMatchObject({ channel: 'email', recipient: SUPPORT, subject: 'Help request: Ivan Petrov' });
    expect(mail.body).toContain('E-mail: ivan@example.com');
    expect(mail.body).toContain('Phone: +7 999 123-45-67');
    expect(mail.body).toContain('Page: https://altai.example/tours/1');
    expect(mail.body).toContain('Language: ru');
    expect(mail.body.endsWith('I cannot sign in')).toBe(true);
    expect(mail.meta).toMatchObject({ reply_to: 'ivan@example.com' });
  });

  it('markup is carried as the text it is', async () => {
    const res = await submit({ ...ask, message: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(200);
    expect((await lastMail()).body).toContain('<script>alert(1)</script>');
    expect((await lastMail()).html).toBeNull();
  });

  it('bad input: each field named in the SPEC error shape, and nothing sent', async () => {
    const before = await outboxCount();
    const empty = await submit({ name: ' ', email: '', message: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['data.email', 'data.message', 'data.name']);
    const bad = await submit({ ...ask, email: 'not-an-address', phone: 'call me' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['data.email', 'data.phone']);
    expect((await submit({ ...ask, message: 'x'.repeat(4001) })).statusCode).toBe(422);
    expect((await submit({ ...ask, extra: 1 })).statusCode).toBe(422);
    expect((await submit({ ...ask, organizer_id: -1 })).statusCode).toBe(422);
    const noData = await t.app.inject({ method: 'POST', url: '/spa/submit-help-request', payload: ask });
    expect(noData.statusCode).toBe(422);
    expect(await outboxCount()).toBe(before);
  });

  it('past three requests an hour from one address the captcha is asked, and nothing is sent', async () => {
    const from = { 'x-ip': '10.9.9.9' };
    for (let i = 0; i < 3; i++) expect((await submit(ask, from)).statusCode).toBe(200);
    const before = await outboxCount();
    const limited = await submit(ask, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'captcha' });
    expect(await outboxCount()).toBe(before);
    // another address is not held back
    expect((await submit(ask)).statusCode).toBe(200);
  });
});

describe('a signed-in member', () => {
  beforeEach(async () => {
    await t.database.db.delete(chats);
    await t.database.db.delete(partnerSites);
  });

  it("goes into its organizer's support chat on the brand's site, signed with its contacts", async () => {
    await t.database.db.insert(partnerSites).values({ name: 'Other', domain: 'other.example', brand_id: 7 });
    const [own] = await t.database.db
      .insert(partnerSites)
      .values({ name: 'Travelpath', domain: 'travelpath.example', brand_id: t.config.BRAND_ID })
      .returning({ id: partnerSites.id });
    const before = await outboxCount();
    const res = await submit({ ...ask, page: '/org/login' }, bearer(anna.token));
    expect(res.statusCode).toBe(200);
    const { chat_id } = res.json();
    expect(res.json()).toEqual({ success: true, channel: 'chat', chat_id: expect.any(Number) });
    const [chat] = await t.database.db.select().from(chats).where(eq(chats.id, chat_id));
    expect(chat).toMatchObject({ kind: 'support', organizer_id: anna.orgId, site_id: own!.id });
    const [msg] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, chat_id));
    expect(msg!.text).toBe('I cannot sign in\n\n— Ivan Petrov, ivan@example.com, +7 999 123-45-67\n/org/login');
    expect(await outboxCount()).toBe(before);
    // a second request finds the same chat
    expect((await submit(ask, bearer(anna.token))).json().chat_id).toBe(chat_id);
  });

  it("another organizer's id is refused and nothing is written", async () => {
    await t.database.db.insert(partnerSites).values({ name: 'Market', domain: 'market.example' });
    const before = await outboxCount();
    const res = await submit({ ...ask, organizer_id: anna.orgId }, bearer(boris.token));
    expect(res.statusCode).toBe(404);
    expect((await t.database.db.select({ n: count() }).from(chats))[0]!.n).toBe(0);
    expect(await outboxCount()).toBe(before);
  });

  it('without any marketplace site, or without an organizer, support is e-mailed with the account', async () => {
    expect((await submit(ask, bearer(anna.token))).json().channel).toBe('email');
    await t.database.db.insert(partnerSites).values({ name: 'Market', domain: 'market.example' });
    const nina = (await signIn(t.app, 'nina-help@example.com')).token;
    expect((await submit(ask, bearer(nina))).json()).toEqual({ success: true, channel: 'email', chat_id: null });
    expect((await lastMail()).body).toMatch(/^Account: #\d+ nina-help@example.com$/m);
  });
});
