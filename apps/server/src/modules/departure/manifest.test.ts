import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRequest, CheckinResult, Manifest } from '@tourdesk/contract';
import {
  departureCheckins,
  domainEvents,
  guides,
  organizerMembers,
  requests,
  tourDateGuides,
} from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
type Who = { organizerId: number; token: string; userId: number };
let anna: Who; // the owner
let boris: Who; // another tenant
let gleb: Who; // a guide of Anna's, assigned to the first departure only
let ada: Who; // Anna's accountant: reads departures, checks no one in
let tourId = 0;
let dateId = 0;
let otherDateId = 0;
const ids = { olga: 0, ivan: 0, canceled: 0, pending: 0 };
const R = '/crm/api/request';
const D = '/crm/api/departure';

const inject = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: nextIp(), headers: who ? bearer(who.token) : {} });
const post = async (url: string, who: Who, payload: object): Promise<Record<string, unknown>> => {
  const res = await inject('POST', url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};
const manifest = async (who: Who, id = dateId): Promise<Manifest> => {
  const res = await inject('GET', `${D}/manifest?tour_date_id=${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as Manifest;
};
let keyN = 0;
const key = () => `checkin-key-${++keyN}-abcdef`;
const checkin = (who: Who, body: object) =>
  inject('POST', `${D}/checkin`, who, { tour_date_id: dateId, client_key: key(), ...body });
const rows = () => t.database.db.select().from(departureCheckins);
const checkinEvents = async () =>
  (await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'departure.changed'))).length;

const book = async (departure: number, count: number, tourists: object[], contact: string, confirm = true) => {
  const r = (await post(`${R}/create-request-with-own-type`, anna, {
    tour_organizer_id: anna.organizerId,
    tour_id: tourId,
    tour_date_id: departure,
    tourists_count: count,
    customer_name: contact,
    customer_email: `${contact.split(' ')[0]!.toLowerCase()}@example.com`,
    customer_phone: '+79160000001',
    tourists,
    idempotency_key: `manifest-key-${++keyN}`,
  })) as unknown as BookingRequest;
  if (confirm) await post(`${R}/confirm`, anna, { id: r.request_id });
  return r.request_id;
};

const member = async (email: string, role: string): Promise<Who> => {
  const u = await createUser(t.database, { email });
  await t.database.db.insert(organizerMembers).values({ organizer_id: anna.organizerId, user_id: u.userId, role });
  return { organizerId: anna.organizerId, token: (await signIn(t.app, email)).token, userId: u.userId };
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@manifest.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@manifest.example', organizers: ['Kamchatka Tours'] });
  anna = {
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@manifest.example')).token,
    userId: a.userId,
  };
  boris = {
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@manifest.example')).token,
    userId: b.userId,
  };
  tourId = (await post('/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai Lakes' }))
    .id as number;
  const departure = (date_start: string, date_end: string) =>
    post('/crm/api/tour/save-date', anna, { tour_id: tourId, date_start, date_end, price: 50000, number_of_seats: 20 });
  dateId = (await departure('2030-07-10', '2030-07-15')).id as number;
  otherDateId = (await departure('2030-08-01', '2030-08-03')).id as number;
  ids.olga = await book(
    dateId,
    2,
    [
      {
        first_name: 'Olga',
        last_name: 'Petrova',
        birthday: '1988-07-11',
        food_restriction: 'vegetarian',
        is_contact_person: true,
        needs_transfer: true,
      },
      { first_name: 'Masha', last_name: 'Petrova', birthday: '2020-07-10', is_child: true, phone: '+79165550000' },
    ],
    'Olga Petrova',
  );
  ids.ivan = await book(
    dateId,
    3,
    [{ first_name: 'Ivan', last_name: 'Sidorov', phone: '+79161112233' }],
    'Ivan Sidorov',
  );
  await t.database.db.update(requests).set({ paid_minor: 100_000 }).where(eq(requests.id, ids.ivan));
  ids.canceled = await book(dateId, 1, [{ first_name: 'Gone', last_name: 'Away' }], 'Gone Away');
  ids.pending = await book(dateId, 1, [{ first_name: 'Not', last_name: 'Yet' }], 'Not Yet', false);
  await book(otherDateId, 1, [{ first_name: 'Other', last_name: 'Date' }], 'Other Date');
  gleb = await member('gleb@manifest.example', 'guide');
  ada = await member('ada@manifest.example', 'accountant');
  const [g] = await t.database.db
    .insert(guides)
    .values({ organizer_id: anna.organizerId, first_name: 'Gleb', last_name: 'Guide', user_id: gleb.userId })
    .returning({ id: guides.id });
  await t.database.db.insert(tourDateGuides).values({ tour_date_id: dateId, guide_id: g!.id });
});
afterAll(() => t.close());

describe('manifest', () => {
  it('shows every confirmed request with its travellers, unnamed places, answers that matter and the balance due', async () => {
    const m = await manifest(anna);
    expect(m.departure).toEqual({
      id: dateId,
      tour_id: tourId,
      tour_name: 'Altai Lakes',
      organizer_id: anna.organizerId,
      date_start: '2030-07-10',
      date_end: '2030-07-15',
      time_start: '',
      number_of_seats: 20,
    });
    expect(m.guides).toEqual([{ id: expect.any(Number), name: 'Gleb Guide' }]);
    // the not yet confirmed request is not going
    expect(m.requests.map((r) => [r.request_id, r.status, r.balance_due_minor, r.currency])).toEqual([
      [ids.olga, 2, 10_000_000, 'RUB'],
      [ids.ivan, 2, 14_900_000, 'RUB'],
      [ids.canceled, 2, 5_000_000, 'RUB'], // canceled only later, while a guide is offline
    ]);
    expect(m.requests[0]!.travellers).toEqual([
      {
        place: 1,
        tourist_id: expect.any(Number),
        full_name: 'Petrova Olga',
        phone: '+79160000001', // the lead without a phone of her own: the contact's
        is_lead: true,
        category: { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый' },
        birthday: '1988-07-11',
        age: 41,
        food_restriction: 'vegetarian',
        is_child: false,
        needs_transfer: true,
        checkin: null,
      },
      expect.objectContaining({ place: 2, full_name: 'Petrova Masha', phone: '+79165550000', age: 10, is_child: true }),
    ]);
    expect(m.requests[1]!.travellers.map((x) => [x.place, x.full_name, x.tourist_id, x.phone])).toEqual([
      [1, 'Sidorov Ivan', expect.any(Number), '+79161112233'],
      [2, '', null, ''],
      [3, '', null, ''],
    ]);
    expect(m.totals).toEqual({ travellers: 6, checked_in: 0, no_show: 0 });
  });

  it('is not found for another tenant, for a guide off the departure, and for a missing one; an accountant reads it', async () => {
    for (const [who, id] of [
      [boris, dateId],
      [gleb, otherDateId],
      [anna, 999_999],
    ] as const) {
      const res = await inject('GET', `${D}/manifest?tour_date_id=${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Departure not found', code: 'tour_date_not_found' });
    }
    expect((await manifest(gleb)).totals.travellers).toBe(6);
    expect((await manifest(ada)).totals.travellers).toBe(6);
    expect((await inject('GET', `${D}/manifest?tour_date_id=${dateId}`, null)).statusCode).toBe(401);
    expect((await inject('GET', `${D}/manifest?tour_date_id=abc`, anna)).statusCode).toBe(422);
  });

  it('checks a traveller in once: a replay answers the same and changes nothing; the event is recorded', async () => {
    const events = await checkinEvents();
    const body = { request_id: ids.olga, place: 1, status: 'checked_in', client_key: 'phone-1-action-1' };
    const first = await checkin(gleb, body);
    expect(first.statusCode).toBe(200);
    const got = first.json() as CheckinResult;
    expect(got).toEqual({
      request_id: ids.olga,
      place: 1,
      checkin: { status: 'checked_in', by_user_id: gleb.userId, by_name: 'Test User', at: expect.any(String) },
      replayed: false,
    });
    expect(await checkinEvents()).toBe(events + 1);
    const again = await checkin(gleb, body);
    expect(again.json()).toEqual({ ...got, replayed: true });
    // another phone checking the same traveller in: no second row, the first check-in kept
    const other = await checkin(anna, { ...body, client_key: 'phone-2-action-1' });
    expect(other.json()).toEqual({ ...got, replayed: true });
    expect(await checkinEvents()).toBe(events + 1);
    expect((await rows()).filter((r) => r.request_id === ids.olga)).toHaveLength(1);
    const m = await manifest(anna);
    expect(m.requests[0]!.travellers[0]!.checkin).toEqual(got.checkin);
    expect(m.totals).toEqual({ travellers: 6, checked_in: 1, no_show: 0 });
    // the calendar shows it on the departure
    const cal = await inject(
      'GET',
      `${D}/calendar?organizer_id=${anna.organizerId}&from=2030-07-10&to=2030-07-10`,
      anna,
    );
    expect((cal.json() as { items: { tour_date_id: number; checked_in: number }[] }).items).toEqual([
      expect.objectContaining({ tour_date_id: dateId, checked_in: 1 }),
    ]);
  });

  it('marks a no-show on an unnamed place, then clears it', async () => {
    const res = await checkin(anna, { request_id: ids.ivan, place: 3, status: 'no_show' });
    expect((res.json() as CheckinResult).checkin?.status).toBe('no_show');
    expect((await manifest(anna)).totals).toEqual({ travellers: 6, checked_in: 1, no_show: 1 });
    const cleared = await checkin(anna, { request_id: ids.ivan, place: 3, status: null });
    expect(cleared.json()).toEqual({ request_id: ids.ivan, place: 3, checkin: null, replayed: false });
    expect((await manifest(anna)).totals).toEqual({ travellers: 6, checked_in: 1, no_show: 0 });
  });

  it('two check-ins of one traveller at once leave one row', async () => {
    const [a, b] = await Promise.all([
      checkin(gleb, { request_id: ids.ivan, place: 1, status: 'checked_in' }),
      checkin(anna, { request_id: ids.ivan, place: 1, status: 'checked_in' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([(a.json() as CheckinResult).replayed, (b.json() as CheckinResult).replayed].sort()).toEqual([false, true]);
    const mine = await t.database.db
      .select()
      .from(departureCheckins)
      .where(and(eq(departureCheckins.request_id, ids.ivan), eq(departureCheckins.place, 1)));
    expect(mine).toHaveLength(1);
  });

  it('refuses a canceled request, a place it lacks, a pending request; another tenant and an accountant change nothing', async () => {
    const before = await rows();
    const canceledNow = await checkin(gleb, { request_id: ids.olga, place: 2, status: 'checked_in' });
    expect(canceledNow.statusCode).toBe(200);
    await post(`${R}/cancel`, anna, { id: ids.canceled, message: 'weather', notify_client: false });
    const res = await checkin(gleb, { request_id: ids.canceled, place: 1, status: 'checked_in' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'checkin_request_canceled',
      message: 'This request was canceled: its travellers cannot be checked in',
      codes: { request_id: [{ code: 'checkin_request_canceled' }] },
    });
    expect((await checkin(anna, { request_id: ids.ivan, place: 4, status: 'checked_in' })).statusCode).toBe(422);
    expect((await checkin(anna, { request_id: ids.pending, place: 1, status: 'checked_in' })).statusCode).toBe(422);
    const forbidden = await checkin(ada, { request_id: ids.ivan, place: 2, status: 'checked_in' });
    expect(forbidden.statusCode).toBe(403);
    expect((forbidden.json() as { code: string }).code).toBe('member_role_forbidden');
    expect((await checkin(boris, { request_id: ids.ivan, place: 2, status: 'checked_in' })).statusCode).toBe(404);
    expect(
      (await checkin(gleb, { tour_date_id: otherDateId, request_id: ids.ivan, place: 2, status: 'checked_in' }))
        .statusCode,
    ).toBe(404);
    expect((await checkin(anna, { request_id: ids.ivan, place: 2, status: 'arrived' })).statusCode).toBe(422);
    expect((await rows()).length).toBe(before.length + 1);
  });
});
