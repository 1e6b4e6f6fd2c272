import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS, messageText, type BookingRequest, type CancelPopupData } from '@tourdesk/contract';
import { requests, requestStatusHistory, requestTourists, tourDates, users } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let borisTourId = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; message?: string };
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
const R = '/crm/api/request';
const post = (path: string, who: Who | null, payload: unknown) => call('POST', `${R}/${path}`, who, payload);
const get = (path: string, who: Who | null) => call('GET', `${R}/${path}`, who);
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let keyN = 0;
let depN = 0;
const key = () => `test-key-${++keyN}-${Date.now()}`;

const newDeparture = async (seats: number, offset = 40, price = 15000, tour = tourId, who = anna): Promise<number> => {
  const res = await call('POST', '/crm/api/tour/save-date', who, {
    tour_id: tour,
    date_start: day(offset),
    date_end: day(offset + 2),
    // a departure is one per day, time and variant: each test's its own time
    time_start: `${String(Math.floor(++depN / 60) % 24).padStart(2, '0')}:${String(depN % 60).padStart(2, '0')}`,
    price,
    number_of_seats: seats,
  });
  expect(res.status).toBe(200);
  return res.body.id as number;
};
const freeSeats = async (dateId: number): Promise<number> =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats;
const requestCount = async (): Promise<number> => (await t.database.db.select({ n: count() }).from(requests))[0]!.n;
const own = (dateId: number, extra: Record<string, unknown> = {}) => ({
  tour_organizer_id: anna.organizerId,
  tour_id: tourId,
  tour_date_id: dateId,
  tourists_count: 2,
  customer_name: 'Olga Petrova',
  customer_email: 'olga@example.com',
  customer_phone: '+79161234567',
  idempotency_key: key(),
  ...extra,
});
const create = async (dateId: number, extra: Record<string, unknown> = {}): Promise<BookingRequest> => {
  const res = await post('create-request-with-own-type', anna, own(dateId, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as BookingRequest;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@requests.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@requests.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@requests.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@requests.example')).token };
  tourId = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai' })).body
    .id as number;
  borisTourId = (
    await call('POST', '/crm/api/tour/create', boris, { organizer_id: boris.organizerId, name: 'Kamchatka' })
  ).body.id as number;
});
afterAll(() => t.close());

describe('an own request', () => {
  it('is priced, holds its seats for a while, starts pending with one history line', async () => {
    const dateId = await newDeparture(5);
    const r = await create(dateId, { comment: 'Vegetarian meals' });
    expect(r).toMatchObject({
      status: BOOKING_STATUS.pending_confirm,
      source: 'own',
      tour: { id: tourId, name: 'Altai' },
      tour_date_id: dateId,
      date_start: day(40),
      tourists_count: 2,
      unit_price: 15000,
      price: 30000,
      paid_amount: 0,
      balance: 30000,
      seats_taken: 2,
      currency: 'RUB',
      customer_name: 'Olga Petrova',
      comment: 'Vegetarian meals',
      departure: { id: dateId, number_of_seats: 5, number_of_free_seats: 3 },
    });
    const hold = Date.parse(r.hold_expires_at!) - Date.now();
    expect(hold).toBeGreaterThan(301_000);
    expect(hold).toBeLessThanOrEqual(15 * 60_000);
    expect(r.history).toEqual([expect.objectContaining({ status: 1, previous_status: null, user_name: 'Test User' })]);
    expect(await freeSeats(dateId)).toBe(3);
  });

  it('a member who gave no name is named by their e-mail in the history, never "System"', async () => {
    const [member] = await t.database.db.select().from(users).where(eq(users.email, 'anna@requests.example'));
    await t.database.db.update(users).set({ first_name: '', last_name: null }).where(eq(users.id, member!.id));
    try {
      const r = await create(await newDeparture(5));
      expect(r.history).toEqual([expect.objectContaining({ status: 1, user_name: 'anna@requests.example' })]);
    } finally {
      await t.database.db
        .update(users)
        .set({ first_name: member!.first_name, last_name: member!.last_name })
        .where(eq(users.id, member!.id));
    }
  });

  it('the same idempotency key twice makes one request and takes the seats once', async () => {
    const dateId = await newDeparture(5);
    const body = own(dateId);
    const before = await requestCount();
    const [a, b] = await Promise.all([
      post('create-request-with-own-type', anna, body),
      post('create-request-with-own-type', anna, body),
    ]);
    const c = await post('create-request-with-own-type', anna, body);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.request_id, b.body.request_id, c.body.request_id]).size).toBe(1);
    expect(await requestCount()).toBe(before + 1);
    expect(await freeSeats(dateId)).toBe(3);
  });

  it('more tourists than free seats: a field error, nothing written', async () => {
    const dateId = await newDeparture(3);
    await create(dateId);
    const before = await requestCount();
    const res = await post('create-request-with-own-type', anna, own(dateId, { tourists_count: 2 }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ tourists_count: [messageText('not_enough_seats', { free: 1 })] });
    expect(await requestCount()).toBe(before);
    expect(await freeSeats(dateId)).toBe(1);
  });

  it.each([
    ['zero tourists', { tourists_count: 0 }, 'tourists_count'],
    ['a negative price', { unit_price: -1 }, 'unit_price'],
    ['a price with a fraction of a kopeck', { unit_price: 10.001 }, 'unit_price'],
    ['no name', { customer_name: ' ' }, 'customer_name'],
    ['a bad e-mail', { customer_email: 'olga@' }, 'customer_email'],
    ['a birthday in the future', { tourists: [{ first_name: 'Ivan', birthday: day(3) }] }, 'tourists.0.birthday'],
    [
      'more tourists than the count',
      { tourists_count: 1, tourists: [{ first_name: 'A' }, { first_name: 'B' }] },
      'tourists',
    ],
    ['no departure', { tour_date_id: null }, 'tour_date_id'],
    ['a short idempotency key', { idempotency_key: 'abc' }, 'idempotency_key'],
    ['a hold under 301 s', { hold_seconds: 300 }, 'hold_seconds'],
  ])('%s: 422 on the field, nothing written', async (_name, extra, field) => {
    const dateId = await newDeparture(5);
    const before = await requestCount();
    const res = await post('create-request-with-own-type', anna, own(dateId, extra));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
    expect(await requestCount()).toBe(before);
    expect(await freeSeats(dateId)).toBe(5);
  });

  it('a departure of another tour, or one that has started, is refused', async () => {
    const otherTour = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'B' }))
      .body.id as number;
    const foreign = await newDeparture(5, 40, 100, otherTour);
    expect((await post('create-request-with-own-type', anna, own(foreign))).body.errors).toEqual({
      tour_date_id: [messageText('departure_not_of_tour')],
    });
    const past = await newDeparture(5, -3);
    expect((await post('create-request-with-own-type', anna, own(past))).body.errors).toEqual({
      tour_date_id: [messageText('departure_started')],
    });
  });

  it('takes the tour’s best discount', async () => {
    const discounted = (
      await call('POST', '/crm/api/tour/create', anna, {
        organizer_id: anna.organizerId,
        name: 'Early bird',
        discounts: { early_booking_days: [{ days_before: 30, value: 10, value_type: 'percent' }] },
      })
    ).body.id as number;
    const dateId = await newDeparture(5, 40, 15000, discounted);
    const r = await create(dateId, { tour_id: discounted, tourists_count: 3 });
    expect(r.price).toBe(40500);
    expect(r.discount).toMatchObject({ type: 'early_booking_days', value: 10, value_type: 'percent', amount: 4500 });
  });
});

