import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUR_MESSAGES, messageText, type Tour, type TourListResponse } from '@tourdesk/contract';
import {
  catalogueItems,
  files,
  organizerSites,
  partnerSites,
  tourDates,
  tourGuides,
  tourSiteStatuses,
  tours,
  domainEvents,
} from '../../db/schema/index';
import { seedCatalogue } from '../../db/seed/seed';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { CATALOGUE } from './catalogue-data';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
const P = '/crm/api/tour';
const ref = { region: 0, city: 0, activity: 0 };
let photos: number[] = [];
let borisGuide = 0;

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; codes?: Record<string, unknown[]> };
const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const post = (path: string, who: Who, payload: unknown) => call('POST', `${P}/${path}`, who, payload);
const tourCount = async () => (await t.database.db.select({ n: count() }).from(tours))[0]!.n;
const image = async (who: Who): Promise<number> =>
  (
    await t.database.db
      .insert(files)
      .values({ user_id: who.userId, kind: 'image', storage_key: 'images/t/original.png', mime: 'image/png', size: 1 })
      .returning()
  )[0]!.id;
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tour that has what publishing needs. */
const complete = () => ({
  organizer_id: anna.organizerId,
  name: 'Altai: the Golden Mountains',
  screen_name: 'altai-golden-mountains',
  description: '<p>Seven days on foot <script>alert(1)</script></p>',
  price: 85000,
  duration: 2,
  group_min: 4,
  group_max: 12,
  photos: photos.map((id, i) => ({ id, alt: `Photo ${i}` })),
  cover_photo_id: photos[1],
  program: [
    { day: 1, title: 'Arrival in Gorno-Altaysk', photos: [{ id: photos[0] }] },
    { day: 2, title: 'Lake Teletskoye' },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@tour.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@tour.example', organizers: ['Kamchatka Tours'] });
  anna = { userId: a.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@tour.example')).token };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@tour.example')).token,
  };
  // the seeded catalogue (reference data on every database)
  const seeded = async (kind: string, name_en: string): Promise<number> =>
    (
      await t.database.db
        .select({ id: catalogueItems.id })
        .from(catalogueItems)
        .where(and(eq(catalogueItems.kind, kind), eq(catalogueItems.name_en, name_en)))
    )[0]!.id;
  ref.region = await seeded('region', 'Altai Republic');
  ref.city = await seeded('city', 'Gorno-Altaysk');
  ref.activity = await seeded('activity', 'Hiking');
  photos = [await image(anna), await image(anna), await image(anna)];
  const [site] = await t.database.db.select().from(partnerSites).limit(1);
  await t.database.db.insert(organizerSites).values({ organizer_id: anna.organizerId, site_id: site!.id });
  const g = await post('create-guide', boris, { organizer_id: boris.organizerId, first_name: 'Vitus' });
  borisGuide = g.body.id as number;
});
afterAll(() => t.close());

