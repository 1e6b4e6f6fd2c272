import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@tourdesk/contract';
import { domainEvents, guides, organizerMembers, requests, tourDates, tours } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
/** a member of Anna's organizer with the role guide */
let gleb: Who;
const P = '/crm/api/departure';
type Body = Record<string, unknown> & { errors?: Record<string, string[]> };
const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const db = () => t.database.db;
const tour = async (organizerId: number, name: string) =>
  (await db().insert(tours).values({ organizer_id: organizerId, name }).returning())[0]!.id;
const departure = async (tourId: number, start: string, end: string, seats = 10, time = '') =>
  (
    await db()
      .insert(tourDates)
      .values({
        tour_id: tourId,
        date_start: start,
        date_end: end,
        time_start: time,
        price: '1000',
        days: 1,
        number_of_seats: seats,
        number_of_free_seats: seats,
      })
      .returning()
  )[0]!.id;
const guide = async (organizerId: number, first_name: string) =>
  (await db().insert(guides).values({ organizer_id: organizerId, first_name }).returning())[0]!.id;

let altai = 0;
let baikal = 0;
let d1 = 0;
let d2 = 0;
let d3 = 0;
let olga = 0;
let pavel = 0;
let borisGuide = 0;
let borisDate = 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@dep.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@dep.example', organizers: ['Kamchatka Tours'] });
  const g = await createUser(t.database, { email: 'gleb@dep.example' });
  anna = { userId: a.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@dep.example')).token };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@dep.example')).token,
  };
  await db().insert(organizerMembers).values({ organizer_id: anna.organizerId, user_id: g.userId, role: 'guide' });
  gleb = { userId: g.userId, organizerId: anna.organizerId, token: (await signIn(t.app, 'gleb@dep.example')).token };
  altai = await tour(anna.organizerId, 'Altai');
  baikal = await tour(anna.organizerId, 'Baikal');
  d1 = await departure(altai, '2030-06-01', '2030-06-03', 10, '09:00');
  d2 = await departure(baikal, '2030-06-03', '2030-06-05', 4);
  d3 = await departure(altai, '2030-06-10', '2030-06-12', 8);
  olga = await guide(anna.organizerId, 'Olga');
  pavel = await guide(anna.organizerId, 'Pavel');
  borisGuide = await guide(boris.organizerId, 'Vitus');
  borisDate = await departure(await tour(boris.organizerId, 'Kamchatka'), '2030-06-01', '2030-06-02');
  // d1: 3 seats booked firmly, 2 on hold; d2 full (4 booked)
  await db()
    .insert(requests)
    .values([
      { organizer_id: anna.organizerId, tour_id: altai, tour_date_id: d1, tourists_count: 3, seats_taken: 3 },
      {
        organizer_id: anna.organizerId,
        tour_id: altai,
        tour_date_id: d1,
        tourists_count: 2,
        seats_taken: 2,
        hold_expires_at: new Date(Date.now() + 3_600_000),
      },
      { organizer_id: anna.organizerId, tour_id: baikal, tour_date_id: d2, tourists_count: 4, seats_taken: 4 },
    ]);
  await db().update(tourDates).set({ number_of_free_seats: 5 }).where(eq(tourDates.id, d1));
  await db().update(tourDates).set({ number_of_free_seats: 0 }).where(eq(tourDates.id, d2));
});
afterAll(() => t.close());

const guideOut = (id: number, first_name: string, user_id: number | null = null) => ({
  id,
  first_name,
  last_name: '',
  user_id,
});

