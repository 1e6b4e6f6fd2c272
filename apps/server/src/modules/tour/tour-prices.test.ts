import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCode, TourPrices } from '@tourdesk/contract';
import { promoCodes, tourExtras, tours, tourTravellerCategories } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

/*
 * A tour's traveller categories and extras, an organizer's promo codes (issue 26): every tour has
 * its adult, bad input is a field error with its code (en and ru texts: the web's locales) and
 * writes nothing, another tenant's tour or code is 404.
 */
let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
let tourId = 0;

type Body = Record<string, unknown> & {
  errors?: Record<string, string[]>;
  codes?: Record<string, { code: string; params?: Record<string, unknown> }[]>;
};
const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'x-language': 'en' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const adult = { code: 'adult', name_en: 'Adult', name_ru: 'Взрослый', pricing: 'base' };
const saveCategories = (categories: unknown[], who = anna, tour = tourId) =>
  call('POST', '/crm/api/tour/save-traveller-categories', who, { tour_id: tour, categories });
const rows = async () => ({
  categories: await t.database.db
    .select()
    .from(tourTravellerCategories)
    .where(eq(tourTravellerCategories.tour_id, tourId)),
  extras: await t.database.db.select().from(tourExtras).where(eq(tourExtras.tour_id, tourId)),
  codes: await t.database.db.select().from(promoCodes),
});

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@tour-prices.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@tour-prices.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@tour-prices.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@tour-prices.example')).token };
  tourId = (await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, name: 'Altai' })).body
    .id as number;
});
afterAll(() => t.close());

describe('traveller categories', () => {
  it('every tour has its adult from the start, a copy too, priced at the departure’s price', async () => {
    const res = await call('GET', `/crm/api/tour/prices?tour_id=${tourId}`, anna);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      categories: [
        {
          id: expect.any(Number),
          code: 'adult',
          name_en: 'Adult',
          name_ru: 'Взрослый',
          age_from: null,
          age_to: null,
          pricing: 'base',
          value: 0,
          takes_seat: true,
          min_per_booking: 0,
          max_per_booking: null,
        },
      ],
      extras: [],
    });
    const copy = await call('POST', '/crm/api/tour/create-copy', anna, { id: tourId, organizer_id: anna.organizerId });
    expect(copy.status).toBe(200);
    const copyId = copy.body.id as number;
    const copied = await t.database.db
      .select({ n: count() })
      .from(tourTravellerCategories)
      .where(eq(tourTravellerCategories.tour_id, copyId));
    expect(copied).toEqual([{ n: 1 }]);
  });

  it('saves adult, child −30 % and an infant on a lap; ids kept, a category left out removed', async () => {
    const [first] = (await rows()).categories;
    const res = await saveCategories([
      // the adult always takes a seat, whatever is sent
      { ...adult, id: first!.id, age_from: 12, takes_seat: false },
      {
        code: 'child',
        name_en: 'Child',
        name_ru: 'Ребёнок',
        age_from: 2,
        age_to: 11,
        pricing: 'percent_off',
        value: 30,
      },
      { code: 'infant', name_en: 'Infant', name_ru: 'Младенец', age_to: 1, pricing: 'fixed', takes_seat: false },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as unknown as TourPrices;
    expect(saved.categories.map((c) => [c.code, c.age_from, c.age_to, c.pricing, c.value, c.takes_seat])).toEqual([
      ['adult', 12, null, 'base', 0, true],
      ['child', 2, 11, 'percent_off', 30, true],
      ['infant', null, 1, 'fixed', 0, false],
    ]);
    expect(saved.categories[0]!.id).toBe(first!.id);
    const fewer = await saveCategories([saved.categories[0], saved.categories[1]]);
    expect((fewer.body as unknown as TourPrices).categories.map((c) => c.code)).toEqual(['adult', 'child']);
  });

  it.each([
    [
      'overlapping ages',
      [
        { ...adult, age_from: 12 },
        { code: 'child', name_en: 'Child', name_ru: 'Ребёнок', age_from: 2, age_to: 12, pricing: 'fixed', value: 10 },
      ],
      { 'categories.1.age_from': ['category_ages_overlap'] },
    ],
    [
      'an empty age range',
      [adult, { code: 'child', name_en: 'Child', name_ru: '', age_from: 11, age_to: 2, pricing: 'base' }],
      { 'categories.1.age_to': ['category_ages_empty'] },
    ],
    ['no adult', [{ ...adult, code: 'senior' }], { categories: ['category_adult_required'] }],
    ['two adults', [adult, { ...adult, name_en: 'Grown-up' }], { categories: ['category_adult_required'] }],
    [
      'an adult not at the base price',
      [{ ...adult, pricing: 'fixed', value: 5 }],
      { 'categories.0.pricing': ['category_adult_base'] },
    ],
    [
      'a negative price',
      [adult, { ...adult, code: 'student', pricing: 'fixed', value: -1 }],
      { 'categories.1.value': ['min_value'] },
    ],
    [
      'a percent over 100',
      [adult, { ...adult, code: 'student', pricing: 'percent_off', value: 130 }],
      { 'categories.1.value': ['promo_percent_over_100'] },
    ],
    [
      'min over max',
      [{ ...adult, min_per_booking: 3, max_per_booking: 2 }],
      { 'categories.0.min_per_booking': ['category_min_over_max'] },
    ],
    ['no name', [{ ...adult, name_en: '', name_ru: '' }], { 'categories.0.name_en': ['required'] }],
  ])('refuses %s with a field error, nothing written', async (_name, categories, codes) => {
    const before = await rows();
    const res = await saveCategories(categories);
    expect(res.status).toBe(422);
    expect(Object.fromEntries(Object.entries(res.body.codes!).map(([k, v]) => [k, v.map((c) => c.code)]))).toEqual(
      codes,
    );
    expect(await rows()).toEqual(before);
  });

  it('another tenant’s tour, or another tour’s category id: 404 and 422, nothing written', async () => {
    const before = await rows();
    expect((await call('GET', `/crm/api/tour/prices?tour_id=${tourId}`, boris)).status).toBe(404);
    expect((await saveCategories([adult], boris)).status).toBe(404);
    const borisTour = await call('POST', '/crm/api/tour/create', boris, { organizer_id: boris.organizerId, name: 'K' });
    const borisAdult = (
      (await call('GET', `/crm/api/tour/prices?tour_id=${borisTour.body.id as number}`, boris))
        .body as unknown as TourPrices
    ).categories[0]!;
    const foreign = await saveCategories([{ ...adult, id: borisAdult.id }]);
    expect(foreign.body.errors).toEqual({ 'categories.0.id': ['Choose a traveller category of this tour'] });
    expect(await rows()).toEqual(before);
  });
});