describe('guides', () => {
  it('are created, listed, changed, and deleted only with force while a tour names them', async () => {
    const org = anna.organizerId;
    const bad = await post('create-guide', anna, { organizer_id: org, first_name: ' ' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ first_name: ['Required field'] });
    const photo = await image(anna);
    const g = await post('create-guide', anna, {
      organizer_id: org,
      first_name: 'Olga',
      about: 'Botanist',
      photo_id: photo,
    });
    expect(g.status).toBe(200);
    expect(g.body).toEqual({
      id: expect.any(Number),
      tour_organizer_id: org,
      first_name: 'Olga',
      last_name: '',
      about: 'Botanist',
      photo: { id: photo, url: `/files/${photo}`, alt: '' },
      tours_count: 0,
    });
    const u = await post('update-guide', anna, {
      organizer_id: org,
      guide_id: g.body.id,
      first_name: 'Olga',
      last_name: 'Ivanova',
    });
    expect(u.body).toMatchObject({ last_name: 'Ivanova', photo: null });
    const tour = await post('create', anna, { organizer_id: org, name: 'Guided walk', guides: [g.body.id] });
    expect(tour.status).toBe(200);
    expect((await call('GET', `${P}/guides?organizer_id=${org}`, anna)).body).toEqual([
      expect.objectContaining({ first_name: 'Olga', tours_count: 1 }),
    ]);
    const refused = await post('delete-guide', anna, { organizer_id: org, guide_id: g.body.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ force: [messageText('guide_in_use', { count: 1 })] });
    expect(refused.body.codes).toEqual({ force: [{ code: 'guide_in_use', params: { count: 1 } }] });
    const deleted = await post('delete-guide', anna, { organizer_id: org, guide_id: g.body.id, force: true });
    expect(deleted.body).toEqual({ success: true });
    expect((await call('GET', `${P}/view?id=${tour.body.id}`, anna)).body.guides).toEqual([]);
  });

  it('of another organizer are not found, nor listed', async () => {
    const org = anna.organizerId;
    for (const [path, extra] of [
      ['update-guide', { first_name: 'X' }],
      ['delete-guide', { force: true }],
    ] as const) {
      const res = await post(path, anna, { organizer_id: org, guide_id: borisGuide, ...extra });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TOUR_MESSAGES.guide_not_found);
    }
    const theirs = await call('GET', `${P}/guides?organizer_id=${boris.organizerId}`, anna);
    expect(theirs.status).toBe(404);
  });
});

