import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest } from '@tourdesk/contract';
import { organizers, requests, tourDates } from '../../db/schema/index';
import { calendarDayIn } from '../../lib/calendar-day';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { nextIp } from '../auth/test-helpers';

/**
 * Same-day departures (issue 23, 8): a departure whose first day has come on the organizer's clock
 * takes no new request, no request moved onto it and no confirmation — the rule the payment sweep
 * cancels unpaid requests by; an individual tour's dates are never set in the past. The organizer
 * is 14 hours ahead of UTC, so its day is not the server's for most of the UTC day.
 */
const TZ = 'Pacific/Kiritimati';
let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let depN = 0;
let keyN = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; codes?: Record<string, unknown> };
const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who ? { ...bearer(who.token), 'x-language': 'en' } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
/** A day `offset` days from the organizer's today. */
const orgDay = (offset: number): string =>
  new Date(Date.parse(`${calendarDayIn(TZ, new Date())}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const farDay = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A departure made 40 days ahead, then moved to start `offset` days from the organizer's today. */
const departureOn = async (offset: number, seats = 10): Promise<number> => {
  const res = await call('POST', '/crm/api/tour/save-date', anna, {
    tour_id: tourId,
    date_start: farDay(40),
    date_end: farDay(42),
    time_start: `${String(Math.floor(++depN / 60) % 24).padStart(2, '0')}:${String(depN % 60).padStart(2, '0')}`,
    price: 10000,
    number_of_seats: seats,
  });
  expect(res.status).toBe(200);
  const id = res.body.id as number;
  await moveDeparture(id, offset);
  return id;
};
const moveDeparture = async (id: number, offset: number) =>
  t.database.db
    .update(tourDates)
    .set({ date_start: orgDay(offset), date_end: orgDay(offset + 2) })
    .where(eq(tourDates.id, id));
const own = (extra: Record<string, unknown>) => ({
  tour_organizer_id: anna.organizerId,
  tour_id: tourId,
  tourists_count: 2,
  customer_name: 'Olga Petrova',
  customer_email: 'olga@example.com',
  customer_phone: '+79161234567',
  idempotency_key: `dates-key-${++keyN}-${Date.now()}`,
  ...extra,
});
const create = (extra: Record<string, unknown>) =>
  call('POST', '/crm/api/request/create-request-with-own-type', anna, own(extra));
const requestCount = async (): Promise<number> => (await t.database.db.select({ n: count() }).from(requests))[0]!.n;
const freeSeats = async (dateId: number): Promise<number> =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats;
const STARTED = { tour_date_id: ['This departure has already started'] };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@dates.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@dates.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@dates.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@dates.example')).token };
  await t.database.db
    .update(organizers)
    .set({ profile: sql`${organizers.profile} || ${JSON.stringify({ timezone: TZ })}::jsonb` })
    .where(eq(organizers.id, anna.organizerId));
  tourId = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai' })).body
    .id as number;
});
afterAll(() => t.close());

describe('a departure that has started on the organizer’s clock', () => {
  it('takes no new request on its first day; the next day’s does', async () => {
    const today = await departureOn(0);
    const before = await requestCount();
    const refused = await create({ tour_date_id: today });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(STARTED);
    expect(await requestCount()).toBe(before);
    expect(await freeSeats(today)).toBe(10);
    expect((await create({ tour_date_id: await departureOn(1) })).status).toBe(200);
  });

  it('confirms no request once its first day has come: the request stays pending, its seats held', async () => {
    const dateId = await departureOn(3);
    const made = (await create({ tour_date_id: dateId })).body as unknown as BookingRequest;
    await moveDeparture(dateId, 0);
    const refused = await call('POST', '/crm/api/request/confirm', anna, { id: made.request_id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(STARTED);
    const row = (await t.database.db.select().from(requests).where(eq(requests.id, made.request_id)))[0]!;
    expect(row).toMatchObject({ status: 1, seats_taken: 2 });
    // another organizer's member cannot even see it
    expect((await call('POST', '/crm/api/request/confirm', boris, { id: made.request_id })).status).toBe(404);
    // the same request on a departure that starts tomorrow is confirmed
    const later = await departureOn(1);
    expect(
      (await call('POST', '/crm/api/request/update', anna, { id: made.request_id, tour_date_id: later })).status,
    ).toBe(200);
    expect((await call('POST', '/crm/api/request/confirm', anna, { id: made.request_id })).body.status).toBe(2);
  });

  it('takes no request moved onto it, and is not offered as a departure to move to', async () => {
    const today = await departureOn(0);
    const tomorrow = await departureOn(1);
    const made = (await create({ tour_date_id: await departureOn(5) })).body as unknown as BookingRequest;
    const moved = await call('POST', '/crm/api/request/update', anna, { id: made.request_id, tour_date_id: today });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual(STARTED);
    const offered = await call('POST', '/crm/api/request/tour-dates', anna, { request_id: made.request_id });
    const ids = (offered.body.items as { id: number }[]).map((d) => d.id);
    expect(ids).toContain(tomorrow);
    expect(ids).not.toContain(today);
  });
});

describe('an individual tour’s dates', () => {
  const individual = (dates: Record<string, unknown>) =>
    create({ tour_date_id: null, is_individual_tour: true, unit_price: 50000, ...dates });

  it('are never set before the organizer’s today: on create, update and the dates form', async () => {
    const before = await requestCount();
    const past = await individual({ date_start: orgDay(-1), date_end: orgDay(2) });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ date_start: ['The date cannot be in the past'] });
    expect(past.body.codes).toEqual({ date_start: [{ code: 'date_in_past' }] });
    expect(await requestCount()).toBe(before);

    const made = await individual({ date_start: orgDay(0), date_end: orgDay(3) });
    expect(made.status).toBe(200);
    const id = (made.body as unknown as BookingRequest).request_id;
    const update = await call('POST', '/crm/api/request/update', anna, { id, date_end: orgDay(-2) });
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual({ date_end: ['The date cannot be in the past'] });
    const form = await call('POST', '/crm/api/tour/individual-dates', anna, {
      request_id: id,
      date_start: orgDay(-3),
      date_end: orgDay(-1),
    });
    expect(form.status).toBe(422);
    expect(form.body.errors).toEqual({
      date_start: ['The date cannot be in the past'],
      date_end: ['The date cannot be in the past'],
    });
    const row = (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
    expect(row).toMatchObject({ date_start: orgDay(0), date_end: orgDay(3) });
  });

  it('a trip under way keeps its past start when something else changes', async () => {
    const made = await individual({ date_start: orgDay(5), date_end: orgDay(9) });
    const id = (made.body as unknown as BookingRequest).request_id;
    await t.database.db
      .update(requests)
      .set({ date_start: orgDay(-1) })
      .where(eq(requests.id, id));
    const changed = await call('POST', '/crm/api/request/update', anna, { id, date_end: orgDay(10), comment: 'x' });
    expect(changed.status).toBe(200);
    const offer = await call('POST', '/crm/api/tour/individual', anna, {
      request_id: id,
      tour_id: tourId,
      is_draft: false,
      price: 90000,
      comment: 'A day longer',
    });
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ date_start: orgDay(-1), date_end: orgDay(10), price: 90000 });
  });
});
