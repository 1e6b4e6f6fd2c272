import { and, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUR_MESSAGES, messageText, type TourDate, type TourDatesResponse } from '@tourdesk/contract';
import { requests, tourDates } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;
let otherTourId = 0;
const P = '/crm/api/tour';

type Body = Record<string, unknown> & { errors?: Record<string, string[]> };
const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: unknown, lang = 'en') => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'x-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const post = (path: string, who: Who, payload: unknown) => call('POST', `${P}/${path}`, who, payload);
const dateCount = async () => (await t.database.db.select({ n: count() }).from(tourDates))[0]!.n;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const departure = (offset: number, extra: Record<string, unknown> = {}) => ({
  tour_id: tourId,
  date_start: day(offset),
  date_end: day(offset + 2),
  price: 42000,
  number_of_seats: 10,
  ...extra,
});
/** What the bookings issue will do: hold seats with one conditional UPDATE. */
const hold = async (dateId: number, seats: number): Promise<boolean> =>
  (
    await t.database.db
      .update(tourDates)
      .set({ number_of_free_seats: sql`${tourDates.number_of_free_seats} - ${seats}` })
      .where(and(eq(tourDates.id, dateId), gte(tourDates.number_of_free_seats, seats)))
      .returning({ id: tourDates.id })
  ).length === 1;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@dates.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@dates.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@dates.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@dates.example')).token };
  tourId = (await post('create', anna, { organizer_id: anna.organizerId, name: 'Altai', currency: 'EUR' })).body
    .id as number;
  otherTourId = (await post('create', anna, { organizer_id: anna.organizerId, name: 'Other' })).body.id as number;
});
afterAll(() => t.close());

describe('save-date', () => {
  it('saves a departure with every SPEC field; free seats are the capacity, days the span', async () => {
    const res = await post('save-date', anna, {
      ...departure(30),
      uid: 'row-1',
      full_payment_days: 14,
      prepayment_type: 'percent',
      prepayment_size: 30,
      not_guaranteed: true,
      flight_included: true,
      commentary: 'Meet at the station',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      tour_id: tourId,
      uid: 'row-1',
      date_start: day(30),
      date_end: day(32),
      date_start_formatted: expect.stringMatching(/^\d{1,2} \w{3} \d{4}$/),
      date_end_formatted: expect.any(String),
      time_start: null,
      price: 42000,
      currency: 'EUR',
      days: 3,
      number_of_seats: 10,
      number_of_free_seats: 10,
      full_payment_days: 14,
      prepayment_type: 'percent',
      prepayment_size: 30,
      not_guaranteed: true,
      flight_included: true,
      tour_variant: null,
      commentary: 'Meet at the station',
      is_busy: false,
      is_from_schedule: false,
    });
  });

  it('refuses zero seats, an end before its start, a negative price and a duplicate, writing nothing', async () => {
    const before = await dateCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number_of_seats: 0 }, 'number_of_seats', 'Minimum 1'],
      [{ date_end: day(29) }, 'date_end', 'The end must be later than the start'],
      [{ price: -1 }, 'price', 'Minimum 0'],
      [{ prepayment_size: 150 }, 'prepayment_size', 'Maximum 100'],
      [{}, 'date_start', TOUR_MESSAGES.tour_date_duplicate],
    ];
    for (const [fields, field, text] of cases) {
      const res = await post('save-date', anna, departure(30, fields));
      expect(res.status, field).toBe(422);
      expect(res.body.errors, field).toEqual({ [field]: [text] });
    }
    expect(await dateCount()).toBe(before);
    // another variant or another start time is another departure
    expect((await post('save-date', anna, departure(30, { tour_variant: 'Double room' }))).status).toBe(200);
    expect((await post('save-date', anna, departure(30, { time_start: '09:00' }))).status).toBe(200);
  });

  it('changes a departure keeping its booked seats, never below them', async () => {
    const made = await post('save-date', anna, departure(40));
    const id = made.body.id as number;
    expect(await hold(id, 6)).toBe(true);
    expect(await hold(id, 6)).toBe(false); // only 4 left: the second hold changes nothing
    const grown = await post('save-date', anna, { ...departure(40), date_id: id, number_of_seats: 12, price: 45000 });
    expect(grown.body).toMatchObject({ number_of_seats: 12, number_of_free_seats: 6, price: 45000, is_busy: true });
    const refused = await post('save-date', anna, { ...departure(40), date_id: id, number_of_seats: 5 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      number_of_seats: [messageText('tour_date_seats_below_booked', { booked: 6 })],
    });
    const foreign = await post('save-date', anna, { ...departure(41), tour_id: otherTourId, date_id: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(TOUR_MESSAGES.tour_date_not_found);
  });
});