describe('create, view, update', () => {
  let id = 0;
  it('creates a tour with every part and shows it back', async () => {
    const g = await post('create-guide', anna, { organizer_id: anna.organizerId, first_name: 'Pavel' });
    const res = await post('create', anna, {
      ...complete(),
      type: 1,
      regions: [ref.region],
      main_activity: ref.activity,
      languages: ['ru', 'en'],
      countries: ['RU'],
      min_age: 12,
      max_age: 65,
      guides: [g.body.id],
      penalties: [
        { days_before: 30, percent: 10 },
        { days_before: 7, percent: 50 },
      ],
      discounts: { early_booking_days: [{ days_before: 60, value: 5 }] },
      accommodations: [{ name: 'Camp', nights: 1, variants: [{ name: 'Tent for two', price: 3000 }] }],
      questions: [{ question: 'Do I need a visa?', answer: 'No', added_to_voucher: true }],
      cities: [{ city_id: ref.city, arrival: { is_enabled: true, transport: ['plane'], day: 1, time: '10:00' } }],
      video_url: 'https://youtu.be/abc',
    });
    expect(res.status).toBe(200);
    const tour = res.body as unknown as Tour;
    id = tour.id;
    expect(tour).toMatchObject({
      status: 'draft',
      name: 'Altai: the Golden Mountains',
      description: '<p>Seven days on foot </p>',
      price: 85000,
      currency: 'RUB',
      booking_end_hours: 12,
      regions: [{ id: ref.region, name: 'Altai Republic' }],
      main_activity: { id: ref.activity, name: 'Hiking' },
      cover_photo_id: photos[1],
      guides: [expect.objectContaining({ first_name: 'Pavel' })],
      penalties: [
        { days_before: 30, percent: 10 },
        { days_before: 7, percent: 50 },
      ],
      discounts: { early_booking_days: [{ days_before: 60, value: 5, value_type: 'percent' }] },
      accommodations: [{ name: 'Camp', nights: 1, variants: [expect.objectContaining({ price: 3000 })] }],
      questions: [{ question: 'Do I need a visa?', answer: 'No', added_to_voucher: true }],
      alerts: ['need_add_active_dates'],
    });
    expect(tour.photos.map((p) => p.id)).toEqual(photos);
    expect(tour.program[0]).toMatchObject({ day: 1, photos: [{ id: photos[0], url: `/files/${photos[0]}` }] });
    expect(tour.cities[0]).toMatchObject({ city: { id: ref.city, name: 'Gorno-Altaysk' }, arrival: { time: '10:00' } });
    const ru = await t.app.inject({
      method: 'GET',
      url: `${P}/view?id=${id}`,
      headers: { ...bearer(anna.token), 'x-language': 'ru' },
    });
    expect((ru.json() as Tour).regions).toEqual([{ id: ref.region, name: 'Республика Алтай' }]);
    // the uploads are the organizer's now
    expect((await t.database.db.select().from(files).where(eq(files.id, photos[0]!)))[0]!.organizer_id).toBe(
      anna.organizerId,
    );
  });

  it('refuses bad input on its field and writes nothing', async () => {
    const before = await tourCount();
    const base = { organizer_id: anna.organizerId, name: 'Bad' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ group_min: 10, group_max: 5 }, 'group_max', TOUR_MESSAGES.tour_group_max_below_min],
      [{ min_age: 18, max_age: 10 }, 'max_age', TOUR_MESSAGES.tour_max_age_below_min],
      [{ price: -5 }, 'price', 'Minimum 0'],
      [{ price: 1e10 }, 'price', 'Maximum 100000000'],
      [{ screen_name: 'altai-golden-mountains' }, 'screen_name', TOUR_MESSAGES.tour_slug_taken],
      [{ screen_name: 'Altai Mountains!' }, 'screen_name', TOUR_MESSAGES.tour_slug],
      [{ guides: [borisGuide] }, 'guides.0', TOUR_MESSAGES.tour_guide_not_own],
      [{ regions: [ref.city] }, 'regions.0', TOUR_MESSAGES.tour_unknown_item],
      [{ photos: [{ id: 999999 }] }, 'photos.0.id', 'Upload the image again'],
      [{ video_url: 'https://example.com/film' }, 'video_url', TOUR_MESSAGES.tour_video_url],
      [
        { discounts: { seasonal: [{ date_from: '2026-07-10', date_to: '2026-07-01', value: 10 }] } },
        'discounts.seasonal.0.date_to',
        'The end must be later than the start',
      ],
    ];
    for (const [fields, field, text] of cases) {
      const res = await post('create', anna, { ...base, ...fields });
      expect(res.status, field).toBe(422);
      expect(res.body.errors, field).toEqual({ [field]: [text] });
    }
    expect(await tourCount()).toBe(before);
  });

  it('updates only what is sent, and checks a range against the stored half', async () => {
    const res = await post('update', anna, { id, group_max: 3 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ group_max: [TOUR_MESSAGES.tour_group_max_below_min] });
    const ok = await post('update', anna, { id, price: 90000, cover_photo_id: photos[2] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ price: 90000, cover_photo_id: photos[2], group_max: 12, name: complete().name });
    expect((ok.body as unknown as Tour).program).toHaveLength(2);
  });

  it('warns when the duration and the programme differ, unless told to save anyway', async () => {
    const res = await post('update', anna, { id, duration: 5, name: 'Renamed' });
    expect(res.status).toBe(422);
    expect(res.body.codes).toEqual({
      duration: [{ code: 'tour_duration_mismatch', params: { days: 2, duration: 5 } }],
    });
    expect((await call('GET', `${P}/view?id=${id}`, anna)).body.name).toBe(complete().name);
    const saved = await post('update', anna, { id, duration: 5, save_without_duration_checking: true });
    expect(saved.body.duration).toBe(5);
    await post('update', anna, { id, duration: 2 });
  });
});