describe('guides per departure', () => {
  it('are set from the organizer’s guides, with a warning for a guide on overlapping dates', async () => {
    const org = anna.organizerId;
    const first = await call('POST', `${P}/set-guides`, anna, {
      organizer_id: org,
      tour_date_id: d1,
      guide_ids: [olga],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ tour_date_id: d1, guides: [guideOut(olga, 'Olga')], conflicts: [] });
    // d2 starts the day d1 ends: Olga would be on both
    const second = await call('POST', `${P}/set-guides`, anna, {
      organizer_id: org,
      tour_date_id: d2,
      guide_ids: [pavel, olga, olga],
    });
    expect(second.body).toEqual({
      tour_date_id: d2,
      guides: [guideOut(olga, 'Olga'), guideOut(pavel, 'Pavel')],
      conflicts: [
        {
          guide_id: olga,
          tour_date_id: d1,
          tour_id: altai,
          tour_name: 'Altai',
          date_start: '2030-06-01',
          date_end: '2030-06-03',
          time_start: '09:00',
        },
      ],
    });
    const read = await call('GET', `${P}/guides?organizer_id=${org}&tour_date_id=${d1}`, anna);
    expect(read.body).toEqual({
      tour_date_id: d1,
      guides: [guideOut(olga, 'Olga')],
      conflicts: [expect.objectContaining({ guide_id: olga, tour_date_id: d2, tour_name: 'Baikal' })],
    });
    const events = await db()
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.type, 'departure.changed'));
    expect(events.map((e) => e.payload)).toEqual([
      { tour_date_id: d1, change: 'guides' },
      { tour_date_id: d2, change: 'guides' },
    ]);
  });

  it('refuse another organizer’s guide or departure and change nothing', async () => {
    const org = anna.organizerId;
    const foreignGuide = await call('POST', `${P}/set-guides`, anna, {
      organizer_id: org,
      tour_date_id: d3,
      guide_ids: [pavel, borisGuide],
    });
    expect(foreignGuide.status).toBe(422);
    expect(foreignGuide.body.errors).toEqual({ 'guide_ids.1': [messageText('guide_not_found')] });
    const foreignDate = await call('POST', `${P}/set-guides`, anna, {
      organizer_id: org,
      tour_date_id: borisDate,
      guide_ids: [pavel],
    });
    expect(foreignDate.status).toBe(404);
    expect((await call('GET', `${P}/guides?organizer_id=${org}&tour_date_id=${borisDate}`, anna)).status).toBe(404);
    // Boris acting for Anna's organizer: it does not exist for him
    const intruder = await call('POST', `${P}/set-guides`, boris, {
      organizer_id: org,
      tour_date_id: d3,
      guide_ids: [],
    });
    expect(intruder.status).toBe(404);
    expect((await call('GET', `${P}/guides?organizer_id=${org}&tour_date_id=${d1}`, boris)).status).toBe(404);
    expect((await call('GET', `${P}/guides?organizer_id=${org}&tour_date_id=${d3}`, anna)).body.guides).toEqual([]);
    const bad = await call('POST', `${P}/set-guides`, anna, { organizer_id: org, tour_date_id: d3, guide_ids: 'x' });
    expect(bad.status).toBe(422);
  });

  it('link a guide to a member account of the organizer only', async () => {
    const org = anna.organizerId;
    const linked = await call('POST', `${P}/link-guide-user`, anna, {
      organizer_id: org,
      guide_id: pavel,
      user_id: gleb.userId,
    });
    expect(linked.body).toEqual(guideOut(pavel, 'Pavel', gleb.userId));
    const twice = await call('POST', `${P}/link-guide-user`, anna, {
      organizer_id: org,
      guide_id: olga,
      user_id: gleb.userId,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ user_id: [messageText('guide_user_taken')] });
    const stranger = await call('POST', `${P}/link-guide-user`, anna, {
      organizer_id: org,
      guide_id: olga,
      user_id: boris.userId,
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ user_id: [messageText('incorrect_value')] });
    const theirs = await call('POST', `${P}/link-guide-user`, anna, {
      organizer_id: org,
      guide_id: borisGuide,
      user_id: null,
    });
    expect(theirs.status).toBe(404);
    // the guide member may not assign guides or link them
    const byGuide = await call('POST', `${P}/set-guides`, gleb, { organizer_id: org, tour_date_id: d2, guide_ids: [] });
    expect(byGuide.status).toBe(403);
    const [row] = await db()
      .select()
      .from(guides)
      .where(and(eq(guides.id, olga)));
    expect(row!.user_id).toBeNull();
  });
});