describe('confirming', () => {
  it('makes the held seats firm: 1 → 2, seats unchanged', async () => {
    const dateId = await newDeparture(4);
    const r = await create(dateId);
    const res = await post('confirm', anna, { id: r.request_id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 2, seats_taken: 2, hold_expires_at: null });
    expect(await freeSeats(dateId)).toBe(2);
    expect((res.body as unknown as BookingRequest).history.map((h) => h.status)).toEqual([2, 1]);
  });

  it('a lapsed hold frees the seats (the sweep); confirming takes them again while they are free', async () => {
    const dateId = await newDeparture(2);
    const r = await create(dateId, { hold_seconds: 301 });
    expect(await freeSeats(dateId)).toBe(0);
    const swept = await t.app.services.requests.sweep(new Date(Date.now() + 302_000));
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await freeSeats(dateId)).toBe(2);
    const lapsed = (await get(`get?id=${r.request_id}`, anna)).body;
    expect(lapsed).toMatchObject({ status: 1, seats_taken: 0, hold_expires_at: null });
    const res = await post('confirm', anna, { id: r.request_id });
    expect(res.status).toBe(200);
    expect(await freeSeats(dateId)).toBe(0);
  });

  it('a lapsed hold whose seats were sold meanwhile: 422, still pending, nothing taken', async () => {
    const dateId = await newDeparture(2);
    const r = await create(dateId, { hold_seconds: 301 });
    await t.app.services.requests.sweep(new Date(Date.now() + 302_000));
    await create(dateId); // takes both seats
    const res = await post('confirm', anna, { id: r.request_id });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ tourists_count: [messageText('not_enough_seats', { free: 0 })] });
    expect((await get(`get?id=${r.request_id}`, anna)).body.status).toBe(1);
    expect(await freeSeats(dateId)).toBe(0);
  });

  it('extend-hold keeps the seats longer; the sweep then leaves them', async () => {
    const dateId = await newDeparture(2);
    const r = await create(dateId, { hold_seconds: 301 });
    const res = await post('extend-hold', anna, { id: r.request_id, seconds: 3600 });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.hold_expires_at as string)).toBeGreaterThan(Date.now() + 3500_000);
    await t.app.services.requests.sweep(new Date(Date.now() + 302_000));
    expect(await freeSeats(dateId)).toBe(0);
  });

  it('50 confirmations of pending requests for the last seat: exactly one succeeds', async () => {
    const dateId = await newDeparture(1);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await create(dateId, { tourists_count: 1, hold_seconds: 301 });
      ids.push(r.request_id);
      await t.app.services.requests.sweep(new Date(Date.now() + 302_000));
    }
    expect(await freeSeats(dateId)).toBe(1);
    const results = await Promise.all(ids.map((id) => post('confirm', anna, { id })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 422)).toHaveLength(49);
    expect(await freeSeats(dateId)).toBe(0);
    const confirmed = await t.database.db.select().from(requests).where(eq(requests.tour_date_id, dateId));
    expect(confirmed.filter((r) => r.status === 2)).toHaveLength(1);
    expect(confirmed.reduce((n, r) => n + r.seats_taken, 0)).toBe(1);
  });

  it('the same request confirmed 50 times at once: one confirmation, one history line', async () => {
    const dateId = await newDeparture(3);
    const r = await create(dateId);
    const results = await Promise.all(Array.from({ length: 50 }, () => post('confirm', anna, { id: r.request_id })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 422).every((x) => x.body.errors?.status)).toBe(true);
    const history = await t.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.request_id, r.request_id));
    expect(history.filter((h) => h.status === 2)).toHaveLength(1);
    expect(await freeSeats(dateId)).toBe(1);
  });
});

