import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@tourdesk/contract';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { organizerMembers, users } from '../schema/index';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo, seedPartnerSites } from './seed';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoChats } from './demo-chats';
import { seedDemoReviews } from './demo-reviews';

let t: TestApp;
let token: string;
let organizerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedPartnerSites(t.database.db);
  expect(await seedDemo(t.database.db)).toBe(true);
  await seedDemoBookings(t.app.services, t.database.db, t.app.log);
  await seedDemoChats(t.app.services, t.database.db, t.app.log);
  await seedDemoReviews(t.database.db, t.app.log);
  ({ token } = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD));
  const [member] = await t.database.db
    .select({ id: organizerMembers.organizer_id })
    .from(organizerMembers)
    .innerJoin(users, eq(users.id, organizerMembers.user_id))
    .where(eq(users.email, DEMO_EMAIL))
    .orderBy(organizerMembers.organizer_id);
  organizerId = member!.id;
}, 120_000);
afterAll(() => t.close());

describe('demo seed: chats', () => {
  it('travellers of demo requests, one from a tour page and support: some unread, the newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/crm/api/chat/list?tour_organizer_id=${organizerId}`,
      headers: bearer(token),
    });
    const items = (res.json() as { items: Chat[] }).items;
    const tourist = items.filter((c) => c.kind === 'tourist');
    expect(tourist.filter((c) => c.request_ids.length === 1).length).toBeGreaterThanOrEqual(3);
    expect(tourist.some((c) => c.request_ids.length === 0 && c.tour === null)).toBe(true);
    expect(items.filter((c) => c.kind === 'support')).toHaveLength(1);
    expect(items.filter((c) => c.unread_count > 0).length).toBeGreaterThanOrEqual(2);
    expect(items.filter((c) => c.unread_count === 0).length).toBeGreaterThanOrEqual(1);
    // spread over the last days, newest first
    const times = items.map((c) => Date.parse(c.updated_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]! - times.at(-1)!).toBeGreaterThan(24 * 3_600_000);
    const unread = await t.app.inject({
      method: 'GET',
      url: `/crm/api/chat/unread-count?organizer_id=${organizerId}`,
      headers: bearer(token),
    });
    expect((unread.json() as { count: number }).count).toBe(items.reduce((n, c) => n + c.unread_count, 0));
  });

  it('each request chat is its customer’s, with the request listed', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/crm/api/chat/list?tour_organizer_id=${organizerId}&kind=tourist`,
      headers: bearer(token),
    });
    const chat = (list.json() as { items: Chat[] }).items.find((c) => c.request_ids.length === 1)!;
    const requests = await t.app.inject({
      method: 'GET',
      url: `/crm/api/request/list-for-chat?chat_id=${chat.id}`,
      headers: bearer(token),
    });
    const [request] = (requests.json() as { items: { customer_name: string; customer_email: string }[] }).items;
    expect(chat.traveller).toEqual({ name: request!.customer_name, email: request!.customer_email });
  });
});

describe('demo seed: reviews', () => {
  it('travellers of completed trips reviewed them: listed with their tours, two answered, two waiting', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/crm/api/reviews/list?tour_organizer_id=${organizerId}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { rating: number; answer: string | null; tour_name: string | null }[] })
      .items;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((r) => r.rating >= 1 && r.rating <= 5 && r.tour_name)).toBe(true);
    expect(items.some((r) => r.answer)).toBe(true);
    const unanswered = await t.app.inject({
      method: 'GET',
      url: `/crm/api/reviews/unanswered-count?tour_organizer_id=${organizerId}`,
      headers: bearer(token),
    });
    expect(unanswered.statusCode, unanswered.body).toBe(200);
  });
});