describe('status, preliminary flags, copies', () => {
  it('publishing names what a tour still needs; then publishes and sends it to moderation', async () => {
    const draft = await post('create', anna, { organizer_id: anna.organizerId, name: 'Half done' });
    const res = await post('publish', anna, { id: draft.body.id });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!).sort()).toEqual([
      'description',
      'duration',
      'group_max',
      'photos',
      'price',
      'program',
    ]);
    expect(res.body.errors!.photos).toEqual([TOUR_MESSAGES.tour_required_to_publish]);

    const made = await post('create', anna, { ...complete(), screen_name: 'ready', with_publish: true });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: 'published', sites: [{ status: 'moderation' }] });
    const id = made.body.id as number;
    const published = async () =>
      (
        await t.database.db
          .select({ organizer_id: domainEvents.organizer_id, payload: domainEvents.payload })
          .from(domainEvents)
          .where(and(eq(domainEvents.type, 'tour.published'), eq(domainEvents.aggregate_id, id)))
      ).length;
    expect(await published()).toBe(1);
    expect((await post('draft', anna, { id })).body).toMatchObject({
      status: 'draft',
      sites: [{ status: 'unpublished' }],
    });
    expect((await post('archive', anna, { id })).body.status).toBe('archived');
    const refused = await post('publish', anna, { id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ status: [TOUR_MESSAGES.tour_archived] });
    expect((await post('publish', anna, { id, force_draft: true })).body).toMatchObject({
      status: 'published',
      sites: [{ status: 'moderation' }],
    });
    // a refused publish recorded nothing; each publish one event
    expect(await published()).toBe(2);
  });

  it('a failed publish with a save writes nothing', async () => {
    const before = await tourCount();
    const res = await post('create', anna, { organizer_id: anna.organizerId, name: 'Not yet', with_publish: true });
    expect(res.status).toBe(422);
    expect(await tourCount()).toBe(before);
  });

  it('changes the preliminary flags, with the alerts', async () => {
    const made = await post('create', anna, { organizer_id: anna.organizerId, name: 'Preliminary' });
    const id = made.body.id as number;
    const res = await post('change-dates-preliminary', anna, { id, value: true });
    expect(res.body).toMatchObject({
      is_dates_preliminary: true,
      alerts: ['dates_preliminary', 'need_update_preliminary_dates', 'need_add_active_dates'],
    });
    expect((await post('change-program-preliminary', anna, { id, value: true })).body.is_program_preliminary).toBe(
      true,
    );
  });

  it('copies content, programme, media and guides, not dates', async () => {
    const g = await post('create-guide', anna, { organizer_id: anna.organizerId, first_name: 'Ivan' });
    const source = await post('create', anna, { ...complete(), screen_name: 'to-copy', guides: [g.body.id] });
    const sourceId = source.body.id as number;
    await t.database.db.insert(tourDates).values({
      tour_id: sourceId,
      date_start: day(10),
      date_end: day(11),
      price: '85000',
      days: 2,
      number_of_seats: 10,
      number_of_free_seats: 10,
    });
    const copy = await post('create-copy', anna, { id: sourceId, organizer_id: anna.organizerId });
    expect(copy.status).toBe(200);
    const c = copy.body as unknown as Tour;
    expect(c).toMatchObject({ name: `${complete().name} (copy)`, status: 'draft', screen_name: '', price: 85000 });
    expect(c.id).not.toBe(sourceId);
    expect(c.photos.map((p) => p.id)).toEqual(photos);
    expect(c.program.map((d) => d.title)).toEqual(['Arrival in Gorno-Altaysk', 'Lake Teletskoye']);
    expect(c.guides.map((x) => x.first_name)).toEqual(['Ivan']);
    expect(await t.database.db.select().from(tourDates).where(eq(tourDates.tour_id, c.id))).toEqual([]);
    expect(c.alerts).toEqual(['need_add_active_dates']);
  });
});

