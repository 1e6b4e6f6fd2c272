import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOURIST_ACTOR, type CheckoutOptions, type TourPrices } from '@tourdesk/contract';
import {
  checkoutSessions,
  chatRequests,
  domainEvents,
  invoices,
  requests,
  requestTourists,
  tourDates,
  tours,
} from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import {
  assertPublicationsMatchContract,
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  type TestApp,
} from '../../test/test-app';

/*
 * The traveller's checkout (issue 27): options, quote, hold (seats and extras held under the
 * departure's lock, extended, released, swept), confirm (request-to-book and instant booking),
 * bad input, tampering, replays and the last seat raced by 50 travellers: exactly one.
 */
let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let tourId = 0;
let instantTourId = 0;
let prices: TourPrices;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; codes?: Record<string, { code: string }[]> };
const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: unknown, ip = nextIp()) => {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: who ? { ...bearer(who.token), 'x-language': 'en' } : { 'x-language': 'en' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const departure = async (seats: number, tour = tourId, offset = 60, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', '/crm/api/tour/save-date', anna, {
    tour_id: tour,
    date_start: day(offset),
    date_end: day(offset + 2),
    time_start: `${String(Math.floor(++n / 60) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
    price: 15000,
    number_of_seats: seats,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};
const free = async (dateId: number) =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats;
const requestCount = async () => (await t.database.db.select({ n: count() }).from(requests))[0]!.n;
const category = (code: string) => prices.categories.find((c) => c.code === code)!.id;
const extra = (name: string) => prices.extras.find((e) => e.name_en === name)!.id;
const choice = (dateId: number, adults = 2, more: Record<string, unknown> = {}) => ({
  tour_id: tourId,
  tour_date_id: dateId,
  travellers: [{ category_id: category('adult'), count: adults }],
  ...more,
});
const hold = async (body: unknown, ip = nextIp()) => call('POST', '/spa/checkout/hold', null, body, ip);
const held = async (body: unknown) => {
  const res = await hold(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as {
    token: string;
    expires_at: string;
    max_expires_at: string;
    pricing: { total: number };
  };
};
const contact = {
  name: 'Olga Petrova',
  email: 'olga@example.com',
  phone: '+7 999 123-45-67',
  documents_accepted: true,
};
const confirm = (token: string, total: number, key = `key-${++n}-confirm`, more: Record<string, unknown> = {}) =>
  call('POST', '/spa/checkout/confirm', null, { token, total, idempotency_key: key, ...contact, ...more });

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@checkout.example', organizers: ['Altai Trails'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@checkout.example')).token };
  tourId = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai' })).body
    .id as number;
  instantTourId = (
    await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai instant' })
  ).body.id as number;
  const adult = (await call('GET', `/crm/api/tour/prices?tour_id=${tourId}`, anna)).body as unknown as TourPrices;
  const saved = await call('POST', '/crm/api/tour/save-traveller-categories', anna, {
    tour_id: tourId,
    categories: [
      adult.categories[0],
      {
        code: 'child',
        name_en: 'Child',
        name_ru: 'Ребёнок',
        age_from: 2,
        age_to: 11,
        pricing: 'percent_off',
        value: 30,
      },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const withExtras = await call('POST', '/crm/api/tour/save-extras', anna, {
    tour_id: tourId,
    extras: [
      { name_en: 'Single room', name_ru: 'Одноместный номер', price: 7000.5, per: 'booking', stock: 1 },
      { name_en: 'Insurance', name_ru: 'Страховка', price: 333.33, per: 'traveller', is_mandatory: true },
    ],
  });
  expect(withExtras.status, JSON.stringify(withExtras.body)).toBe(200);
  prices = withExtras.body as unknown as TourPrices;
  await call('POST', '/crm/api/promo-code/create', anna, {
    organizer_id: anna.organizerId,
    code: 'summer10',
    value_type: 'percent',
    value: 10,
    is_combinable: true,
  });
  await t.database.db.update(tours).set({ status: 'published' }).where(eq(tours.organizer_id, anna.organizerId));
  await t.database.db.update(tours).set({ instant_booking: true }).where(eq(tours.id, instantTourId));
});
afterAll(() => t.close());

describe('what can be booked', () => {
  it('lists the departures from today: free seats, price per category, and why one is closed', async () => {
    const open = await departure(5, tourId, 60, { not_guaranteed: true, flight_included: true });
    await t.database.db.update(tourDates).set({ tour_variant: 'Double room' }).where(eq(tourDates.id, open));
    const time = (await t.database.db.select().from(tourDates).where(eq(tourDates.id, open)))[0]!.time_start;
    const soldOut = await departure(1);
    await t.database.db.update(tourDates).set({ number_of_free_seats: 0 }).where(eq(tourDates.id, soldOut));
    const tomorrow = await departure(5, tourId, 0);
    const res = await call('GET', `/spa/checkout/options?tour_id=${tourId}`, null);
    expect(res.status).toBe(200);
    const o = res.body as unknown as CheckoutOptions;
    expect(o.tour).toMatchObject({ id: tourId, instant_booking: false, booking_end_hours: 12, currency: 'RUB' });
    expect(o.hold_minutes).toBe(15);
    expect(o.departures.find((d) => d.id === open)).toEqual({
      id: open,
      date_start: day(60),
      date_end: day(62),
      time_start: time,
      variant: 'Double room',
      not_guaranteed: true,
      flight_included: true,
      free_seats: 5,
      bookable: true,
      reason: null,
      prices: [
        { category_id: category('adult'), unit_price: 15000 },
        { category_id: category('child'), unit_price: 10500 },
      ],
    });
    expect(time).toMatch(/^\d\d:\d\d$/);
    expect(o.departures.find((d) => d.id === soldOut)).toMatchObject({
      bookable: false,
      reason: 'sold_out',
      variant: null,
      not_guaranteed: false,
      flight_included: false,
    });
    expect(o.departures.find((d) => d.id === tomorrow)).toMatchObject({ bookable: false, reason: 'started' });
  });

  it('a draft tour is not for sale: 404 (its organizer previews it)', async () => {
    const draft = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'D' })).body
      .id as number;
    expect((await call('GET', `/spa/checkout/options?tour_id=${draft}`, null)).status).toBe(404);
    // its organizer's members preview it; nobody can hold it
    expect((await call('GET', `/spa/checkout/options?tour_id=${draft}`, anna)).status).toBe(200);
    expect((await call('GET', `/spa/checkout/options?tour_id=abc`, null)).status).toBe(422);
  });
});

describe('a quote', () => {
  it('is the server’s price of the choice: categories, mandatory extras, promo code; nothing written', async () => {
    const dateId = await departure(5);
    const before = await requestCount();
    const res = await call('POST', '/spa/checkout/quote', null, {
      ...choice(dateId),
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
      ],
      extras: [{ extra_id: extra('Single room'), quantity: 1 }],
      promo_code: 'SUMMER10',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pricing = (res.body as unknown as { pricing: Record<string, unknown> }).pricing;
    // 2 × 15000 + 10500 = 40500; extras 7000.5 + 3 × 333.33 = 8000.49; 10% off the whole
    expect(pricing).toMatchObject({ travellers_total: 40500, extras_total: 8000.49, tourists_count: 3, seats: 3 });
    expect(pricing.promo).toMatchObject({ code: 'SUMMER10', amount: 4850.05 });
    expect(pricing.total).toBe(43650.44);
    expect(await requestCount()).toBe(before);
    expect(await free(dateId)).toBe(5);
  });

  it('refuses a departure of another tour, an unknown promo code, no travellers', async () => {
    const other = await departure(5, instantTourId);
    const foreign = await call('POST', '/spa/checkout/quote', null, choice(other));
    expect(foreign.status).toBe(422);
    expect(foreign.body.codes).toEqual({ tour_date_id: [{ code: 'departure_not_of_tour' }] });
    const dateId = await departure(5);
    const none = await call('POST', '/spa/checkout/quote', null, choice(dateId, 0));
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.codes!)).toEqual(['travellers']);
    const bad = await call('POST', '/spa/checkout/quote', null, { ...choice(dateId), price: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.codes).toEqual({ price: [{ code: 'unknown_field' }] });
  });
});

describe('a hold', () => {
  it('takes the seats and the extras’ stock for 15 minutes; more than free is refused, nothing written', async () => {
    const dateId = await departure(3);
    const h = await held(choice(dateId, 2, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] }));
    expect(h.token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(h.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(h.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(h.pricing.total).toBe(30666.66 + 7000.5);
    expect(await free(dateId)).toBe(1);
    const sessions = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.tour_date_id, dateId));
    expect(sessions).toHaveLength(1);
    const over = await hold(choice(dateId, 2));
    expect(over.status).toBe(422);
    expect(over.body.codes).toEqual({ travellers: [{ code: 'not_enough_seats', params: { free: 1 } }] });
    // the single room's one is held by the first checkout
    const room = await hold(choice(dateId, 1, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] }));
    expect(room.status).toBe(422);
    expect(room.body.codes).toEqual({ 'extras.0.quantity': [{ code: 'extra_out_of_stock', params: { free: 0 } }] });
    expect(await free(dateId)).toBe(1);
    expect(
      await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.tour_date_id, dateId)),
    ).toHaveLength(1);
    // released: the seats and the room are free again
    expect((await call('POST', '/spa/checkout/release', null, { token: h.token })).status).toBe(200);
    expect(await free(dateId)).toBe(3);
    expect((await call('POST', '/spa/checkout/release', null, { token: h.token })).status).toBe(200);
    expect(await free(dateId)).toBe(3);
    expect((await hold(choice(dateId, 1, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] }))).status).toBe(
      200,
    );
  });

  it('is extended on activity up to its limit, and the sweep returns it once it passes', async () => {
    const dateId = await departure(4);
    const h = await held(choice(dateId, 2));
    const s = t.app.services.checkout;
    const later = new Date(Date.now() + 10 * 60_000);
    const ext = await s.extend(h.token, later);
    expect(Date.parse(ext.expires_at)).toBe(later.getTime() + 15 * 60_000);
    const next = await s.extend(h.token, new Date(Date.now() + 24 * 60_000));
    expect(Date.parse(next.expires_at)).toBeLessThan(Date.parse(h.max_expires_at));
    const last = await s.extend(h.token, new Date(Date.parse(next.expires_at) - 60_000));
    expect(last.expires_at).toBe(h.max_expires_at);
    // a second before it ends the sweep leaves it (others of this file may lapse)
    await s.sweep(new Date(Date.parse(h.max_expires_at) - 1000));
    expect(await free(dateId)).toBe(2);
    const after = new Date(Date.parse(h.max_expires_at) + 1000);
    expect((await s.sweep(after)).expired).toBeGreaterThanOrEqual(1);
    expect(await free(dateId)).toBe(4);
    const late = await call('POST', '/spa/checkout/extend', null, { token: h.token });
    expect(late.status).toBe(422);
    expect(late.body.codes).toEqual({ token: [{ code: 'checkout_hold_expired' }] });
    const gone = await confirm(h.token, h.pricing.total);
    expect(gone.status).toBe(422);
    expect(gone.body.codes).toEqual({ token: [{ code: 'checkout_hold_expired' }] });
    expect((await call('POST', '/spa/checkout/extend', null, { token: 'x'.repeat(43) })).status).toBe(404);
  });

  it('is rate limited per address: past 10 holds an hour, the captcha', async () => {
    const dateId = await departure(20);
    const ip = '10.77.0.1';
    for (let i = 0; i < 10; i++) expect((await hold(choice(dateId, 1), ip)).status).toBe(200);
    const refused = await hold(choice(dateId, 1), ip);
    expect(refused.status).toBe(429);
    expect(await free(dateId)).toBe(10);
  });

  it('the last seat raced by 50 holds: exactly one', async () => {
    const dateId = await departure(1);
    const results = await Promise.all(Array.from({ length: 50 }, () => hold(choice(dateId, 1))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(49);
    expect(await free(dateId)).toBe(0);
    const sessions = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.tour_date_id, dateId), eq(checkoutSessions.status, 'held')));
    expect(sessions).toHaveLength(1);
  });
});

describe('the confirm', () => {
  it('request-to-book: status 1, direct sales, the traveller’s contact, the CRM told, a chat opened', async () => {
    const dateId = await departure(5);
    const h = await held(choice(dateId, 2));
    // the organizer's open CRM, on a real socket: it hears the new request
    const listener = await listenAsUser(t.app, await listenOnFreePort(t.app), anna.token);
    const res = await confirm(h.token, h.pricing.total, 'rtb-key-0001', { language: 'ru' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as Record<string, unknown>;
    try {
      await eventually(() =>
        expect(
          listener.got.find(
            (p) =>
              p.event === 'new_request_in_crm' && (p.payload as { request_id?: number }).request_id === body.request_id,
          ),
        ).toBeDefined(),
      );
      assertPublicationsMatchContract(listener.got);
    } finally {
      listener.socket.disconnect();
    }
    expect(body).toMatchObject({ status: 1, instant: false, total: 30666.66, pay_url: null, prepayment: null });
    expect(body.chat_url).toMatch(/\/org\/traveller-chat\/[\w.-]+$/);
    const row = (
      await t.database.db
        .select()
        .from(requests)
        .where(eq(requests.id, body.request_id as number))
    )[0]!;
    expect(row).toMatchObject({
      source: 'direct_sales',
      status: 1,
      tour_date_id: dateId,
      customer_name: 'Olga Petrova',
      customer_email: 'olga@example.com',
      customer_phone: '+7 999 123-45-67',
      language: 'ru',
      seats_taken: 2,
      total_minor: 3_066_666,
    });
    expect(await free(dateId)).toBe(3);
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'request.created'), eq(domainEvents.aggregate_id, row.id)));
    expect(event!.actor_type).toBe(TOURIST_ACTOR.type);
    const chat = await t.database.db.select().from(chatRequests).where(eq(chatRequests.request_id, row.id));
    expect(chat).toHaveLength(1);
    // the same key again: the same booking, nothing new; another key: refused
    const before = await requestCount();
    const again = await confirm(h.token, h.pricing.total, 'rtb-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.request_id).toBe(row.id);
    const other = await confirm(h.token, h.pricing.total, 'rtb-key-0002');
    expect(other.status).toBe(422);
    expect(other.body.codes).toEqual({ token: [{ code: 'checkout_already_confirmed' }] });
    expect(await requestCount()).toBe(before);
    expect(await free(dateId)).toBe(3);
  });

  it('a tampered total or missing consent is refused, nothing written, the hold kept', async () => {
    const dateId = await departure(5);
    const h = await held(choice(dateId, 2));
    const before = await requestCount();
    const cheap = await confirm(h.token, 100);
    expect(cheap.status).toBe(422);
    expect(cheap.body.codes).toEqual({ total: [{ code: 'checkout_price_changed', params: { total: 30666.66 } }] });
    const noDocs = await confirm(h.token, h.pricing.total, undefined, { documents_accepted: false });
    expect(noDocs.status).toBe(422);
    expect(Object.keys(noDocs.body.codes!)).toEqual(['documents_accepted']);
    const noMail = await confirm(h.token, h.pricing.total, undefined, { email: 'not-an-email' });
    expect(noMail.status).toBe(422);
    expect(Object.keys(noMail.body.codes!)).toEqual(['email']);
    expect(await requestCount()).toBe(before);
    expect(await free(dateId)).toBe(3);
    const [s] = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.tour_date_id, dateId));
    expect(s!.status).toBe('held');
    expect((await confirm(h.token, h.pricing.total)).status).toBe(200);
    expect(await free(dateId)).toBe(3);
  });

  it('tourists named now come with the booking; more than the travellers or a nameless one are refused', async () => {
    const dateId = await departure(5);
    const h = await held(choice(dateId, 2));
    const ivan = { first_name: 'Ivan', last_name: 'Petrov', birthday: '1990-05-01', phone: '+79991234567' };
    const three = await confirm(h.token, h.pricing.total, undefined, {
      tourists: [ivan, { ...ivan, first_name: 'Anna' }, { ...ivan, first_name: 'Oleg' }],
    });
    expect(three.status).toBe(422);
    expect(three.body.codes).toEqual({ tourists: [{ code: 'tourists_over_count', params: { count: 2 } }] });
    const nameless = await confirm(h.token, h.pricing.total, undefined, { tourists: [{ ...ivan, last_name: '' }] });
    expect(nameless.status).toBe(422);
    expect(Object.keys(nameless.body.codes!)).toEqual(['tourists.0.last_name']);
    const res = await confirm(h.token, h.pricing.total, 'tourists-key-1', { tourists: [ivan] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const named = await t.database.db
      .select()
      .from(requestTourists)
      .where(eq(requestTourists.request_id, res.body.request_id as number));
    expect(named.map((r) => [r.first_name, r.last_name, r.birthday, r.phone])).toEqual([
      ['Ivan', 'Petrov', '1990-05-01', '+79991234567'],
    ]);
  });

  it('instant booking: confirmed at once, the prepayment invoice issued, its pay link answered', async () => {
    const dateId = await departure(5, instantTourId, 60, { prepayment_type: 'percent', prepayment_size: 30 });
    const adultId = (
      (await call('GET', `/crm/api/tour/prices?tour_id=${instantTourId}`, anna)).body as unknown as TourPrices
    ).categories[0]!.id;
    const body = { tour_id: instantTourId, tour_date_id: dateId, travellers: [{ category_id: adultId, count: 2 }] };
    const h = await held(body);
    expect(h.pricing.total).toBe(30000);
    const res = await confirm(h.token, 30000, 'instant-key-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 2, instant: true, total: 30000, prepayment: 9000, currency: 'RUB' });
    expect(res.body.pay_url).toMatch(/\/pay\/[\w-]+$/);
    const id = res.body.request_id as number;
    const row = (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
    expect(row).toMatchObject({ status: 2, seats_taken: 2, hold_expires_at: null, source: 'direct_sales' });
    const inv = await t.database.db.select().from(invoices).where(eq(invoices.request_id, id));
    expect(inv).toHaveLength(1);
    expect(inv[0]).toMatchObject({ payment_type: 'prepayment', amount_minor: 900_000, status: 1 });
    expect(await free(dateId)).toBe(3);
    const again = await confirm(h.token, 30000, 'instant-key-1');
    expect(again.body).toMatchObject({ request_id: id, pay_url: res.body.pay_url, prepayment: 9000 });
  });
});