describe('changing a request', () => {
  it('more tourists take more seats; fewer give them back; over the free seats nothing changes', async () => {
    const dateId = await newDeparture(5);
    const r = await create(dateId);
    const up = await post('update-request-with-own-type', anna, { id: r.request_id, tourists_count: 4 });
    expect(up.body).toMatchObject({ tourists_count: 4, seats_taken: 4, price: 60000 });
    expect(await freeSeats(dateId)).toBe(1);
    const over = await post('update-request-with-own-type', anna, { id: r.request_id, tourists_count: 6 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ tourists_count: [messageText('not_enough_seats', { free: 1 })] });
    expect(await freeSeats(dateId)).toBe(1);
    const down = await post('update', anna, { id: r.request_id, tourists_count: 1, customer_name: 'Olga P.' });
    expect(down.body).toMatchObject({ tourists_count: 1, seats_taken: 1, price: 15000, customer_name: 'Olga P.' });
    expect(await freeSeats(dateId)).toBe(4);
  });

  it('moving to another departure moves the seats and prices afresh', async () => {
    const from = await newDeparture(5);
    const to = await newDeparture(5, 50, 20000);
    const r = await create(from);
    await post('confirm', anna, { id: r.request_id });
    const dates = await post('tour-dates', anna, { request_id: r.request_id });
    expect((dates.body.items as { id: number }[]).map((d) => d.id)).toEqual(expect.arrayContaining([from, to]));
    const moved = await post('update', anna, { id: r.request_id, tour_date_id: to });
    expect(moved.body).toMatchObject({ tour_date_id: to, date_start: day(50), price: 40000, seats_taken: 2 });
    expect([await freeSeats(from), await freeSeats(to)]).toEqual([5, 3]);
  });

  it('individual dates only on an individual tour; fewer tourists than listed is refused', async () => {
    const dateId = await newDeparture(5);
    const r = await create(dateId, { tourists: [{ first_name: 'A' }, { first_name: 'B' }] });
    expect((await post('update', anna, { id: r.request_id, date_start: day(60) })).body.errors).toEqual({
      date_start: [messageText('request_individual_only')],
    });
    expect((await post('update', anna, { id: r.request_id, tourists_count: 1 })).body.errors).toEqual({
      tourists_count: [messageText('tourists_count_below_listed', { count: 2 })],
    });
  });

  it('an individual tour: no departure, no seats, its own dates and price', async () => {
    const r = await create(0 as never, {
      tour_date_id: null,
      is_individual_tour: true,
      date_start: day(70),
      date_end: day(75),
      unit_price: 50000,
    });
    expect(r).toMatchObject({ is_individual_tour: true, seats_taken: 0, price: 100000, individual_tour_price: 100000 });
    const changed = await post('update', anna, { id: r.request_id, date_end: day(76) });
    expect(changed.body.date_end).toBe(day(76));
    expect((await post('confirm', anna, { id: r.request_id })).body.status).toBe(2);
  });
});

