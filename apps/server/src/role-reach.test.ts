import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse, MemberRole } from '@tourdesk/contract';
import { guides, organizerMembers, requests, tourDateGuides } from './db/schema/index';
import { chatCalls } from './modules/chat/chat-test-utils';
import { insertRequest, tenant, tourWithDeparture, type Who } from './modules/payment/payment.fixtures';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './test/test-app';

/**
 * Issue 29, the role checks left over: a chat's files open for those who read the chat only (a
 * guide its departures' chats, an accountant none, a removed member nothing); the chat unread
 * count and the dashboard of a guide count its departures only and show none of the organizer's
 * figures.
 */
let t: TestApp;
let owner: Who;
const m = {} as Record<'manager' | 'accountant' | 'gina' | 'gus', Who>;
let d1: { tourId: number; dateId: number; dateStart: string };
let d2: { tourId: number; dateId: number; dateStart: string };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const join = async (email: string, role: MemberRole): Promise<Who> => {
  const u = await createUser(t.database, { email });
  await t.database.db.insert(organizerMembers).values({ organizer_id: owner.organizerId, user_id: u.userId, role });
  return { userId: u.userId, organizerId: owner.organizerId, token: (await signIn(t.app, email)).token };
};
const assign = async (user: Who, dateId: number) => {
  const [g] = await t.database.db
    .insert(guides)
    .values({ organizer_id: owner.organizerId, first_name: 'G', user_id: user.userId })
    .returning({ id: guides.id });
  await t.database.db.insert(tourDateGuides).values({ tour_date_id: dateId, guide_id: g!.id });
};
const upload = async (who: Who, data: Buffer, name: string): Promise<number> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  form.append('organizer_id', String(who.organizerId));
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/file/upload',
    headers: { 'content-type': req.headers.get('content-type')!, ...bearer(who.token) },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
};
const open = async (url: string, who: Who) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(who.token) })).statusCode;
/** A traveller's chat about a request on `d`, with a file the owner sent in it. */
const chatWithFile = async (d: typeof d1, n: number) => {
  const c = chatCalls(t);
  const id = await insertRequest(t, owner, d);
  const [row] = await t.database.db.select({ uuid: requests.uuid }).from(requests).where(eq(requests.id, id));
  const chat = await c.start({
    organizer_id: owner.organizerId,
    request_uuid: row!.uuid,
    message: 'Hello',
    client_id: `reach-${n}`,
  });
  const fileId = await upload(owner, PDF, `programme-${n}.pdf`);
  await c.send(owner, chat.id, 'The programme', { file_id: fileId });
  return { chatId: chat.id, fileId };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await tenant(t, 'owner@reach.example', 'Altai Trails');
  m.manager = await join('manager@reach.example', 'manager');
  m.accountant = await join('accountant@reach.example', 'accountant');
  m.gina = await join('gina@reach.example', 'guide');
  m.gus = await join('gus@reach.example', 'guide');
  d1 = await tourWithDeparture(t, owner, { price: 10000, seats: 20, startIn: 2 });
  d2 = await tourWithDeparture(t, owner, { price: 10000, seats: 20, startIn: 2 });
  await assign(m.gina, d1.dateId);
  await assign(m.gus, d2.dateId);
});
afterAll(() => t.close());

describe('files, counts and the dashboard by role', () => {
  it("a chat's file opens for those who read that chat; a plain file of the organizer for any member", async () => {
    const { fileId } = await chatWithFile(d1, 1);
    const url = `/files/${fileId}`;
    expect(await open(url, owner)).toBe(200);
    expect(await open(url, m.manager)).toBe(200);
    expect(await open(url, m.gina)).toBe(200); // her departure's chat
    expect(await open(url, m.gus)).toBe(404); // not his departure
    expect(await open(url, m.accountant)).toBe(404); // no chats
    const plain = await upload(owner, PDF, 'price-list.pdf');
    expect(await open(`/files/${plain}`, m.gus)).toBe(200);
    expect(await open(`/files/${plain}`, m.accountant)).toBe(200);

    // a member removed: nothing of the organizer's opens any more
    await t.database.db.delete(organizerMembers).where(eq(organizerMembers.user_id, m.manager.userId));
    expect(await open(url, m.manager)).toBe(404);
    expect(await open(`/files/${plain}`, m.manager)).toBe(404);
    await t.database.db
      .insert(organizerMembers)
      .values({ organizer_id: owner.organizerId, user_id: m.manager.userId, role: 'manager' });
  });

  it("a guide's unread count is its departures' chats'; the owner's every chat's", async () => {
    const c = chatCalls(t);
    const before = { owner: await c.unread(owner), gina: await c.unread(m.gina), gus: await c.unread(m.gus) };
    await chatWithFile(d2, 2); // the traveller's "Hello" is unread
    expect(await c.unread(owner)).toBe(before.owner + 1);
    expect(await c.unread(m.gus)).toBe(before.gus + 1);
    expect(await c.unread(m.gina)).toBe(before.gina);
  });

  it("a guide's dashboard counts its own departures and shows none of the organizer's figures", async () => {
    const dash = async (who: Who) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/crm/api/user/dashboard?orgId=${owner.organizerId}`,
        headers: bearer(who.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DashboardResponse;
    };
    const own = await dash(owner);
    const acc = await dash(m.accountant);
    const gina = await dash(m.gina);
    expect(own.figures_shown).toBe(true);
    expect(acc.figures_shown).toBe(true);
    expect(acc.unpaid_invoices_count).toBe(own.unpaid_invoices_count);
    expect(own.weeks.some((w) => w.requests > 0)).toBe(true);
    expect(gina).toMatchObject({
      figures_shown: false,
      new_requests_count: 0,
      unpaid_invoices_count: 0,
      unpaid_invoices: [],
    });
    expect(gina.weeks.every((w) => w.requests === 0 && w.revenue.length === 0)).toBe(true);
    expect(gina.weeks).toHaveLength(own.weeks.length);
    // both departures are upcoming for the owner; one of them is Gina's
    expect(own.upcoming_departures_count).toBe(2);
    expect(gina.upcoming_departures_count).toBe(1);
  });
});