describe('save-dates', () => {
  it('saves a batch at once, all or none', async () => {
    const before = await dateCount();
    const saturdays = [60, 67, 74].map((o) => ({ ...departure(o), tour_id: undefined, uid: `sat-${o}` }));
    const dup = await post('save-dates', anna, {
      tour_id: tourId,
      dates: [...saturdays, { ...saturdays[0], uid: 'again' }, { ...departure(30), tour_id: undefined }],
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({
      'dates.3.date_start': [TOUR_MESSAGES.tour_date_duplicate],
      'dates.4.date_start': [TOUR_MESSAGES.tour_date_duplicate],
    });
    const bad = await post('save-dates', anna, {
      tour_id: tourId,
      dates: [saturdays[0], { ...saturdays[1], number_of_seats: 0 }],
    });
    expect(bad.body.errors).toEqual({ 'dates.1.number_of_seats': ['Minimum 1'] });
    expect(await dateCount()).toBe(before);
    const ok = await post('save-dates', anna, { tour_id: tourId, dates: saturdays });
    expect(ok.status).toBe(200);
    expect((ok.body.items as TourDate[]).map((d) => [d.uid, d.date_start, d.number_of_free_seats])).toEqual([
      ['sat-60', day(60), 10],
      ['sat-67', day(67), 10],
      ['sat-74', day(74), 10],
    ]);
  });
});

describe('get-dates', () => {
  it('pages the upcoming departures, or the past ones, with or without variants', async () => {
    await post('save-date', anna, departure(-10));
    const get = async (q: string, lang = 'en') =>
      (await call('GET', `${P}/get-dates?tour_id=${tourId}${q}`, anna, undefined, lang))
        .body as unknown as TourDatesResponse;
    const first = await get('&limit=2');
    expect(first).toMatchObject({ total: 7, page: 1, limit: 2 });
    expect(first.items.map((d) => d.date_start)).toEqual([day(30), day(30)]);
    const last = await get('&limit=2&page=4');
    expect(last.items.map((d) => d.date_start)).toEqual([day(74)]);
    expect((await get('&period=past')).items.map((d) => d.date_start)).toEqual([day(-10)]);
    expect((await get('&period=all')).total).toBe(8);
    const plain = await get('&with_variants=0');
    expect(plain.items.every((d) => d.tour_variant === null)).toBe(true);
    expect(plain.total).toBe(6);
    expect((await get('&schedule_type=2')).total).toBe(0);
    expect((await get('&limit=1', 'ru')).items[0]!.date_start_formatted).toMatch(/\d{4}/);
    const view = await call('GET', `${P}/list?organizer_id=${anna.organizerId}`, anna);
    expect((view.body.items as { id: number; nearest_date: string }[]).find((i) => i.id === tourId)?.nearest_date).toBe(
      day(30),
    );
  });
});

describe('remove-date', () => {
  it('removes a departure without bookings; one with bookings stays; an unsaved row needs nothing', async () => {
    const free = await post('save-date', anna, departure(90));
    expect((await post('remove-date', anna, { tour_id: tourId, date_id: free.body.id })).body).toEqual({
      success: true,
    });
    expect(
      await t.database.db
        .select()
        .from(tourDates)
        .where(eq(tourDates.id, free.body.id as number)),
    ).toEqual([]);
    const busy = await post('save-date', anna, departure(91));
    await hold(busy.body.id as number, 1);
    const refused = await post('remove-date', anna, { tour_id: tourId, date_id: busy.body.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ date_id: [TOUR_MESSAGES.tour_date_busy] });
    expect((await post('remove-date', anna, { tour_id: tourId, date_uid: 'row-9' })).body).toEqual({ success: true });
    const neither = await post('remove-date', anna, { tour_id: tourId });
    expect(neither.body.errors).toEqual({ date_id: ['Required field'] });
    const foreign = await post('remove-date', anna, { tour_id: otherTourId, date_id: busy.body.id });
    expect(foreign.status).toBe(404);
  });
});

describe('a second tenant', () => {
  it("gets 404 for the first one's departures and changes none", async () => {
    const [row] = await t.database.db.select().from(tourDates).where(eq(tourDates.tour_id, tourId)).limit(1);
    const before = JSON.stringify(await t.database.db.select().from(tourDates).orderBy(tourDates.id));
    for (const [method, path, payload] of [
      ['GET', `get-dates?tour_id=${tourId}`],
      ['POST', 'save-date', departure(100)],
      ['POST', 'save-date', { ...departure(100), date_id: row!.id }],
      ['POST', 'save-dates', { tour_id: tourId, dates: [{ ...departure(100), tour_id: undefined }] }],
      ['POST', 'remove-date', { tour_id: tourId, date_id: row!.id }],
    ] as const) {
      const res = await call(method, `${P}/${path}`, boris, payload);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe(TOUR_MESSAGES.tour_not_found);
    }
    expect(JSON.stringify(await t.database.db.select().from(tourDates).orderBy(tourDates.id))).toBe(before);
  });
});

describe("the dashboard's upcoming departures", () => {
  it('counts the departures of the next 7 days, of the organizer only, archived tours aside', async () => {
    const dashboard = async (who: Who) =>
      (await call('GET', `/crm/api/user/dashboard?orgId=${who.organizerId}`, who)).body
        .upcoming_departures_count as number;
    const before = await dashboard(boris);
    const create = async (name: string) =>
      (await post('create', boris, { organizer_id: boris.organizerId, name })).body.id as number;
    const open = await create('Kamchatka volcanoes');
    const archived = await create('Old route');
    const at = (id: number, offset: number) => post('save-date', boris, { ...departure(offset), tour_id: id });
    expect((await at(open, 1)).status).toBe(200);
    expect((await at(open, 6)).status).toBe(200);
    expect((await at(open, 10)).status).toBe(200);
    expect((await at(archived, 2)).status).toBe(200);
    expect((await post('archive', boris, { id: archived })).status).toBe(200);
    expect(await dashboard(boris)).toBe(before + 2);
    // another organizer's departures are not counted there
    const annaBefore = await dashboard(anna);
    expect((await at(open, 3)).status).toBe(200);
    expect(await dashboard(anna)).toBe(annaBefore);
    expect(await dashboard(boris)).toBe(before + 3);
  });
});

describe("a departure's bookings", () => {
  it('follow its new dates: the request is where the departure is', async () => {
    const id = (await post('save-date', anna, { ...departure(50), tour_id: otherTourId })).body.id as number;
    const made = await t.app.inject({
      method: 'POST',
      url: '/crm/api/request/create-request-with-own-type',
      headers: bearer(anna.token),
      payload: {
        tour_organizer_id: anna.organizerId,
        tour_id: otherTourId,
        tour_date_id: id,
        tourists_count: 2,
        customer_name: 'Olga Petrova',
        idempotency_key: 'dates-follow-1',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const requestId = (made.json() as { request_id: number }).request_id;
    const moved = await post('save-date', anna, { ...departure(57), tour_id: otherTourId, date_id: id });
    expect(moved.status).toBe(200);
    const [row] = await t.database.db
      .select({ date_start: requests.date_start, date_end: requests.date_end })
      .from(requests)
      .where(eq(requests.id, requestId));
    expect(row).toEqual({ date_start: day(57), date_end: day(59) });
  });
});