describe('cancelling', () => {
  it('the popup shows the organizer’s penalty; cancel keeps it, frees the seats and closes the request', async () => {
    await call('POST', '/crm/api/organizer/update', anna, {
      id: anna.organizerId,
      penalties: [
        { days_before: 60, percent: 10 },
        { days_before: 14, percent: 50 },
      ],
      cancellation_terms: 'Cancel in writing.',
    });
    const dateId = await newDeparture(5);
    const r = await create(dateId, { tourists_count: 3 });
    await post('confirm', anna, { id: r.request_id });
    const popup = (await get(`cancel-request-popup-data?id=${r.request_id}`, anna)).body as unknown as CancelPopupData;
    expect(popup).toMatchObject({
      days_before_start: 40,
      penalties_source: 'organizer',
      applied_penalty: { days_before: 60, percent: 10 },
      price: 45000,
      penalty_amount: 4500,
      refund_amount: 0,
      cancellation_terms: 'Cancel in writing.',
    });
    const res = await post('cancel', anna, { id: r.request_id, message: 'Tour postponed', notify_client: false });
    // nothing more is asked of a canceled request: its balance is 0, in the list too
    expect(res.body).toMatchObject({
      status: 6,
      penalty: 4500,
      cancel_message: 'Tour postponed',
      seats_taken: 0,
      price: 45000,
      balance: 0,
    });
    const listed = (
      await get(`list-for-org?organizer_id=${anna.organizerId}&group_id=1&limit=20&page=1&is_individual_tour=0`, anna)
    ).body as unknown as { items: { id: number; balance: number }[] };
    expect(listed.items.find((i) => i.id === r.request_id)).toMatchObject({ balance: 0 });
    expect(await freeSeats(dateId)).toBe(5);
    // a canceled request: every move and change is refused, nothing changes
    const again = await post('confirm', anna, { id: r.request_id });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(messageText('request_status_illegal', { from: 6, to: 2 }));
    expect((await post('update', anna, { id: r.request_id, tourists_count: 1 })).status).toBe(422);
    expect(await freeSeats(dateId)).toBe(5);
  });

  it('canceled by the tourist is status 5; the client is told by e-mail when asked', async () => {
    const dateId = await newDeparture(5);
    const r = await create(dateId);
    const res = await post('cancel', anna, { id: r.request_id, canceled_by: 'tourist', notify_client: true });
    expect(res.body.status).toBe(5);
  });
});

