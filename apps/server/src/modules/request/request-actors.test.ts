import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, ChatMessagesResponse } from '@tourdesk/contract';
import { organizerMembers, users } from '../../db/schema/index';
import { createUser, signIn, createTestApp, type TestApp } from '../../test/test-app';
import { chatCalls } from '../chat/chat-test-utils';
import { call, insertRequest, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';

/**
 * Issue 29: now that a provider is a team, the request history and the chat name the member who
 * acted, with their role ("Mila · manager"); a member who left still shows by name, without a role.
 * The traveller never learns who of the team wrote.
 */
let t: TestApp;
let anna: Who;
let mila: Who;
let departure: { tourId: number; dateId: number; dateStart: string };

const named = async (who: { userId: number }, first: string, last: string) =>
  t.database.db.update(users).set({ first_name: first, last_name: last }).where(eq(users.id, who.userId));

beforeAll(async () => {
  t = await createTestApp();
  anna = await tenant(t, 'anna@actors.example', 'Altai Trails');
  await named(anna, 'Anna', 'Owner');
  const m = await createUser(t.database, { email: 'mila@actors.example' });
  await t.database.db
    .insert(organizerMembers)
    .values({ organizer_id: anna.organizerId, user_id: m.userId, role: 'manager' });
  mila = { userId: m.userId, organizerId: anna.organizerId, token: (await signIn(t.app, 'mila@actors.example')).token };
  await named(mila, 'Mila', 'Manager');
  departure = await tourWithDeparture(t, anna, { price: 10000, seats: 50 });
});
afterAll(() => t.close());

const historyOf = async (id: number): Promise<BookingRequest['history']> => {
  const res = await call(t, 'GET', `/crm/api/request/get?id=${id}`, anna);
  expect(res.status).toBe(200);
  return (res.body as unknown as BookingRequest).history;
};

describe('which member acted', () => {
  it('the history names each member with their role; a member who left keeps the name, without a role', async () => {
    const id = await insertRequest(t, anna, departure, { status: 1, confirmedAt: null });
    expect((await call(t, 'POST', '/crm/api/request/confirm', mila, { id })).status).toBe(200);
    const canceled = await call(t, 'POST', '/crm/api/request/cancel', anna, {
      id,
      message: 'Weather',
      notify_client: false,
    });
    expect(canceled.status).toBe(200);
    const history = await historyOf(id);
    expect(history.map((h) => [h.status, h.user_name, h.actor])).toEqual([
      [6, 'Anna Owner', { user_id: anna.userId, name: 'Anna Owner', role: 'owner' }],
      [2, 'Mila Manager', { user_id: mila.userId, name: 'Mila Manager', role: 'manager' }],
    ]);

    const removed = await call(t, 'POST', '/crm/api/team/remove', anna, {
      organizer_id: anna.organizerId,
      user_id: mila.userId,
    });
    expect(removed.status).toBe(200);
    expect((await historyOf(id))[1]!.actor).toEqual({ user_id: mila.userId, name: 'Mila Manager', role: null });
    // back on the team for the next test
    await t.database.db
      .insert(organizerMembers)
      .values({ organizer_id: anna.organizerId, user_id: mila.userId, role: 'manager' });
  });

  it("the provider's chat messages name the member and role; the traveller sees no one of the team", async () => {
    const c = chatCalls(t);
    const request = await c.makeRequest(anna);
    const chat = await c.start({
      organizer_id: anna.organizerId,
      request_uuid: request.uuid,
      message: 'Hello',
      client_id: 'actors-1',
    });
    const fromMila = await c.send(mila, chat.id, 'Hi, Mila here');
    const fromAnna = await c.send(anna, chat.id, 'And Anna');
    expect(fromMila.actor).toEqual({ user_id: mila.userId, name: 'Mila Manager', role: 'manager' });
    expect(fromAnna.actor).toEqual({ user_id: anna.userId, name: 'Anna Owner', role: 'owner' });

    const page = (await c.get('/crm/api/chat/get-messages', anna, { chat_id: chat.id }))
      .body as unknown as ChatMessagesResponse;
    const byText = new Map(page.items.map((m) => [m.text, m]));
    expect(byText.get('Hello')!.actor).toBeNull();
    expect(byText.get('Hi, Mila here')!.actor).toEqual({ user_id: mila.userId, name: 'Mila Manager', role: 'manager' });
    expect(byText.get('And Anna')!.actor).toEqual({ user_id: anna.userId, name: 'Anna Owner', role: 'owner' });

    const traveller = (await c.get('/spa/chat/get-messages', null, { token: chat.token }))
      .body as unknown as ChatMessagesResponse;
    expect(traveller.items.filter((m) => m.type === 'output').map((m) => [m.author_name, m.actor])).toEqual([
      ['Mila Manager', null],
      ['Anna Owner', null],
    ]);

    await t.database.db.delete(organizerMembers).where(eq(organizerMembers.user_id, mila.userId));
    const after = (await c.get('/crm/api/chat/get-messages', anna, { chat_id: chat.id }))
      .body as unknown as ChatMessagesResponse;
    expect(after.items.find((m) => m.text === 'Hi, Mila here')!.actor).toEqual({
      user_id: mila.userId,
      name: 'Mila Manager',
      role: null,
    });
  });
});