describe('list', () => {
  it('filters by status, type and name; shows the cover, next dates with free seats, sites and alerts', async () => {
    const org = anna.organizerId;
    const walk = await post('create', anna, { organizer_id: org, name: 'Evening walk in Barnaul', type: 2 });
    const dated = await post('create', anna, { ...complete(), screen_name: 'dated', name: 'Dated tour' });
    const id = dated.body.id as number;
    await t.database.db.insert(tourDates).values([
      {
        tour_id: id,
        date_start: day(-5),
        date_end: day(-4),
        price: '1',
        days: 2,
        number_of_seats: 5,
        number_of_free_seats: 5,
      },
      {
        tour_id: id,
        date_start: day(3),
        date_end: day(4),
        price: '1',
        days: 2,
        number_of_seats: 5,
        number_of_free_seats: 0,
      },
      {
        tour_id: id,
        date_start: day(20),
        date_end: day(21),
        price: '1',
        days: 2,
        number_of_seats: 8,
        number_of_free_seats: 6,
      },
    ]);
    const list = async (q: string) =>
      (await call('GET', `${P}/list?organizer_id=${org}${q}`, anna)).body as unknown as TourListResponse;
    const all = await list('');
    expect(all.total).toBe(all.items.length);
    const item = all.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({
      photo: { id: photos[1] },
      nearest_date: day(3),
      dates_count: 2,
      next_dates: [{ date_start: day(20), number_of_seats: 8, number_of_free_seats: 6 }],
      alerts: [],
      sites: [],
    });
    expect((await list('&type=2')).items.map((i) => i.id)).toEqual([walk.body.id]);
    expect((await list('&search=barnaul')).items.map((i) => i.name)).toEqual(['Evening walk in Barnaul']);
    expect((await list('&status=archived')).items.every((i) => i.status === 'archived')).toBe(true);
    expect((await list('&search=%25')).items).toEqual([]);
    const short = await list('&format=short');
    expect(short.items.find((i) => i.id === id)).toMatchObject({ photo: null, next_dates: [], alerts: [] });
  });

  it('gives a page of `limit` tours, newest first, with the total the filters find', async () => {
    const org = anna.organizerId;
    const all = (await call('GET', `${P}/list?organizer_id=${org}`, anna)).body as unknown as TourListResponse;
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    const page = async (n: number) =>
      (await call('GET', `${P}/list?organizer_id=${org}&limit=2&page=${n}`, anna)).body as unknown as TourListResponse;
    const first = await page(1);
    const second = await page(2);
    expect(first.total).toBe(all.items.length);
    expect(first.items.map((i) => i.id)).toEqual(all.items.slice(0, 2).map((i) => i.id));
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    expect((await page(1000)).items).toEqual([]);
    const tooBig = await call('GET', `${P}/list?organizer_id=${org}&limit=101`, anna);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toHaveProperty('limit');
  });
});