describe('sweeps', () => {
  it('a prepaid request whose trip ended becomes complete', async () => {
    const dateId = await newDeparture(5, 2);
    const r = await create(dateId);
    await post('confirm', anna, { id: r.request_id });
    await t.database.db.update(requests).set({ status: 3 }).where(eq(requests.id, r.request_id));
    const result = await t.app.services.requests.sweep(new Date(Date.now() + 6 * 86_400_000));
    expect(result.completed).toBeGreaterThanOrEqual(1);
    const after = (await get(`get?id=${r.request_id}`, anna)).body as unknown as BookingRequest;
    expect(after.status).toBe(4);
    expect(after.history[0]).toMatchObject({ status: 4, previous_status: 3, user_name: '' });
  });
});

describe('marketplace sale status', () => {
  it('lists the stages with the current one and changes it', async () => {
    const r = await create(await newDeparture(5));
    await post('change-base-sale-status', anna, { id: r.request_id, base_sale_status: 2 });
    const list = (await get(`base-sale-statuses-by-request-id?id=${r.request_id}`, anna)).body.items as {
      id: number;
      is_current: boolean;
    }[];
    expect(list.find((s) => s.is_current)?.id).toBe(2);
    expect((await post('change-base-sale-status', anna, { id: r.request_id, base_sale_status: 9 })).status).toBe(422);
  });
});