describe('calendar', () => {
  const q = (who: Who, extra = '') =>
    call('GET', `${P}/calendar?organizer_id=${who.organizerId}&from=2030-06-01&to=2030-06-30${extra}`, who);

  it('lists every departure across tours with booked, held, free and guides', async () => {
    const res = await q(anna);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        tour_date_id: d1,
        tour_id: altai,
        tour_name: 'Altai',
        date_start: '2030-06-01',
        date_end: '2030-06-03',
        time_start: '09:00',
        tour_variant: '',
        capacity: 10,
        booked: 3,
        held: 2,
        free: 5,
        checked_in: 0,
        guides: [guideOut(olga, 'Olga')],
        status: 'scheduled',
      },
      {
        tour_date_id: d2,
        tour_id: baikal,
        tour_name: 'Baikal',
        date_start: '2030-06-03',
        date_end: '2030-06-05',
        time_start: '',
        tour_variant: '',
        capacity: 4,
        booked: 4,
        held: 0,
        free: 0,
        checked_in: 0,
        guides: [guideOut(olga, 'Olga'), guideOut(pavel, 'Pavel', gleb.userId)],
        status: 'scheduled',
      },
      expect.objectContaining({ tour_date_id: d3, capacity: 8, booked: 0, held: 0, free: 8, guides: [] }),
    ]);
  });

  it('filters by tour and guide, and by range', async () => {
    const byTour = await q(anna, `&tour_id=${altai}`);
    expect((byTour.body.items as { tour_date_id: number }[]).map((i) => i.tour_date_id)).toEqual([d1, d3]);
    const byGuide = await q(anna, `&guide_id=${pavel}`);
    expect((byGuide.body.items as { tour_date_id: number }[]).map((i) => i.tour_date_id)).toEqual([d2]);
    const range = await call(
      'GET',
      `${P}/calendar?organizer_id=${anna.organizerId}&from=2030-06-04&to=2030-06-09`,
      anna,
    );
    expect((range.body.items as { tour_date_id: number }[]).map((i) => i.tour_date_id)).toEqual([d2]);
  });

  it('shows a guide member only its departures', async () => {
    const res = await q(gleb);
    expect((res.body.items as { tour_date_id: number }[]).map((i) => i.tour_date_id)).toEqual([d2]);
    expect((await call('GET', `${P}/guides?organizer_id=${anna.organizerId}&tour_date_id=${d1}`, gleb)).status).toBe(
      404,
    );
    expect((await call('GET', `${P}/guides?organizer_id=${anna.organizerId}&tour_date_id=${d2}`, gleb)).status).toBe(
      200,
    );
  });

  it('refuses a range over 92 days or reversed, and another tenant', async () => {
    const long = await call(
      'GET',
      `${P}/calendar?organizer_id=${anna.organizerId}&from=2030-01-01&to=2030-04-03`,
      anna,
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ to: [messageText('incorrect_value')] });
    const ok = await call('GET', `${P}/calendar?organizer_id=${anna.organizerId}&from=2030-01-01&to=2030-04-02`, anna);
    expect(ok.status).toBe(200);
    const reversed = await call(
      'GET',
      `${P}/calendar?organizer_id=${anna.organizerId}&from=2030-02-01&to=2030-01-31`,
      anna,
    );
    expect(reversed.body.errors).toEqual({ to: [messageText('end_before_start')] });
    expect((await q({ ...boris, organizerId: anna.organizerId })).status).toBe(404);
    // Boris's own calendar filtered by Anna's tour or guide: not found
    expect((await q(boris, `&tour_id=${altai}`)).status).toBe(404);
    expect((await q(boris, `&guide_id=${olga}`)).status).toBe(404);
    expect(((await q(boris)).body.items as { tour_date_id: number }[]).map((i) => i.tour_date_id)).toEqual([borisDate]);
  });
});