describe('extras', () => {
  it('saves per-booking and per-traveller extras with a stock; refuses a nameless or negative one', async () => {
    const res = await call('POST', '/crm/api/tour/save-extras', anna, {
      tour_id: tourId,
      extras: [
        { name_en: 'Single room', name_ru: 'Одноместный номер', price: 7000.5, stock: 4 },
        { name_en: 'Insurance', name_ru: 'Страховка', price: 333.33, per: 'traveller', is_mandatory: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      (res.body as unknown as TourPrices).extras.map((e) => [e.name_en, e.price, e.per, e.is_mandatory, e.stock]),
    ).toEqual([
      ['Single room', 7000.5, 'booking', false, 4],
      ['Insurance', 333.33, 'traveller', true, null],
    ]);
    const before = await rows();
    const bad = await call('POST', '/crm/api/tour/save-extras', anna, {
      tour_id: tourId,
      extras: [{ name_en: '', name_ru: '', price: 1 }],
    });
    expect(bad.body.errors).toEqual({ 'extras.0.name_en': ['Name the extra in English or Russian'] });
    const negative = await call('POST', '/crm/api/tour/save-extras', anna, {
      tour_id: tourId,
      extras: [{ name_en: 'x', name_ru: '', price: -5 }],
    });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors!)).toEqual(['extras.0.price']);
    expect(await rows()).toEqual(before);
  });
});

describe('promo codes', () => {
  const promo = (extra: Record<string, unknown> = {}) => ({
    organizer_id: anna.organizerId,
    code: 'spring-15',
    value_type: 'percent',
    value: 15,
    ...extra,
  });

  it('creates, lists, updates and deletes an organizer’s code, upper-cased; other tenants see none', async () => {
    const made = await call('POST', '/crm/api/promo-code/create', anna, promo({ tour_ids: [tourId], uses_total: 5 }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const code = made.body as unknown as PromoCode;
    expect(code).toMatchObject({
      code: 'SPRING-15',
      tour_ids: [tourId],
      uses_total: 5,
      uses_count: 0,
      is_combinable: false,
    });
    expect((await call('GET', `/crm/api/promo-code/list?organizer_id=${anna.organizerId}`, anna)).body.items).toEqual([
      code,
    ]);
    expect((await call('GET', `/crm/api/promo-code/list?organizer_id=${anna.organizerId}`, boris)).status).toBe(404);
    expect(
      (await call('POST', '/crm/api/promo-code/update', boris, { id: code.id, ...promo(), organizer_id: undefined }))
        .status,
    ).toBe(404);
    expect((await call('POST', '/crm/api/promo-code/delete', boris, { id: code.id })).status).toBe(404);
    const { organizer_id: _o, ...terms } = promo({ value: 20, is_combinable: true });
    const updated = await call('POST', '/crm/api/promo-code/update', anna, { id: code.id, ...terms });
    expect(updated.body).toMatchObject({ value: 20, is_combinable: true, tour_ids: [] });
    expect((await call('POST', '/crm/api/promo-code/delete', anna, { id: code.id })).body).toEqual({ success: true });
    expect((await rows()).codes).toEqual([]);
  });

  it.each([
    ['a taken code (any case)', { code: 'TAKEN' }, { code: ['promo_code_taken'] }],
    ['a percent over 100', { value: 101 }, { value: ['promo_percent_over_100'] }],
    [
      'an end before the start',
      { valid_from: '2030-05-02', valid_to: '2030-05-01' },
      { valid_to: ['end_before_start'] },
    ],
    ['a code with spaces', { code: 'two words' }, { code: ['incorrect_value'] }],
  ])('refuses %s', async (_name, extra, codes) => {
    if (_name.startsWith('a taken')) await call('POST', '/crm/api/promo-code/create', anna, promo({ code: 'taken' }));
    const before = await rows();
    const res = await call('POST', '/crm/api/promo-code/create', anna, promo(extra));
    expect(res.status).toBe(422);
    expect(Object.fromEntries(Object.entries(res.body.codes!).map(([k, v]) => [k, v.map((c) => c.code)]))).toEqual(
      codes,
    );
    expect(await rows()).toEqual(before);
  });

  it('refuses a tour of another organizer', async () => {
    const borisTour = await call('POST', '/crm/api/tour/create', boris, { organizer_id: boris.organizerId, name: 'B' });
    const res = await call(
      'POST',
      '/crm/api/promo-code/create',
      anna,
      promo({ code: 'FOREIGN', tour_ids: [borisTour.body.id] }),
    );
    expect(res.body.errors).toEqual({ tour_ids: ['Choose a value from the list'] });
    expect(
      await t.database.db
        .select()
        .from(tours)
        .where(eq(tours.id, borisTour.body.id as number)),
    ).toHaveLength(1);
  });
});