describe('third-party agent requests', () => {
  it('keep the agent and their commission', async () => {
    const res = await call('POST', '/crm/api/third-party-agent-request/create', anna, {
      ...own(await newDeparture(5)),
      third_party_agent: { name: 'Baikal Travel', email: 'desk@baikal.example', commission: 1500.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'third_party_agent',
      third_party_agent: { name: 'Baikal Travel', commission: 1500.5 },
    });
    // an own request is not changed through the agent route, nor the other way round
    const ownRequest = await create(await newDeparture(5));
    expect(
      (
        await call('POST', '/crm/api/third-party-agent-request/update', anna, {
          id: ownRequest.request_id,
          comment: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await post('update-request-with-own-type', anna, { id: res.body.request_id, comment: 'x' })).status).toBe(
      404,
    );
  });
});

describe('tenancy', () => {
  it('another organizer’s user sees and changes nothing of the request', async () => {
    const dateId = await newDeparture(5);
    const r = await create(dateId);
    for (const [method, path, payload] of [
      ['GET', `get?id=${r.request_id}`],
      ['GET', `cancel-request-popup-data?id=${r.request_id}`],
      ['GET', `base-sale-statuses-by-request-id?id=${r.request_id}`],
      ['POST', 'confirm', { id: r.request_id }],
      ['POST', 'update', { id: r.request_id, comment: 'mine' }],
      ['POST', 'cancel', { id: r.request_id }],
      ['POST', 'extend-hold', { id: r.request_id, seconds: 600 }],
      ['POST', 'tour-dates', { request_id: r.request_id }],
      ['POST', 'change-base-sale-status', { id: r.request_id, base_sale_status: 3 }],
    ] as const) {
      const res = await call(method, `${R}/${path}`, boris, payload);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(messageText('request_not_found'));
    }
    const after = (await get(`get?id=${r.request_id}`, anna)).body;
    expect(after).toMatchObject({ status: 1, comment: '' });
    expect(await freeSeats(dateId)).toBe(3);
  });

  it('a request for another organizer’s tour or in its name: 404, nothing written', async () => {
    const dateId = await newDeparture(5);
    const before = await requestCount();
    const inAnnasName = await post('create-request-with-own-type', boris, own(dateId));
    expect(inAnnasName.status).toBe(404);
    const annasTour = await post(
      'create-request-with-own-type',
      boris,
      own(dateId, { tour_organizer_id: boris.organizerId }),
    );
    expect(annasTour.status).toBe(404);
    expect(annasTour.body.message).toBe(messageText('tour_not_found'));
    expect(await requestCount()).toBe(before);
    expect(borisTourId).toBeGreaterThan(0);
  });

  it('without a token: 401', async () => {
    expect((await get('get?id=1', null)).status).toBe(401);
    expect((await post('create-request-with-own-type', null, {})).status).toBe(401);
  });
});

describe('tourists on create', () => {
  it('are stored in order with their data', async () => {
    const r = await create(await newDeparture(5), {
      tourists: [
        { first_name: 'Olga', last_name: 'Petrova', birthday: '1990-04-01', is_contact_person: true },
        { first_name: 'Ivan', last_name: 'Petrov', is_child: true },
      ],
    });
    expect(r.tourists.map((x) => [x.full_name, x.is_contact_person, x.is_child])).toEqual([
      ['Petrova Olga', true, false],
      ['Petrov Ivan', false, true],
    ]);
    const stored = await t.database.db
      .select({ n: count() })
      .from(requestTourists)
      .where(eq(requestTourists.request_id, r.request_id));
    expect(stored[0]!.n).toBe(2);
  });
});

describe('individual tours', () => {
  const T = '/crm/api/tour';
  it('dates, suggestions from the base tour, an offer kept as a draft, then applied', async () => {
    await newDeparture(5, 80);
    const r = await create(0 as never, { tour_date_id: null, is_individual_tour: true, tourists_count: 4 });
    const dates = await call('POST', `${T}/individual-dates`, anna, {
      request_id: r.request_id,
      date_start: day(90),
      date_end: day(94),
    });
    expect(dates.body).toMatchObject({ date_start: day(90), date_end: day(94), suggestions: [] });
    const suggested = await call('GET', `${T}/individual-dates?request_id=${r.request_id}&from_source=1`, anna);
    expect((suggested.body.suggestions as unknown[]).length).toBeGreaterThan(0);

    const draft = await call('POST', `${T}/individual`, anna, {
      request_id: r.request_id,
      tour_id: tourId,
      is_draft: true,
      price: 120000,
      comment: 'Private guide, own car',
    });
    expect(draft.body).toMatchObject({ price: 0, draft: { price: 120000, comment: 'Private guide, own car' } });
    // the request is unchanged until the offer is applied
    expect((await get(`get?id=${r.request_id}`, anna)).body.price).toBe(0);
    const applied = await call('POST', `${T}/individual`, anna, {
      request_id: r.request_id,
      tour_id: tourId,
      price: 120000,
    });
    expect(applied.body).toMatchObject({ price: 120000, draft: null });
    expect((await get(`get?id=${r.request_id}`, anna)).body).toMatchObject({
      price: 120000,
      individual_tour_price: 120000,
    });

    await call('POST', `${T}/individual`, anna, {
      request_id: r.request_id,
      tour_id: tourId,
      is_draft: true,
      price: 1,
    });
    const cleared = await call('POST', `${T}/individual-clear-draft`, anna, { request_id: r.request_id });
    expect(cleared.body).toMatchObject({ price: 120000, draft: null });
  });

  it('a departure request has no individual tour; another organizer gets 404; bad dates 422', async () => {
    const r = await create(await newDeparture(5));
    expect((await call('GET', `${T}/individual?request_id=${r.request_id}`, anna)).body.errors).toEqual({
      request_id: [messageText('request_not_individual')],
    });
    expect((await call('GET', `${T}/individual?request_id=${r.request_id}`, boris)).status).toBe(404);
    const bad = await call('POST', `${T}/individual-dates`, anna, {
      request_id: r.request_id,
      date_start: day(10),
      date_end: day(5),
    });
    expect(bad.body.errors).toEqual({ date_end: [messageText('end_before_start')] });
  });
});