describe('catalogue', () => {
  type Items = { items: { id: number; name: string }[] };
  const catalogue = async (query: string, lang = 'en') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/catalogue?${query}`,
      headers: { ...bearer(anna.token), 'x-language': lang },
    });
    return { status: res.statusCode, body: res.json() as Items & Body };
  };

  it('is seeded with the main destinations, showplaces and activities, named in the caller’s language', async () => {
    const en = await catalogue('kind=city');
    expect(en.status).toBe(200);
    expect(en.body.items.length).toBeGreaterThanOrEqual(60);
    expect(en.body.items).toContainEqual({ id: ref.city, name: 'Gorno-Altaysk' });
    const names = en.body.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const ru = await catalogue('kind=city', 'ru');
    expect(ru.body.items).toContainEqual({ id: ref.city, name: 'Горно-Алтайск' });
    expect((await catalogue('kind=region')).body.items.length).toBeGreaterThanOrEqual(30);
    for (const kind of ['rest_kind', 'collection', 'showplace', 'activity'])
      expect((await catalogue(`kind=${kind}`)).body.items.length, kind).toBeGreaterThanOrEqual(10);
    // search: part of the name in either language
    const olkhon = await catalogue(`kind=showplace&search=${encodeURIComponent('ольхон')}`, 'en');
    expect(olkhon.body.items).toEqual([{ id: expect.any(Number), name: 'Olkhon Island' }]);
    expect((await catalogue('kind=activity&search=raft', 'ru')).body.items).toEqual([
      { id: expect.any(Number), name: 'Рафтинг' },
    ]);
    expect((await catalogue('kind=city&search=%25')).body.items).toEqual([]);
    expect((await catalogue('kind=planet')).status).toBe(422);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const total = async () => (await t.database.db.select({ n: count() }).from(catalogueItems))[0]!.n;
    const before = await total();
    expect(before).toBe(CATALOGUE.length);
    await seedCatalogue(t.database.db);
    expect(await total()).toBe(before);
  });

  it('gives tour update seeded ids and refuses an unknown one', async () => {
    const created = await post('create', anna, { organizer_id: anna.organizerId, name: 'Kazan weekend' });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const kazan = (await catalogue('kind=city&search=kazan')).body.items[0]!;
    const tatarstan = (await catalogue('kind=region&search=tatarstan')).body.items[0]!;
    const ok = await post('update', anna, { id, host_cities: [kazan.id], regions: [tatarstan.id] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      host_cities: [{ id: kazan.id, name: 'Kazan' }],
      regions: [{ id: tatarstan.id, name: 'Tatarstan' }],
    });
    const unknown = await post('update', anna, { id, host_cities: [kazan.id, 99_999_999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'host_cities.1': [TOUR_MESSAGES.tour_unknown_item] });
    const wrongKind = await post('update', anna, { id, host_cities: [tatarstan.id] });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual({ 'host_cities.0': [TOUR_MESSAGES.tour_unknown_item] });
  });
});

describe('default penalties', () => {
  it("are the organizer's cancellation penalties, latest first", async () => {
    await call('POST', '/crm/api/organizer/update', anna, {
      id: anna.organizerId,
      penalties: [
        { days_before: 3, percent: 100 },
        { days_before: 14, percent: 30 },
      ],
    });
    const res = await call('GET', `${P}/default-penalties?organizer_id=${anna.organizerId}`, anna);
    expect(res.body).toEqual([
      { days_before: 14, percent: 30 },
      { days_before: 3, percent: 100 },
    ]);
  });
});

describe('a second tenant', () => {
  it("gets 404 for the first one's tours and organizer, sees none of them, changes nothing", async () => {
    const [tour] = await t.database.db.select().from(tours).where(eq(tours.organizer_id, anna.organizerId)).limit(1);
    const id = tour!.id;
    const snapshot = async () => JSON.stringify(await t.database.db.select().from(tours).orderBy(tours.id));
    const before = await snapshot();
    const guidesBefore = await t.database.db.select().from(tourGuides);
    const statusesBefore = await t.database.db.select().from(tourSiteStatuses);
    for (const [method, path, payload] of [
      ['GET', `view?id=${id}`],
      ['POST', 'update', { id, name: 'Mine now' }],
      ['POST', 'publish', { id }],
      ['POST', 'draft', { id }],
      ['POST', 'archive', { id }],
      ['POST', 'change-dates-preliminary', { id, value: true }],
      ['POST', 'change-program-preliminary', { id, value: true }],
      ['POST', 'create-copy', { id, organizer_id: boris.organizerId }],
      ['POST', 'create-copy', { id, organizer_id: anna.organizerId }],
    ] as const) {
      const res = await call(method, `${P}/${path}`, boris, payload);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe(TOUR_MESSAGES.tour_not_found);
    }
    for (const [method, path, payload] of [
      ['GET', `list?organizer_id=${anna.organizerId}`],
      ['GET', `default-penalties?organizer_id=${anna.organizerId}`],
      ['POST', 'create', { organizer_id: anna.organizerId, name: 'Intruder' }],
      ['GET', `guides?organizer_id=${anna.organizerId}`],
      ['POST', 'create-guide', { organizer_id: anna.organizerId, first_name: 'Intruder' }],
    ] as const) {
      const res = await call(method, `${P}/${path}`, boris, payload);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe('Organizer not found');
    }
    const own = await call('GET', `${P}/list?organizer_id=${boris.organizerId}`, boris);
    expect(own.body).toEqual({ items: [], total: 0 });
    expect(await snapshot()).toBe(before);
    expect(await t.database.db.select().from(tourGuides)).toEqual(guidesBefore);
    expect(await t.database.db.select().from(tourSiteStatuses)).toEqual(statusesBefore);
  });
});
