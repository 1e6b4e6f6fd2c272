import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOUR_MESSAGES,
  tourSaveWeekScheduleBodySchema,
  tourSchema,
  type TourSaveWeekScheduleBody,
} from '@tourdesk/contract';
import { organizers, tourDates, tours, tourWeekSchedules } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { WEEK_SCHEDULE_SWEEP_LOCK } from './week-schedule.repository';
import { addDays, weekdayOf } from './week-schedule.service';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
/** anna's second organizer, in Europe/Berlin */
let berlinOrgId = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]> };
const post = async (path: string, who: Who, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/crm/api/tour/${path}`,
    headers: { ...bearer(who.token), 'x-language': 'en' },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const newTour = async (organizerId: number, name: string): Promise<number> =>
  (await post('create', anna, { organizer_id: organizerId, name, duration: 1 })).body.id as number;
const ctx = (): ServiceContext => ({
  userId: anna.userId,
  lang: 'en',
  ip: '127.0.0.1',
  userAgent: null,
  requestId: 'week-schedule-test',
  log: t.app.log,
});
const TEMPLATE = { price: 5000, number_of_seats: 10 };
/** save-week-schedule through the service, on a clock of the test's. */
const save = (tourId: number, body: Omit<TourSaveWeekScheduleBody, 'id' | keyof typeof TEMPLATE>, now: Date) => {
  const { id, ...fields } = tourSaveWeekScheduleBodySchema.parse({ id: tourId, ...TEMPLATE, ...body });
  return t.app.services.weekSchedules.save(ctx(), id, fields, now);
};
const sweep = (now: Date) => t.app.services.weekSchedules.sweepWeekSchedules(now);
const departuresOf = (tourId: number, from = '2000-01-01') =>
  t.database.db
    .select()
    .from(tourDates)
    .where(and(eq(tourDates.tour_id, tourId), gte(tourDates.date_start, from)))
    .orderBy(asc(tourDates.date_start), asc(tourDates.time_start));
const countAll = async () => (await t.database.db.select({ n: count() }).from(tourDates))[0]!.n;

/** Monday 7 January 2030, 10:00 UTC. */
const NOW = new Date('2030-01-07T10:00:00Z');
const TODAY = '2030-01-07';

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@week.example', organizers: ['Altai Trails', 'Berlin Walks'] });
  const b = await createUser(t.database, { email: 'boris@week.example', organizers: ['Kamchatka Tours'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@week.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@week.example')).token,
  };
  berlinOrgId = a.organizerIds[1]!;
  await t.database.db
    .update(organizers)
    .set({ profile: { timezone: 'Europe/Berlin' } })
    .where(eq(organizers.id, berlinOrgId));
});
afterAll(() => t.close());

describe('save-week-schedule', () => {
  it('stores the schedule, makes the tour weekly and answers the seven weekdays', async () => {
    const id = await newTour(anna.organizerId, 'Weekly');
    const res = await post('save-week-schedule', anna, {
      id,
      days_data: [{ day_of_week: 6, times: ['08:30'] }],
      excluded_periods_data: [{ date_from: '2031-01-01', date_to: '2031-01-10' }],
      price: 1200,
      number_of_seats: 8,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tour_id: id,
      publish_count_days: 90,
      last_tour_date: null,
      excluded_periods_data: [{ date_from: '2031-01-01', date_to: '2031-01-10' }],
      price: 1200,
      number_of_seats: 8,
      days: null,
    });
    expect((res.body.days_data as { times: string[] }[]).map((d) => d.times)).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
      ['08:30'],
    ]);
    const [tour] = await t.database.db.select().from(tours).where(eq(tours.id, id));
    expect(tour!.schedule_type).toBe(2);
    const made = await departuresOf(id);
    expect(made.length).toBeGreaterThanOrEqual(12);
    expect(made.every((d) => weekdayOf(d.date_start) === 6 && d.time_start === '08:30' && d.is_from_schedule)).toBe(
      true,
    );
  });

  it('refuses a weekday out of range, a bad time and a period ending before it starts, writing nothing', async () => {
    const id = await newTour(anna.organizerId, 'Refused');
    const before = await countAll();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ days_data: [{ day_of_week: 7, times: ['09:00'] }] }, 'days_data.0.day_of_week', 'Maximum 6'],
      [{ days_data: [{ day_of_week: -1, times: [] }] }, 'days_data.0.day_of_week', 'Minimum 0'],
      [{ days_data: [{ day_of_week: 1, times: ['09:00', '25:00'] }] }, 'days_data.0.times.1', 'Incorrect value'],
      [
        { excluded_periods_data: [{ date_from: '2030-05-10', date_to: '2030-05-01' }] },
        'excluded_periods_data.0.date_to',
        'The end must be later than the start',
      ],
      [{ number_of_seats: 0 }, 'number_of_seats', 'Minimum 1'],
      [{ publish_count_days: 0 }, 'publish_count_days', 'Minimum 1'],
    ];
    for (const [fields, field, text] of cases) {
      const res = await post('save-week-schedule', anna, {
        id,
        ...TEMPLATE,
        days_data: [{ day_of_week: 1, times: ['09:00'] }],
        ...fields,
      });
      expect(res.status, field).toBe(422);
      expect(res.body.errors, field).toEqual({ [field]: [text] });
    }
    expect(await t.database.db.select().from(tourWeekSchedules).where(eq(tourWeekSchedules.tour_id, id))).toEqual([]);
    expect(await countAll()).toBe(before);
  });

  it("gives a second tenant 404 for the first one's tour and writes nothing", async () => {
    const id = await newTour(anna.organizerId, 'Not Boris');
    const before = await countAll();
    const res = await post('save-week-schedule', boris, {
      id,
      ...TEMPLATE,
      days_data: [{ day_of_week: 1, times: ['09:00'] }],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(TOUR_MESSAGES.tour_not_found);
    expect(await t.database.db.select().from(tourWeekSchedules).where(eq(tourWeekSchedules.tour_id, id))).toEqual([]);
    expect(await countAll()).toBe(before);
  });
});

describe('GET tour/view with a week schedule', () => {
  const view = async (id: number, who: Who) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/crm/api/tour/view?id=${id}`,
      headers: { ...bearer(who.token), 'x-language': 'en' },
    });
    return { status: res.statusCode, body: res.json() as Body };
  };

  it('has none until one is saved, then the stored one with its template, so the form opens with it', async () => {
    const id = await newTour(anna.organizerId, 'Viewed weekly');
    const before = await view(id, anna);
    expect(before.status).toBe(200);
    expect(before.body.tour_week_schedule).toBeNull();
    expect(before.body.schedule_type).toBe(1);

    const saved = await post('save-week-schedule', anna, {
      id,
      publish_count_days: 30,
      last_tour_date: '2031-06-30',
      days_data: [
        { day_of_week: 1, times: ['10:00', '08:00'] },
        { day_of_week: 0, times: ['12:15'] },
      ],
      excluded_periods_data: [{ date_from: '2031-01-01', date_to: '2031-01-10' }],
      price: 2500.5,
      days: 2,
      number_of_seats: 14,
      full_payment_days: 3,
      prepayment_type: 'currency',
      prepayment_size: 500,
      not_guaranteed: true,
      flight_included: true,
      commentary: 'Meet at the pier',
    });
    expect(saved.status).toBe(200);

    const after = await view(id, anna);
    expect(after.body.schedule_type).toBe(2);
    expect(after.body.tour_week_schedule).toEqual({
      publish_count_days: 30,
      last_tour_date: '2031-06-30',
      days_data: [
        { day_of_week: 0, times: ['12:15'] },
        { day_of_week: 1, times: ['08:00', '10:00'] },
        { day_of_week: 2, times: [] },
        { day_of_week: 3, times: [] },
        { day_of_week: 4, times: [] },
        { day_of_week: 5, times: [] },
        { day_of_week: 6, times: [] },
      ],
      excluded_periods_data: [{ date_from: '2031-01-01', date_to: '2031-01-10' }],
      price: 2500.5,
      days: 2,
      number_of_seats: 14,
      full_payment_days: 3,
      prepayment_type: 'currency',
      prepayment_size: 500,
      not_guaranteed: true,
      flight_included: true,
      commentary: 'Meet at the pier',
    });
    // what save-week-schedule answered is what the view shows
    const { tour_id, ...answered } = saved.body;
    expect(tour_id).toBe(id);
    expect(after.body.tour_week_schedule).toEqual(answered);
    // and it parses as the contract's tour
    expect(tourSchema.safeParse(after.body).success).toBe(true);
  });

  it('keeps showing the stored schedule after the tour goes back to dates', async () => {
    const id = await newTour(anna.organizerId, 'Back to dates');
    await post('save-week-schedule', anna, { id, ...TEMPLATE, days_data: [{ day_of_week: 3, times: ['09:00'] }] });
    expect((await post('update', anna, { id, schedule_type: 1 })).status).toBe(200);
    const res = await view(id, anna);
    expect(res.body.schedule_type).toBe(1);
    expect(res.body.tour_week_schedule).toMatchObject({ price: 5000, number_of_seats: 10 });
  });

  it('is not shown to a second tenant: the tour is 404', async () => {
    const id = await newTour(anna.organizerId, 'Private weekly');
    await post('save-week-schedule', anna, { id, ...TEMPLATE, days_data: [{ day_of_week: 3, times: ['09:00'] }] });
    const res = await view(id, boris);
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('tour_week_schedule');
  });
});

