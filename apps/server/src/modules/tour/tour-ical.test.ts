import { count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourDates, tourIcalFeeds } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { FEED_PAST_DAYS, zonedInstant } from './tour-ical.service';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
const tours = { trek: 0, excursion: 0, archived: 0, borisTour: 0 };

type Json = Record<string, unknown> & { errors?: Record<string, string[]>; items?: Json[] };
const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object, lang = 'en') => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), 'x-language': lang },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
};
const ok = async (p: ReturnType<typeof call>): Promise<Json> => {
  const r = await p;
  if (r.status !== 200) throw new Error(`setup failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};
const P = '/crm/api/tour';
const createFeed = (who: Who, body: object, lang = 'en') => call('POST', `${P}/create-ical-feed`, who, body, lang);
const listFeeds = (who: Who, query: string) => call('GET', `${P}/ical-feeds?${query}`, who);
const revoke = (who: Who, organizerId: number, feedId: number) =>
  call('POST', `${P}/revoke-ical-feed`, who, { organizer_id: organizerId, feed_id: feedId });
/** The feed as a calendar app fetches it: no token, no language. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url });
const feedCount = async () => (await t.database.db.select({ n: count() }).from(tourIcalFeeds))[0]!.n;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The feed's events, read back by ical.js. */
const eventsOf = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((c) => {
      const e = new ICAL.Event(c);
      return {
        uid: e.uid,
        summary: e.summary,
        description: e.description,
        location: e.location,
        start: e.startDate,
        end: e.endDate,
        status: c.getFirstPropertyValue('status'),
      };
    }),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@ical.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@ical.example', organizers: ['Kamchatka Tours'] });
  anna = { userId: a.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@ical.example')).token };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@ical.example')).token,
  };
  await ok(call('POST', '/crm/api/organizer/update', anna, { id: anna.organizerId, timezone: 'Europe/Moscow' }));
  const tour = async (who: Who, body: object) =>
    (await ok(call('POST', `${P}/create`, who, { organizer_id: who.organizerId, ...body }))).id as number;
  const departure = (who: Who, tourId: number, body: object) =>
    ok(call('POST', `${P}/save-date`, who, { tour_id: tourId, price: 1000, number_of_seats: 8, ...body }));
  tours.trek = await tour(anna, { name: 'Multinskiye lakes trek', gathering_place: 'Gorno-Altaysk station' });
  tours.excursion = await tour(anna, {
    name: 'Chemal by boat',
    type: 2,
    duration_hours: 3,
    gathering_place: 'Chemal pier',
  });
  tours.archived = await tour(anna, { name: 'Old horse ride' });
  tours.borisTour = await tour(boris, { name: 'Kamchatka volcanoes' });
  await departure(anna, tours.trek, { date_start: '2030-06-01', date_end: '2030-06-03', not_guaranteed: true });
  await departure(anna, tours.excursion, {
    date_start: '2030-06-05',
    date_end: '2030-06-05',
    time_start: '09:00',
    price: 2500,
  });
  await departure(anna, tours.archived, { date_start: '2030-07-01', date_end: '2030-07-02' });
  await departure(boris, tours.borisTour, { date_start: '2030-06-10', date_end: '2030-06-12' });
  await ok(call('POST', `${P}/archive`, anna, { id: tours.archived }));
  // the past: one departure that ended a little while ago (shown), one long ago (not)
  await t.database.db.insert(tourDates).values([
    {
      tour_id: tours.trek,
      date_start: day(-12),
      date_end: day(-10),
      price: '1000',
      days: 3,
      number_of_seats: 8,
      number_of_free_seats: 8,
    },
    {
      tour_id: tours.trek,
      date_start: day(-FEED_PAST_DAYS - 12),
      date_end: day(-FEED_PAST_DAYS - 10),
      price: '1000',
      days: 3,
      number_of_seats: 8,
      number_of_free_seats: 8,
    },
  ]);
});
afterAll(() => t.close());

describe('iCal feeds', () => {
  it('the organizer’s feed: every departure of its live tours as events, all-day for tours, timed on the organizer’s clock for excursions', async () => {
    const made = await createFeed(anna, { organizer_id: anna.organizerId, name: 'Olga’s phone' });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      id: expect.any(Number),
      tour_id: null,
      tour_name: null,
      name: 'Olga’s phone',
      created_at: expect.any(String),
      url: expect.stringMatching(/^\/crm\/api\/tour\/ical\/[A-Za-z0-9_-]{43}\.ics$/),
    });
    const res = await fetchFeed(made.body.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { name, events } = eventsOf(res.body);
    expect(name).toBe('Altai Trails · all departures');
    // the archived tour's unbooked departure, Boris's and the long past one are not there
    expect(events.map((e) => e.summary)).toEqual([
      'Multinskiye lakes trek',
      'Multinskiye lakes trek',
      'Chemal by boat',
    ]);

    const trek = events[1]!;
    expect(trek.start.isDate).toBe(true);
    expect(trek.start.toString()).toBe('2030-06-01');
    // DTEND of a whole-day event is the day after the last one
    expect(trek.end.toString()).toBe('2030-06-04');
    expect(trek.location).toBe('Gorno-Altaysk station');
    expect(trek.description).toBe('Free seats: 8 of 8\nPrice: RUB 1,000\nNot guaranteed yet');
    expect(trek.status).toBe('TENTATIVE');

    const boat = events[2]!;
    expect(boat.start.isDate).toBe(false);
    // 09:00 in Moscow (UTC+3) is 06:00 UTC; three hours long
    expect(boat.start.toJSDate().toISOString()).toBe('2030-06-05T06:00:00.000Z');
    expect(boat.end.toJSDate().toISOString()).toBe('2030-06-05T09:00:00.000Z');
    expect(boat.location).toBe('Chemal pier');
    expect(boat.status).toBe('CONFIRMED');
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);

    // an archived tour's departure that has bookings still happens: it is shown
    await t.database.db.update(tourDates).set({ number_of_free_seats: 5 }).where(eq(tourDates.tour_id, tours.archived));
    const again = eventsOf((await fetchFeed(made.body.url as string)).body).events;
    expect(again.map((e) => e.summary)).toContain('Old horse ride');
    expect(again.find((e) => e.summary === 'Old horse ride')!.description).toMatch(/^Free seats: 5 of 8/);
  });

  it('a tour’s feed holds that tour only, in the language of who made it', async () => {
    const made = await createFeed(anna, { organizer_id: anna.organizerId, tour_id: tours.excursion }, 'ru');
    expect(made.body).toMatchObject({ tour_id: tours.excursion, tour_name: 'Chemal by boat', name: '' });
    const { name, events } = eventsOf((await fetchFeed(made.body.url as string)).body);
    expect(name).toBe('Altai Trails · Chemal by boat');
    expect(events).toHaveLength(1);
    expect(events[0]!.description).toBe('Свободно мест: 8 из 8\nСтоимость: 2 500 RUB');
  });

  it('are listed for their organizer (a tour’s and the organizer-wide ones), revoked at once, and a revoked or unknown address is 404', async () => {
    const whole = (await ok(createFeed(anna, { organizer_id: anna.organizerId, name: 'Office' }))) as {
      id: number;
      url: string;
    };
    const trek = (await ok(createFeed(anna, { organizer_id: anna.organizerId, tour_id: tours.trek }))) as {
      id: number;
      url: string;
    };
    const all = (await listFeeds(anna, `organizer_id=${anna.organizerId}`)).body.items!;
    expect(all.map((f) => f.id)).toEqual(expect.arrayContaining([whole.id, trek.id]));
    expect(all.every((f) => !('url' in f) && !('token_hash' in f))).toBe(true);
    const ofTrek = (await listFeeds(anna, `organizer_id=${anna.organizerId}&tour_id=${tours.trek}`)).body.items!;
    expect(ofTrek.every((f) => f.tour_id === null || f.tour_id === tours.trek)).toBe(true);
    expect(ofTrek.some((f) => f.tour_id === tours.excursion)).toBe(false);

    expect((await revoke(anna, anna.organizerId, trek.id)).body).toEqual({ success: true });
    const gone = await fetchFeed(trek.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect((await listFeeds(anna, `organizer_id=${anna.organizerId}`)).body.items!.map((f) => f.id)).not.toContain(
      trek.id,
    );
    expect((await revoke(anna, anna.organizerId, trek.id)).status).toBe(404);
    // the other feed goes on
    expect((await fetchFeed(whole.url)).statusCode).toBe(200);
  });

  it('another tenant cannot list, make, or revoke them', async () => {
    const feed = (await ok(createFeed(anna, { organizer_id: anna.organizerId }))) as { id: number; url: string };
    const before = await feedCount();
    for (const res of [
      await listFeeds(boris, `organizer_id=${anna.organizerId}`),
      await createFeed(boris, { organizer_id: anna.organizerId }),
      await revoke(boris, anna.organizerId, feed.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Organizer not found' });
    }
    // his own organizer with her records
    expect((await revoke(boris, boris.organizerId, feed.id)).status).toBe(404);
    const foreignTour = await createFeed(boris, { organizer_id: boris.organizerId, tour_id: tours.trek });
    expect(foreignTour.status).toBe(404);
    expect(foreignTour.body).toMatchObject({ message: 'Tour not found' });
    expect((await listFeeds(boris, `organizer_id=${boris.organizerId}&tour_id=${tours.trek}`)).status).toBe(404);
    expect((await listFeeds(boris, `organizer_id=${boris.organizerId}`)).body.items).toEqual([]);
    expect(await feedCount()).toBe(before);
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    // without a token
    for (const [method, url] of [
      ['GET', `${P}/ical-feeds?organizer_id=${anna.organizerId}`],
      ['POST', `${P}/create-ical-feed`],
      ['POST', `${P}/revoke-ical-feed`],
    ] as const)
      expect((await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode).toBe(401);
  });

  it('the address cannot be guessed: 256 random bits, only a digest stored, a near miss is 404', async () => {
    const a = (await ok(createFeed(anna, { organizer_id: anna.organizerId }))).url as string;
    const b = (await ok(createFeed(anna, { organizer_id: anna.organizerId }))).url as string;
    expect(a).not.toBe(b);
    const token = /ical\/([^/]+)\.ics$/.exec(a)![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db
      .select()
      .from(tourIcalFeeds)
      .where(eq(tourIcalFeeds.organizer_id, anna.organizerId));
    expect(rows.some((r) => r.token_hash.includes(token) || JSON.stringify(r).includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    const nearMiss = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const url of [
      a.replace(token, nearMiss),
      a.replace(token, token.slice(0, 20)),
      a.replace(`${token}.ics`, token),
      `${P}/ical/${'A'.repeat(43)}.ics`,
    ])
      expect((await fetchFeed(url)).statusCode, url).toBe(404);
  });

  it('bad input is a field error and writes nothing', async () => {
    const before = await feedCount();
    const cases: [object, string, string][] = [
      [{ organizer_id: anna.organizerId, name: 'x'.repeat(101) }, 'name', 'Maximum 100 characters'],
      [{ organizer_id: anna.organizerId, tour_id: 'trek' }, 'tour_id', 'Incorrect value'],
      [{ organizer_id: anna.organizerId, token: 'mine' }, 'token', 'Unknown field'],
      [{}, 'organizer_id', 'Required field'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await createFeed(anna, payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.errors![field]).toEqual([message]);
    }
    expect((await revoke(anna, anna.organizerId, 0)).status).toBe(422);
    expect((await listFeeds(anna, 'organizer_id=abc')).status).toBe(422);
    expect(await feedCount()).toBe(before);
  });
});

describe('zonedInstant', () => {
  it('reads a local day and time on the zone’s own clock, across a DST change too', () => {
    expect(zonedInstant('2030-06-05', '09:00', 'Europe/Moscow').toISOString()).toBe('2030-06-05T06:00:00.000Z');
    // Berlin: UTC+1 in winter, UTC+2 from the last Sunday of March (2030-03-31)
    expect(zonedInstant('2030-03-30', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-03-30T09:00:00.000Z');
    expect(zonedInstant('2030-03-31', '10:00', 'Europe/Berlin').toISOString()).toBe('2030-03-31T08:00:00.000Z');
    expect(zonedInstant('2030-06-05', '09:00', null).toISOString()).toBe('2030-06-05T09:00:00.000Z');
    expect(zonedInstant('2030-06-05', '09:00', 'Not/AZone').toISOString()).toBe('2030-06-05T09:00:00.000Z');
  });
});
