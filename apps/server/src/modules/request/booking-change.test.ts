import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingChangeFigures, BookingPricing, BookingRequest, TourPrices } from '@tourdesk/contract';
import {
  domainEvents,
  promoCodes,
  requestChanges,
  requests,
  requestTourists,
  tourDates,
  tourPenalties,
  tours,
} from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { requestPlaceholderValues } from './request-placeholders';
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
 * Changing a booking (issue 26): travellers per category, extras with a stock, manual lines and
 * promo codes, in one transaction with the seats; the money figures; the history and live events;
 * bad input and another tenant refused with nothing written.
 */
let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let prices: TourPrices;
let borisTourId = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; codes?: Record<string, { code: string }[]> };
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
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const departure = async (seats: number, who = anna, tour = tourId, offset = 60): Promise<number> => {
  const res = await call('POST', '/crm/api/tour/save-date', who, {
    tour_id: tour,
    date_start: day(offset),
    date_end: day(offset + 2),
    time_start: `${String(Math.floor(++n / 60) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
    price: 15000,
    number_of_seats: seats,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};
const book = async (dateId: number, extra: Record<string, unknown> = {}, who = anna, tour = tourId) => {
  const res = await call('POST', '/crm/api/request/create-request-with-own-type', who, {
    tour_organizer_id: who.organizerId,
    tour_id: tour,
    tour_date_id: dateId,
    tourists_count: 2,
    customer_name: 'Olga Petrova',
    customer_email: 'olga@example.com',
    idempotency_key: `booking-change-${++n}`,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as BookingRequest;
};
const change = (requestId: number, body: Record<string, unknown>, who = anna) =>
  call('POST', '/crm/api/request/change-booking', who, { request_id: requestId, ...body });
const changed = async (requestId: number, body: Record<string, unknown>) => {
  const res = await change(requestId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as { pricing: BookingPricing; figures: BookingChangeFigures };
};
const free = async (dateId: number) =>
  (await t.database.db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.number_of_free_seats;
const row = async (id: number) => (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const category = (code: string) => prices.categories.find((c) => c.code === code)!.id;
const extra = (name: string) => prices.extras.find((e) => e.name_en === name)!.id;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@booking-change.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@booking-change.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@booking-change.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@booking-change.example')).token };
  const tour = await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai' });
  tourId = tour.body.id as number;
  borisTourId = (
    await call('POST', '/crm/api/tour/create', boris, { organizer_id: boris.organizerId, name: 'Kamchatka' })
  ).body.id as number;
  const adult = (await call('GET', `/crm/api/tour/prices?tour_id=${tourId}`, anna)).body as unknown as TourPrices;
  const saved = await call('POST', '/crm/api/tour/save-traveller-categories', anna, {
    tour_id: tourId,
    categories: [
      { ...adult.categories[0], age_from: 12 },
      {
        code: 'child',
        name_en: 'Child',
        name_ru: 'Ребёнок',
        age_from: 2,
        age_to: 11,
        pricing: 'percent_off',
        value: 30,
      },
      {
        code: 'infant',
        name_en: 'Infant',
        name_ru: 'Младенец',
        age_from: 0,
        age_to: 1,
        pricing: 'fixed',
        value: 0,
        takes_seat: false,
        max_per_booking: 1,
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
});
afterAll(() => t.close());

describe('a booking’s travellers per category', () => {
  it('a new request is its tourists_count adults at the departure’s price', async () => {
    const r = await book(await departure(5));
    const res = await call('GET', `/crm/api/request/pricing?request_id=${r.request_id}`, anna);
    expect(res.status).toBe(200);
    const { pricing } = res.body as unknown as { pricing: BookingPricing };
    expect(pricing.travellers).toEqual([
      expect.objectContaining({
        category_id: category('adult'),
        code: 'adult',
        count: 2,
        unit_price: 15000,
        amount: 30000,
      }),
    ]);
    expect(pricing.total).toBe(30000);
  });

  it('2 adults + 1 child + an infant, a single room and a promo code: priced to the kopeck, seats follow', async () => {
    const dateId = await departure(5);
    const r = await book(dateId);
    expect(await free(dateId)).toBe(3);
    const { pricing, figures } = await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
        { category_id: category('infant'), count: 1 },
      ],
      extras: [{ extra_id: extra('Single room'), quantity: 1 }],
      promo_code: 'Summer10',
    });
    // 2 × 15 000 + 10 500 + 0 = 40 500; single room 7 000.50; insurance 4 × 333.33 = 1 333.32
    // promo 10 % of 48 833.82 = 4 883.38 (4 883.382 rounds down) → 43 950.44
    expect(pricing.travellers_total).toBe(40500);
    expect(pricing.extras_total).toBe(8333.82);
    expect(pricing.promo).toMatchObject({ code: 'SUMMER10', amount: 4883.38 });
    expect(pricing.total).toBe(43950.44);
    expect(pricing).toMatchObject({ tourists_count: 4, seats: 3 });
    expect(figures).toMatchObject({ total_before: 30000, total_after: 43950.44, balance_due: 43950.44 });
    expect(await free(dateId)).toBe(2);
    expect((await row(r.request_id)).seats_taken).toBe(3);

    // then 3 adults and the infant: one more seat, the child's line gone, the promo kept
    const again = await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 3 },
        { category_id: category('infant'), count: 1 },
      ],
    });
    // 45 000 + 7 000.50 + 1 333.32 = 53 333.82; − 5 333.38 = 48 000.44
    expect(again.pricing.total).toBe(48000.44);
    expect(await free(dateId)).toBe(2);

    const history = await call('GET', `/crm/api/request/booking-changes?request_id=${r.request_id}`, anna);
    const items = history.body.items as { what: string[]; before: { total: number }; after: { total: number } }[];
    expect(items.map((i) => [i.what, i.before.total, i.after.total])).toEqual([
      [['travellers'], 43950.44, 48000.44],
      [['travellers', 'extras', 'promo_code'], 30000, 43950.44],
    ]);
    const events = await t.database.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(eq(domainEvents.aggregate_id, r.request_id))
      .orderBy(desc(domainEvents.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['request.updated', 'request.tourists_changed']));
  });

  it('never oversells: more seats than are free is refused, nothing changes', async () => {
    const dateId = await departure(3);
    const r = await book(dateId);
    const before = await row(r.request_id);
    const res = await change(r.request_id, { travellers: [{ category_id: category('adult'), count: 4 }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ travellers: ['Not enough free seats: 1 left on this departure'] });
    expect(await row(r.request_id)).toEqual(before);
    expect(await free(dateId)).toBe(1);
    expect(
      await t.database.db
        .select({ n: count() })
        .from(requestChanges)
        .where(eq(requestChanges.request_id, r.request_id)),
    ).toEqual([{ n: 0 }]);
  });

  it('a dry run answers what the change would make and changes nothing: row, seats, code, history, events', async () => {
    const dateId = await departure(6);
    const r = await book(dateId);
    const before = await row(r.request_id);
    const eventsOf = async () =>
      (
        await t.database.db.select({ n: count() }).from(domainEvents).where(eq(domainEvents.aggregate_id, r.request_id))
      )[0]!.n;
    const events = await eventsOf();
    const body = {
      travellers: [
        { category_id: category('adult'), count: 3 },
        { category_id: category('child'), count: 1 },
      ],
      extras: [{ extra_id: extra('Single room'), quantity: 1 }],
      promo_code: 'SUMMER10',
    };
    const dry = await changed(r.request_id, { ...body, dry_run: true });
    expect(await row(r.request_id)).toEqual(before);
    expect(await free(dateId)).toBe(4);
    expect(await eventsOf()).toBe(events);
    expect(
      await t.database.db
        .select({ n: count() })
        .from(requestChanges)
        .where(eq(requestChanges.request_id, r.request_id)),
    ).toEqual([{ n: 0 }]);
    // the real change makes exactly what the dry run said
    const real = await changed(r.request_id, body);
    expect(real).toEqual(dry);
    expect(await free(dateId)).toBe(2);
    // a refusal is the real one's
    const over = await change(r.request_id, {
      travellers: [{ category_id: category('adult'), count: 9 }],
      dry_run: true,
    });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors ?? {})).toEqual(['travellers']);
  });

  it('an extra’s stock is held with the seats: a second booking cannot take the last single room until the first gives back its seats', async () => {
    const dateId = await departure(6);
    const [first, second] = [await book(dateId), await book(dateId)];
    await changed(first.request_id, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] });
    const res = await change(second.request_id, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'extras.0.quantity': ['Not enough left: 0 for this departure'] });
    await call('POST', '/crm/api/request/cancel', anna, { id: first.request_id });
    await changed(second.request_id, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] });
    // the second's hold lapses (as the sweep gives it back), a third takes the room: confirming
    // the second takes its seats again but not the room, refused with nothing changed
    await t.database.db
      .update(requests)
      .set({ seats_taken: 0, hold_expires_at: null })
      .where(eq(requests.id, second.request_id));
    await t.database.db.update(tourDates).set({ number_of_free_seats: 6 }).where(eq(tourDates.id, dateId));
    const third = await book(dateId);
    await changed(third.request_id, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] });
    const confirm = await call('POST', '/crm/api/request/confirm', anna, { id: second.request_id });
    expect(confirm.status).toBe(422);
    expect(confirm.body.errors).toEqual({ extras: ['Not enough left: 0 for this departure'] });
    expect(await row(second.request_id)).toMatchObject({ status: 1, seats_taken: 0 });
    expect(await free(dateId)).toBe(4);
  });

  it('moves to another departure (change-booking and the trip card’s update): repriced there, seats and the single room follow', async () => {
    const [from, to, full] = [
      await departure(6),
      await departure(6, anna, tourId, 70),
      await departure(6, anna, tourId, 80),
    ];
    await t.database.db.update(tourDates).set({ price: '20000' }).where(eq(tourDates.id, to));
    const r = await book(from);
    await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
        { category_id: category('infant'), count: 1 },
      ],
      extras: [{ extra_id: extra('Single room'), quantity: 1 }],
    });
    // the last single room of `full` is another booking's: the move there is refused on the departure
    const other = await book(full);
    await changed(other.request_id, { extras: [{ extra_id: extra('Single room'), quantity: 1 }] });
    const before = await row(r.request_id);
    const refused = await change(r.request_id, { tour_date_id: full });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ tour_date_id: ['Not enough left: 0 for this departure'] });
    expect(await row(r.request_id)).toEqual(before);
    expect([await free(from), await free(full)]).toEqual([3, 4]);
    const foreign = await change(r.request_id, { tour_date_id: await departure(4, boris, borisTourId) });
    expect(foreign.body.errors).toEqual({ tour_date_id: [expect.any(String)] });

    // through the trip card's update: 2 × 20 000 + 14 000 + 0, the room and 4 × 333.33 kept
    const moved = await call('POST', '/crm/api/request/update', anna, { id: r.request_id, tour_date_id: to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([await free(from), await free(to)]).toEqual([6, 3]);
    const after = await row(r.request_id);
    expect(after).toMatchObject({ tour_date_id: to, date_start: day(70), seats_taken: 3, tourists_count: 4 });
    const { pricing } = (await call('GET', `/crm/api/request/pricing?request_id=${r.request_id}`, anna))
      .body as unknown as { pricing: BookingPricing };
    expect(pricing.travellers.map((x) => [x.code, x.unit_price, x.count])).toEqual([
      ['adult', 20000, 2],
      ['child', 14000, 1],
      ['infant', 0, 1],
    ]);
    expect(pricing.total).toBe(54000 + 7000.5 + 1333.32);
    const history = await call('GET', `/crm/api/request/booking-changes?request_id=${r.request_id}`, anna);
    const last = (
      history.body.items as { what: string[]; before: { date_start: string }; after: { date_start: string } }[]
    )[0]!;
    // the lines' counts are as they were: the change is the departure (its total says the rest)
    expect([last.what, last.before.date_start, last.after.date_start]).toEqual([['departure'], day(60), day(70)]);
    // and back through change-booking, as a dry run first: nothing moves
    const dry = await changed(r.request_id, { tour_date_id: from, dry_run: true });
    expect(dry.pricing.total).toBe(40500 + 7000.5 + 1333.32);
    expect(await free(to)).toBe(3);
    await changed(r.request_id, { tour_date_id: from });
    expect([await free(from), await free(to)]).toEqual([3, 6]);
  });

  it('refuses a change below the tourists already named, another tour’s category, too many infants', async () => {
    const r = await book(await departure(5), { tourists_count: 3 });
    await t.database.db
      .insert(requestTourists)
      .values([0, 1, 2].map((position) => ({ request_id: r.request_id, position, first_name: `T${position}` })));
    const before = await row(r.request_id);
    const below = await change(r.request_id, { travellers: [{ category_id: category('adult'), count: 2 }] });
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({ travellers: ['At least 3: that many tourists are listed'] });
    const borisAdult = (
      (await call('GET', `/crm/api/tour/prices?tour_id=${borisTourId}`, boris)).body as unknown as TourPrices
    ).categories[0]!.id;
    const foreign = await change(r.request_id, { travellers: [{ category_id: borisAdult, count: 3 }] });
    expect(foreign.body.errors).toEqual({ 'travellers.0.category_id': ['Choose a traveller category of this tour'] });
    const infants = await change(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 3 },
        { category_id: category('infant'), count: 2 },
      ],
    });
    expect(infants.body.errors).toEqual({ 'travellers.1.count': ['At most 1 per booking'] });
    const onlyInfant = await change(r.request_id, { travellers: [{ category_id: category('infant'), count: 1 }] });
    expect(onlyInfant.body.errors).toEqual({ travellers: ['A booking needs at least one traveller taking a seat'] });
    expect(await row(r.request_id)).toEqual(before);
  });

  it('keeps what was paid: a lower total offers a refund by the penalty rules, a higher one leaves a balance', async () => {
    await t.database.db.update(tours).set({ use_standard_cancellation_terms: false }).where(eq(tours.id, tourId));
    await t.database.db.insert(tourPenalties).values({ tour_id: tourId, days_before: 90, percent: '20' });
    const r = await book(await departure(5), { tourists_count: 3 });
    await t.database.db.update(requests).set({ paid_minor: 4_500_000 }).where(eq(requests.id, r.request_id));
    const lower = await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
      ],
    });
    // 2 × 15 000 + 10 500, and the mandatory insurance 3 × 333.33 joins with the change
    expect(lower.pricing.total).toBe(41499.99);
    expect(lower.figures).toMatchObject({
      paid: 45000,
      overpaid: 3500.01,
      balance_due: 0,
      penalty_percent: 20,
      penalty: 700,
      refund_offered: 2800.01,
    });
    const higher = await changed(r.request_id, { adjustments: [{ kind: 'fee', amount: 5000, reason: 'Late change' }] });
    expect(higher.figures).toMatchObject({ total_after: 46499.99, balance_due: 1499.99, refund_offered: 0 });
    const over = await change(r.request_id, { adjustments: [{ kind: 'discount', amount: 90000, reason: 'x' }] });
    expect(over.body.errors).toEqual({ adjustments: ['The discounts take off more than the price'] });
  });

  it('another tenant’s request is 404 and unchanged; a request with nothing to change is refused', async () => {
    const r = await book(await departure(5));
    const before = await row(r.request_id);
    for (const [method, url, body] of [
      ['GET', `/crm/api/request/pricing?request_id=${r.request_id}`, undefined],
      ['GET', `/crm/api/request/booking-changes?request_id=${r.request_id}`, undefined],
      ['POST', '/crm/api/request/change-booking', { request_id: r.request_id, promo_code: 'SUMMER10' }],
    ] as const) {
      const res = await call(method, url, boris, body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Request not found' });
    }
    expect((await change(r.request_id, {})).body.errors).toEqual({ request_id: ['Nothing to change'] });
    expect(await row(r.request_id)).toEqual(before);
  });
});

describe('promo codes on a booking', () => {
  it('refuses a code of another organizer, for another tour, expired, or used for the e-mail', async () => {
    const dateId = await departure(20);
    await call('POST', '/crm/api/promo-code/create', boris, {
      organizer_id: boris.organizerId,
      code: 'BORIS',
      value_type: 'percent',
      value: 50,
    });
    const other = await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Other' });
    for (const [code, extra] of [
      ['OTHERTOUR', { tour_ids: [other.body.id] }],
      ['EXPIRED', { valid_from: '2020-01-01', valid_to: '2020-12-31' }],
      ['ONCEEACH', { uses_per_email: 1 }],
    ] as const) {
      const made = await call('POST', '/crm/api/promo-code/create', anna, {
        organizer_id: anna.organizerId,
        code,
        value_type: 'currency',
        value: 100,
        ...extra,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const r = await book(dateId);
    const refused = async (code: string, text: string) => {
      const res = await change(r.request_id, { promo_code: code });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ promo_code: [text] });
    };
    await refused('BORIS', 'No such promo code');
    await refused('OTHERTOUR', 'This promo code is not for this tour');
    await refused('EXPIRED', 'This promo code is not valid on this date');
    await changed(r.request_id, { promo_code: 'onceeach' });
    const second = await book(dateId);
    const res = await change(second.request_id, { promo_code: 'ONCEEACH' });
    expect(res.body.errors).toEqual({ promo_code: ['This promo code has already been used for this e-mail'] });
    // removing it from the first booking gives the use back
    await changed(r.request_id, { promo_code: null });
    await changed(second.request_id, { promo_code: 'ONCEEACH' });
    const [code] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCEEACH'));
    expect(code!.uses_count).toBe(1);
  });

  it('two bookings swapping their codes at once both succeed, each code used once', async () => {
    for (const code of ['SWAPX', 'SWAPY'])
      await call('POST', '/crm/api/promo-code/create', anna, {
        organizer_id: anna.organizerId,
        code,
        value_type: 'percent',
        value: 3,
      });
    const dateId = await departure(10);
    const [a, b] = [await book(dateId), await book(dateId, { customer_email: 'other@example.com' })];
    await changed(a.request_id, { promo_code: 'SWAPX' });
    await changed(b.request_id, { promo_code: 'SWAPY' });
    for (let round = 0; round < 5; round++) {
      const [x, y] = round % 2 === 0 ? ['SWAPY', 'SWAPX'] : ['SWAPX', 'SWAPY'];
      const results = await Promise.all([
        change(a.request_id, { promo_code: x }),
        change(b.request_id, { promo_code: y }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    }
    const codes = await t.database.db.select().from(promoCodes);
    expect(codes.filter((c) => c.code.startsWith('SWAP')).map((c) => c.uses_count)).toEqual([1, 1]);
  });

  it('the last use raced by 20 bookings: exactly one gets it', { timeout: 20_000 }, async () => {
    const made = await call('POST', '/crm/api/promo-code/create', anna, {
      organizer_id: anna.organizerId,
      code: 'LASTONE',
      value_type: 'percent',
      value: 5,
      uses_total: 1,
    });
    expect(made.status).toBe(200);
    const dateId = await departure(40);
    const bookings = [];
    for (let i = 0; i < 20; i++)
      bookings.push(await book(dateId, { tourists_count: 1, customer_email: `r${i}@example.com` }));
    const results = await Promise.all(bookings.map((b) => change(b.request_id, { promo_code: 'LASTONE' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.errors)).toEqual(
      Array(19).fill({ promo_code: ['This promo code has been used up'] }),
    );
    const [code] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE'));
    expect(code!.uses_count).toBe(1);
  });
});

describe('tourists carry their category', () => {
  it('a tourist is set to one of the booking’s categories, never more than its count, never another', async () => {
    const r = await book(await departure(5));
    await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 1 },
        { category_id: category('child'), count: 1 },
      ],
    });
    const listed = await call('POST', '/crm/api/request/update-tourists', anna, {
      request_id: r.request_id,
      tourists: [{ first_name: 'Olga' }, { first_name: 'Masha' }],
    });
    const [olga, masha] = listed.body.tourists as { id: number }[];
    const set = (id: number, categoryId: number | null, who = anna) =>
      call('POST', '/crm/api/request/set-tourist-category', who, { id, category_id: categoryId });
    const ok = await set(masha!.id, category('child'));
    expect(ok.status).toBe(200);
    expect((ok.body.tourists as { category_id: number | null }[]).map((t) => t.category_id)).toEqual([
      null,
      category('child'),
    ]);
    const view = await call('GET', `/crm/api/request/get?id=${r.request_id}`, anna);
    expect((view.body.tourists as { category_id: number | null }[])[1]!.category_id).toBe(category('child'));
    const twoChildren = await set(olga!.id, category('child'));
    expect(twoChildren.body.errors).toEqual({
      category_id: ['The booking has 1 traveller(s) of this category: change the booking first'],
    });
    const infant = await set(olga!.id, category('infant'));
    expect(infant.body.errors).toEqual({ category_id: ['Choose a traveller category of this tour'] });
    expect((await set(olga!.id, category('adult'), boris)).status).toBe(404);
    const rows = await t.database.db.select().from(requestTourists).where(eq(requestTourists.request_id, r.request_id));
    expect(rows.map((t) => t.category_id).sort()).toEqual([category('child'), null].sort());
  });
});

describe('open screens', () => {
  it('hear a change live: request_in_crm_update_status, and update_tourists_info when the travellers change', async () => {
    const r = await book(await departure(5));
    const listener = await listenAsUser(t.app, await listenOnFreePort(t.app), anna.token);
    try {
      await changed(r.request_id, { travellers: [{ category_id: category('adult'), count: 3 }] });
      const heard = () =>
        listener.got
          .filter((p) => (p.payload as { request_id?: number }).request_id === r.request_id)
          .map((p) => p.event);
      await eventually(() =>
        expect(heard()).toEqual(expect.arrayContaining(['request_in_crm_update_status', 'update_tourists_info'])),
      );
      assertPublicationsMatchContract(listener.got);
    } finally {
      listener.socket.disconnect();
    }
  });
});

describe('the older request/update', () => {
  it('changes an adults-only booking’s count (its adult line follows), and refuses one by category', async () => {
    const dateId = await departure(6);
    const adults = await book(dateId);
    const more = await call('POST', '/crm/api/request/update', anna, { id: adults.request_id, tourists_count: 3 });
    expect(more.status).toBe(200);
    expect((await row(adults.request_id)).travellers).toEqual([
      expect.objectContaining({ code: 'adult', count: 3, unit_minor: 1_500_000 }),
    ]);
    const children = await book(dateId, {
      travellers: [
        { category_id: category('child'), count: 1 },
        { category_id: category('adult'), count: 1 },
      ],
    });
    await changed(children.request_id, { travellers: [{ category_id: category('child'), count: 1 }] });
    const before = await row(children.request_id);
    const res = await call('POST', '/crm/api/request/update', anna, { id: children.request_id, tourists_count: 2 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      tourists_count: [
        'This booking has traveller categories, extras or a promo code: change it by its travellers per category',
      ],
    });
    expect(await row(children.request_id)).toEqual(before);
  });

  it("the invoice's payment page lists what the booking costs, line by line, in the payer's language", async () => {
    const r = await book(await departure(6));
    await changed(r.request_id, {
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
      ],
      adjustments: [{ kind: 'fee', amount: 500, reason: 'Late booking' }],
    });
    const invoice = await call('POST', '/crm/api/invoice/create-payment', anna, {
      request_id: r.request_id,
      amount: 1000,
      payment_type: 'prepayment',
      title: 'Prepayment',
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const token = (invoice.body.payment_url as string).split('/pay/')[1]!;
    const page = async (lang: 'en' | 'ru') =>
      (await t.app.inject({ method: 'GET', url: `/pay/${token}?lang=${lang}`, headers: { accept: 'text/html' } })).body;
    const en = await page('en');
    const lines = /<section class="lines"[^]*?<\/section>/.exec(en)?.[0] ?? '';
    const text = lines
      .replace(/<[^>]+>/g, '|')
      .replace(/\|+/g, '|')
      .replace(/\s/g, ' ');
    expect(text).toContain('|What the booking costs|Adult × 2|RUB 30,000.00|Child × 1|RUB 10,500.00|');
    expect(text).toContain('|Insurance × 3|RUB 999.99|Late booking|RUB 500.00|Total|RUB 41,999.99|');
    const ru = await page('ru');
    expect(ru).toContain('Из чего складывается стоимость');
    expect(ru).toContain('Ребёнок × 1');
  });

  it('moves a booking whose other categories are at 0 to another departure, and one with a child; its count changes only by category', async () => {
    // a tour of its own: no mandatory extra (one would make every booking one by category)
    const plain = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Plain' }))
      .body.id as number;
    const adult = (await call('GET', `/crm/api/tour/prices?tour_id=${plain}`, anna)).body as unknown as TourPrices;
    const saved = await call('POST', '/crm/api/tour/save-traveller-categories', anna, {
      tour_id: plain,
      categories: [
        { ...adult.categories[0], age_from: 12 },
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
    const [adultId, childId] = (saved.body as unknown as TourPrices).categories.map((c) => c.id);
    const [from, to] = [await departure(6, anna, plain), await departure(6, anna, plain, 75)];
    const adults = await book(from, {}, anna, plain);
    await changed(adults.request_id, {
      travellers: [
        { category_id: adultId, count: 3 },
        { category_id: childId, count: 0 },
      ],
    });
    const moved = await call('POST', '/crm/api/request/update', anna, { id: adults.request_id, tour_date_id: to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await row(adults.request_id)).tour_date_id).toBe(to);
    expect((await row(adults.request_id)).travellers).toEqual([
      expect.objectContaining({ code: 'adult', count: 3, unit_minor: 1_500_000 }),
    ]);

    const family = await book(
      from,
      {
        travellers: [
          { category_id: adultId, count: 1 },
          { category_id: childId, count: 1 },
        ],
      },
      anna,
      plain,
    );
    const familyMoved = await call('POST', '/crm/api/request/update', anna, {
      id: family.request_id,
      tour_date_id: to,
    });
    expect(familyMoved.status, JSON.stringify(familyMoved.body)).toBe(200);
    expect(await row(family.request_id)).toMatchObject({ tour_date_id: to, seats_taken: 2 });
    const before = await row(family.request_id);
    const refused = await call('POST', '/crm/api/request/update', anna, { id: family.request_id, tourists_count: 3 });
    expect(refused.status).toBe(422);
    expect(refused.body.codes).toEqual({
      tourists_count: [expect.objectContaining({ code: 'booking_change_by_category' })],
    });
    expect(await row(family.request_id)).toEqual(before);
  });
});

describe('a request made by category', () => {
  it('2 adults + 1 child, a single room and a promo code at once: priced, seats by category, no history row', async () => {
    const dateId = await departure(4);
    const r = await book(dateId, {
      tourists_count: 1,
      travellers: [
        { category_id: category('adult'), count: 2 },
        { category_id: category('child'), count: 1 },
        { category_id: category('infant'), count: 1 },
      ],
      extras: [{ extra_id: extra('Single room'), quantity: 1 }],
      promo_code: 'summer10',
    });
    // as the change above: 40 500 + 7 000.50 + 4 × 333.33 = 48 833.82, less 10 % = 43 950.44
    expect(r).toMatchObject({ tourists_count: 4 });
    const { pricing } = (await call('GET', `/crm/api/request/pricing?request_id=${r.request_id}`, anna))
      .body as unknown as {
      pricing: BookingPricing;
    };
    expect(pricing).toMatchObject({ total: 43950.44, seats: 3, tourists_count: 4 });
    expect(await free(dateId)).toBe(1);
    expect((await row(r.request_id)).seats_taken).toBe(3);
    const history = await call('GET', `/crm/api/request/booking-changes?request_id=${r.request_id}`, anna);
    expect(history.body.items).toEqual([]);
    // confirming makes the 3 seats firm: the infant on a lap takes none
    expect((await call('POST', '/crm/api/request/confirm', anna, { id: r.request_id })).status).toBe(200);
    expect(await free(dateId)).toBe(1);
    expect(await row(r.request_id)).toMatchObject({ seats_taken: 3, hold_expires_at: null });
    // the contract's (and the messages') placeholder for the lines
    const en = await requestPlaceholderValues(t.database.db, r.request_id, 'en');
    expect(en!['{request.price_lines}']).toBe(
      'Adult × 2: 30,000; Child × 1: 10,500; Infant × 1: 0; Single room × 1: 7,000.50; Insurance × 4: 1,333.32; Promo code SUMMER10: −4,883.38',
    );
    const ru = await requestPlaceholderValues(t.database.db, r.request_id, 'ru');
    expect(ru!['{request.price_lines}']).toMatch(
      /^Взрослый × 2: 30\s000; Ребёнок × 1: 10\s500; .*Промокод SUMMER10: −4\s883,38$/,
    );
  });

  it('refuses more seats than are free, an unknown code or an individual tour, and makes nothing', async () => {
    const dateId = await departure(2);
    const before = await t.database.db.select({ n: count() }).from(requests);
    const res = await call('POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: tourId,
      tour_date_id: dateId,
      tourists_count: 1,
      customer_name: 'Olga Petrova',
      idempotency_key: 'booking-change-made-refused',
      travellers: [{ category_id: category('adult'), count: 3 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ travellers: ['Not enough free seats: 1 left on this departure'] });
    const code = await call('POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: tourId,
      tour_date_id: dateId,
      tourists_count: 1,
      customer_name: 'Olga Petrova',
      idempotency_key: 'booking-change-made-refused-2',
      promo_code: 'NOSUCH',
    });
    expect(code.body.errors).toEqual({ promo_code: ['No such promo code'] });
    const individual = await call('POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: tourId,
      is_individual_tour: true,
      date_start: day(30),
      date_end: day(32),
      tourists_count: 1,
      customer_name: 'Olga Petrova',
      idempotency_key: 'booking-change-made-refused-3',
      travellers: [{ category_id: category('adult'), count: 1 }],
    });
    expect(individual.body.errors).toEqual({
      travellers: ['A request without a tour departure has no categories or extras'],
    });
    expect(await t.database.db.select({ n: count() }).from(requests)).toEqual(before);
    expect(await free(dateId)).toBe(2);
  });
});