describe('the week schedule sweep', () => {
  let id = 0;
  const mondaysAndFridays = {
    days_data: [
      { day_of_week: 1, times: ['09:00'] },
      { day_of_week: 5, times: ['09:00', '18:00'] },
    ],
  };

  it('makes the departures of the right weekdays over the window; a second run adds nothing', async () => {
    id = await newTour(anna.organizerId, 'Mondays and Fridays');
    await save(id, { publish_count_days: 28, ...mondaysAndFridays }, NOW);
    const made = await departuresOf(id);
    // 7 Jan … 3 Feb 2030: four Mondays, four Fridays at two times
    expect(made.map((d) => `${d.date_start} ${d.time_start}`)).toEqual([
      '2030-01-07 09:00',
      '2030-01-11 09:00',
      '2030-01-11 18:00',
      '2030-01-14 09:00',
      '2030-01-18 09:00',
      '2030-01-18 18:00',
      '2030-01-21 09:00',
      '2030-01-25 09:00',
      '2030-01-25 18:00',
      '2030-01-28 09:00',
      '2030-02-01 09:00',
      '2030-02-01 18:00',
    ]);
    expect(made[0]).toMatchObject({
      date_end: TODAY,
      days: 1,
      price: '5000.00',
      number_of_seats: 10,
      number_of_free_seats: 10,
      tour_variant: '',
      is_from_schedule: true,
    });
    // the sweep of every tour: nothing new for this one, and a second run nothing at all
    await sweep(NOW);
    expect(await departuresOf(id)).toEqual(made);
    const before = await countAll();
    expect(await sweep(NOW)).toEqual({ created: 0, removed: 0 });
    expect(await countAll()).toBe(before);
  });

  it('skips excluded periods and the days after last_tour_date', async () => {
    await save(
      id,
      {
        publish_count_days: 28,
        last_tour_date: '2030-01-28',
        excluded_periods_data: [{ date_from: '2030-01-12', date_to: '2030-01-18' }],
        ...mondaysAndFridays,
      },
      NOW,
    );
    expect((await departuresOf(id)).map((d) => `${d.date_start} ${d.time_start}`)).toEqual([
      '2030-01-07 09:00',
      '2030-01-11 09:00',
      '2030-01-11 18:00',
      '2030-01-21 09:00',
      '2030-01-25 09:00',
      '2030-01-25 18:00',
      '2030-01-28 09:00',
    ]);
  });

  it('keeps a departure with bookings when its weekday goes, removes those without', async () => {
    const monday = (await departuresOf(id)).find((d) => d.date_start === '2030-01-21')!;
    await t.database.db
      .update(tourDates)
      .set({ number_of_free_seats: sql`${tourDates.number_of_free_seats} - 2` })
      .where(eq(tourDates.id, monday.id));
    const fridays = { days_data: [{ day_of_week: 5, times: ['09:00', '18:00'] }] };
    await save(id, { publish_count_days: 28, last_tour_date: '2030-01-28', ...fridays }, NOW);
    const left = await departuresOf(id);
    expect(left.map((d) => `${d.date_start} ${d.time_start} ${d.number_of_free_seats}`)).toEqual([
      '2030-01-11 09:00 10',
      '2030-01-11 18:00 10',
      '2030-01-18 09:00 10',
      '2030-01-18 18:00 10',
      '2030-01-21 09:00 8',
      '2030-01-25 09:00 10',
      '2030-01-25 18:00 10',
    ]);
    expect(left.find((d) => d.id === monday.id)).toBeDefined();
    // a sweep later on keeps it too, and the past departures are history: not touched
    expect((await sweep(new Date('2030-01-20T12:00:00Z')))!.removed).toBe(0);
    expect((await departuresOf(id)).some((d) => d.id === monday.id)).toBe(true);
  });

  it('two sweeps at once make each missing departure once', async () => {
    const later = new Date('2030-01-28T10:00:00Z');
    await save(id, { publish_count_days: 28, ...mondaysAndFridays }, NOW);
    const before = await countAll();
    const [a, b] = await Promise.all([sweep(later), sweep(later)]);
    const from28 = await departuresOf(id, '2030-01-28');
    // 28 Jan … 24 Feb: four Mondays and four Fridays at two times
    expect(from28.length).toBe(12);
    const keys = from28.map((d) => `${d.date_start} ${d.time_start}`);
    expect(new Set(keys).size).toBe(keys.length);
    // on PostgreSQL the one that finds the lock taken does nothing (null)
    const net = (r: { created: number; removed: number } | null) => (r ? r.created - r.removed : 0);
    expect(net(a) + net(b)).toBe((await countAll()) - before);
    const dup = await t.database.db.execute(
      sql`select tour_id, date_start, time_start, tour_variant from tour_dates
          group by 1, 2, 3, 4 having count(*) > 1`,
    );
    expect((dup as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('on PostgreSQL, does nothing while another node holds the sweep lock', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite is one process: the lock is trivially held
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(WEEK_SCHEDULE_SWEEP_LOCK))})`);
      expect(await sweep(new Date('2030-02-20T10:00:00Z'))).toBeNull();
    });
    expect(await sweep(new Date('2030-02-20T10:00:00Z'))).not.toBeNull();
  });

  it('leaves a departure made by hand on the same day and time as it is', async () => {
    const own = await newTour(anna.organizerId, 'Own departure');
    const handMade = await post('save-date', anna, {
      tour_id: own,
      date_start: '2030-01-14',
      date_end: '2030-01-14',
      time_start: '09:00',
      price: 777,
      number_of_seats: 3,
    });
    expect(handMade.status).toBe(200);
    await save(own, { publish_count_days: 14, days_data: [{ day_of_week: 1, times: ['09:00'] }] }, NOW);
    expect((await departuresOf(own)).map((d) => [d.date_start, d.price, d.is_from_schedule])).toEqual([
      ['2030-01-07', '5000.00', true],
      ['2030-01-14', '777.00', false],
    ]);
    await save(own, { publish_count_days: 14, days_data: [] }, NOW);
    expect((await departuresOf(own)).map((d) => d.date_start)).toEqual(['2030-01-14']);
  });

  it("counts days by the organizer's time zone; a DST change neither moves nor doubles a departure", async () => {
    const id2 = await newTour(berlinOrgId, 'Berlin daily');
    const daily = { days_data: Array.from({ length: 7 }, (_, d) => ({ day_of_week: d, times: ['02:30', '10:00'] })) };
    // 23:30 UTC on 30 March 2030 is already Sunday 31 March in Berlin, the night clocks go forward
    await save(id2, { publish_count_days: 3, ...daily }, new Date('2030-03-30T23:30:00Z'));
    const spring = ['2030-03-31', '2030-04-01', '2030-04-02'];
    const expected = spring.flatMap((d) => [`${d} 02:30`, `${d} 10:00`]);
    expect((await departuresOf(id2)).map((d) => `${d.date_start} ${d.time_start}`)).toEqual(expected);
    // a sweep after the change (01:30 UTC is 03:30 CEST) sees the same day: nothing new
    await sweep(new Date('2030-03-31T01:30:00Z'));
    expect((await departuresOf(id2)).map((d) => `${d.date_start} ${d.time_start}`)).toEqual(expected);

    // autumn: 27 October 2030, 02:30 happens twice in Berlin
    const id3 = await newTour(berlinOrgId, 'Berlin autumn');
    await save(id3, { publish_count_days: 3, ...daily }, new Date('2030-10-26T22:30:00Z'));
    await sweep(new Date('2030-10-27T00:30:00Z'));
    await sweep(new Date('2030-10-27T01:30:00Z'));
    const autumn = ['2030-10-27', '2030-10-28', '2030-10-29'];
    expect((await departuresOf(id3)).map((d) => `${d.date_start} ${d.time_start}`)).toEqual(
      autumn.flatMap((d) => [`${d} 02:30`, `${d} 10:00`]),
    );
    expect(addDays('2030-10-26', 1)).toBe('2030-10-27');
  });
});
