import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_LIST_COUNT_CAP,
  REQUEST_SOURCES,
  encodeRequestListFilters,
  messageText,
  type RequestListFilters,
  type RequestListItem,
  type RequestListResponse,
} from '@tourdesk/contract';
import { organizerMembers, requests, requestSearchFilters } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';
import { parseRequestSearch, requestSearchText } from './request-search';

let t: TestApp;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
/** a second member of Anna's organizer: her own saved filters */
let alex: Who;
let boris: Who;
let altai = 0;
let baikal = 0;
let borisTour = 0;
let altaiDate = 0;
const P = '/crm/api/request';

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; message?: string };
const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const qs = (q: Record<string, string | number | undefined>): string =>
  new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [string, string][],
  ).toString();
const get = (path: string, who: Who | null, q: Record<string, string | number | undefined>) =>
  call('GET', `${P}/${path}?${qs(q)}`, who);
const list = async (
  who: Who,
  q: Record<string, string | number | undefined> = {},
  filters?: RequestListFilters,
): Promise<RequestListResponse> => {
  const res = await get('list-for-org', who, {
    organizer_id: who.organizerId,
    ...q,
    filters: filters ? encodeRequestListFilters(filters) : undefined,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as RequestListResponse;
};
const ids = (r: RequestListResponse): number[] => r.items.map((i) => i.id);

interface Seed {
  organizer_id?: number;
  tour_id?: number | null;
  tour_date_id?: number | null;
  status?: number;
  source?: string;
  is_individual_tour?: boolean;
  date_start?: string | null;
  date_end?: string | null;
  tourists_count?: number;
  total_minor?: number;
  paid_minor?: number;
  currency?: string;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  base_sale_status?: number | null;
  hold_expires_at?: Date | null;
  tourists?: { first_name?: string; last_name?: string; email?: string; phone?: string }[];
}
/** A request as the core service writes one (search_text through requestSearchText); its id. */
const insertRequest = async (s: Seed): Promise<number> => {
  const values = {
    organizer_id: s.organizer_id ?? anna.organizerId,
    tour_id: s.tour_id === undefined ? altai : s.tour_id,
    tour_date_id: s.tour_date_id === undefined ? (s.is_individual_tour ? null : altaiDate) : s.tour_date_id,
    status: s.status ?? 1,
    source: s.source ?? 'own',
    is_individual_tour: s.is_individual_tour ?? false,
    date_start: s.date_start === undefined ? '2030-06-01' : s.date_start,
    date_end: s.date_end === undefined ? '2030-06-03' : s.date_end,
    tourists_count: s.tourists_count ?? 1,
    total_minor: s.total_minor ?? 100_000,
    paid_minor: s.paid_minor ?? 0,
    currency: s.currency ?? 'RUB',
    customer_name: s.customer_name ?? '',
    customer_email: s.customer_email ?? '',
    customer_phone: s.customer_phone ?? '',
    base_sale_status: s.base_sale_status ?? null,
    hold_expires_at: s.hold_expires_at ?? null,
  };
  const [row] = await t.database.db
    .insert(requests)
    .values({ ...values, search_text: requestSearchText({ ...values, tourists: s.tourists }) })
    .returning({ id: requests.id });
  return row!.id;
};

/** Anna's named requests, by what each is for. */
const R = {} as Record<
  | 'ivanova'
  | 'petrov'
  | 'smith'
  | 'yolkin'
  | 'individual'
  | 'individualCanceled'
  | 'prepaid'
  | 'agent'
  | 'third'
  | 'noDate'
  | 'tourists',
  number
>;
const fillers: number[] = [];
const HOLD = new Date('2030-01-01T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@list.example', organizers: ['Altai Trails'] });
  const x = await createUser(t.database, { email: 'alex@list.example' });
  const b = await createUser(t.database, { email: 'boris@list.example', organizers: ['Kamchatka Tours'] });
  await t.database.db.insert(organizerMembers).values({ organizer_id: a.organizerIds[0]!, user_id: x.userId });
  anna = { userId: a.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@list.example')).token };
  alex = { userId: x.userId, organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'alex@list.example')).token };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@list.example')).token,
  };
  const tour = async (who: Who, name: string) => {
    const res = await call('POST', '/crm/api/tour/create', who, { organizer_id: who.organizerId, name });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  altai = await tour(anna, 'Altai');
  baikal = await tour(anna, 'Baikal');
  borisTour = await tour(boris, 'Kamchatka');
  const date = await call('POST', '/crm/api/tour/save-date', anna, {
    tour_id: altai,
    date_start: '2030-06-01',
    date_end: '2030-06-03',
    price: 1000,
    number_of_seats: 40,
  });
  expect(date.status).toBe(200);
  altaiDate = date.body.id as number;

  // 22 fillers first (older ids): completed, own, Altai, September 2030
  for (let i = 0; i < 22; i += 1)
    fillers.push(
      await insertRequest({
        status: 4,
        customer_name: `Filler ${i}`,
        date_start: `2030-09-${String(i + 1).padStart(2, '0')}`,
        date_end: `2030-09-${String(i + 2).padStart(2, '0')}`,
        total_minor: 50_000,
        paid_minor: 50_000,
      }),
    );
  R.ivanova = await insertRequest({
    status: 1,
    source: 'marketplace',
    customer_name: 'Анна Иванова',
    customer_email: 'anna.ivanova@example.com',
    customer_phone: '+7 (916) 123-45-67',
    date_start: '2030-06-01',
    tourists_count: 2,
    total_minor: 1_234_550,
    paid_minor: 500_000,
    hold_expires_at: HOLD,
    base_sale_status: 2,
  });
  R.petrov = await insertRequest({
    status: 2,
    source: 'direct_sales',
    customer_name: 'Peter Petrov',
    customer_email: 'peter@mail.example',
    customer_phone: '8 903 555 00 11',
    date_start: '2030-07-10',
    date_end: '2030-07-12',
  });
  R.smith = await insertRequest({
    status: 1,
    source: 'own',
    customer_name: 'John Smith',
    customer_email: 'john.smith@travel.example',
    customer_phone: '+44 20 7946 0958',
    date_start: '2030-06-15',
  });
  R.yolkin = await insertRequest({ status: 6, customer_name: 'Пётр Ёлкин', date_start: '2030-08-01' });
  R.individual = await insertRequest({
    status: 1,
    tour_id: baikal,
    is_individual_tour: true,
    customer_name: 'Olga Baikalova',
    date_start: '2031-02-10',
    date_end: '2031-02-15',
  });
  R.individualCanceled = await insertRequest({
    status: 7,
    tour_id: baikal,
    is_individual_tour: true,
    customer_name: 'Nina Late',
    date_start: '2031-03-01',
  });
  R.prepaid = await insertRequest({
    status: 3,
    source: 'agent',
    customer_name: 'Maria Prepaid',
    date_start: '2030-06-20',
    total_minor: 300_000,
    paid_minor: 90_000,
    currency: 'EUR',
  });
  R.agent = await insertRequest({
    status: 8,
    source: 'agent',
    customer_name: 'Agent Client',
    date_start: '2030-07-01',
  });
  R.third = await insertRequest({
    status: 5,
    source: 'third_party_agent',
    customer_name: 'Third Party',
    date_start: '2030-07-20',
  });
  R.noDate = await insertRequest({
    status: 1,
    tour_id: null,
    tour_date_id: null,
    date_start: null,
    date_end: null,
    customer_name: 'No Date',
  });
  R.tourists = await insertRequest({
    status: 2,
    customer_name: 'Group Leader',
    date_start: '2030-06-05',
    tourists_count: 3,
    tourists: [
      { first_name: 'Sergey', last_name: 'Orlov', phone: '+7 999 888-77-66' },
      { first_name: 'Irina', last_name: 'Orlova', email: 'irina@orlov.example' },
    ],
  });
  // Boris's: never in Anna's lists
  await insertRequest({
    organizer_id: boris.organizerId,
    tour_id: borisTour,
    tour_date_id: null,
    customer_name: 'Anna Ivanova',
  });
  await insertRequest({
    organizer_id: boris.organizerId,
    tour_id: borisTour,
    tour_date_id: null,
    status: 3,
    source: 'agent',
  });
});
afterAll(() => t.close());

const ALL = 33;

describe('requestSearchText and the query', () => {
  it('holds the words of names and e-mails and every tail of the phone digits, lower-case, ё as е', () => {
    expect(
      requestSearchText({
        id: 5,
        customer_name: 'Пётр  Ёлкин-Smith',
        customer_email: 'Petr.Yolkin@Mail.RU',
        customer_phone: '+7 (916) 123-45',
        tourists: [{ first_name: 'Ann', last_name: "O'Neil", phone: '12' }],
      }),
    ).toBe(
      'петр елкин smith petr.yolkin@mail.ru mail.ru petr yolkin 791612345 91612345 1612345 612345 12345 2345 345 o neil ann',
    );
    expect(requestSearchText({ customer_name: '', customer_email: '', customer_phone: '8 (903) 555-00-11' })).toBe(
      '89035550011 9035550011 035550011 35550011 5550011 550011 50011 0011 011 79035550011',
    );
    expect(requestSearchText({ customer_name: '', customer_email: '', customer_phone: '' })).toBe('');
  });
  it('reads a number, a phone and words', () => {
    expect(parseRequestSearch('#123')).toEqual({ requestId: 123, tsquery: null });
    expect(parseRequestSearch('# 0')).toEqual({ requestId: 0, tsquery: null });
    expect(parseRequestSearch('123')).toEqual({ requestId: 123, tsquery: "'123':*" });
    expect(parseRequestSearch('12')).toEqual({ requestId: 12, tsquery: null });
    expect(parseRequestSearch('8 (916) 123-45-67')).toEqual({ requestId: null, tsquery: "'89161234567':*" });
    expect(parseRequestSearch('+7 916 123')).toEqual({ requestId: null, tsquery: "'7916123':*" });
    expect(parseRequestSearch('99999999999')).toEqual({ requestId: null, tsquery: "'99999999999':*" });
    expect(parseRequestSearch("Ann O'Neil")).toEqual({ requestId: null, tsquery: "'ann':* & 'o':* & 'neil':*" });
    expect(parseRequestSearch('  Ёлкин ')).toEqual({ requestId: null, tsquery: "'елкин':*" });
    expect(parseRequestSearch('!!! ---')).toEqual({ requestId: null, tsquery: null });
  });
});

describe('GET list-for-org', () => {
  it('answers a page of 20, newest first, with the total', async () => {
    const r = await list(anna);
    expect(r.total).toBe(ALL);
    expect(r.page).toBe(1);
    expect(r.limit).toBe(20);
    expect(r.items).toHaveLength(20);
    const sorted = [...ids(r)].sort((x, y) => y - x);
    expect(ids(r)).toEqual(sorted);
    expect(ids(r)[0]).toBe(R.tourists);
  });

  it('shows each row with its tour, dates, money in major units and balance', async () => {
    const r = await list(anna, {}, { query: `#${R.ivanova}` });
    expect(r.items).toEqual([
      {
        id: R.ivanova,
        status: 1,
        source: 'marketplace',
        tour: { id: altai, name: 'Altai' },
        tour_date_id: altaiDate,
        date_start: '2030-06-01',
        date_end: '2030-06-03',
        tourists_count: 2,
        price: 12345.5,
        paid_amount: 5000,
        balance: 7345.5,
        currency: 'RUB',
        customer_name: 'Анна Иванова',
        customer_email: 'anna.ivanova@example.com',
        customer_phone: '+7 (916) 123-45-67',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        hold_expires_at: HOLD.toISOString(),
        base_sale_status: 2,
        is_individual_tour: false,
      } satisfies RequestListItem,
    ]);
    const noTour = (await list(anna, {}, { query: `#${R.noDate}` })).items[0]!;
    expect(noTour).toMatchObject({ tour: null, tour_date_id: null, date_start: null, date_end: null });
    const eur = (await list(anna, {}, { query: `#${R.prepaid}` })).items[0]!;
    expect(eur).toMatchObject({ price: 3000, paid_amount: 900, balance: 2100, currency: 'EUR' });
  });

  it('pages: the second page holds the rest, a page past the end is empty with the total, up to 100 a page', async () => {
    const first = await list(anna, { page: 1, limit: 20 });
    const second = await list(anna, { page: 2, limit: 20 });
    expect(second.items).toHaveLength(ALL - 20);
    expect(second.page).toBe(2);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(ALL);
    expect(Math.min(...ids(first))).toBeGreaterThan(Math.max(...ids(second)));
    const past = await list(anna, { page: 3, limit: 20 });
    expect(past).toEqual({ items: [], total: ALL, total_exact: true, page: 3, limit: 20 });
    const big = await list(anna, { limit: 100 });
    expect(big.items).toHaveLength(ALL);
    expect(big.total).toBe(ALL);
    const small = await list(anna, { limit: 1, page: ALL });
    expect(ids(small)).toEqual([Math.min(...fillers)]);
    expect(small.total).toBe(ALL);
  });

  it('narrows by group: new, awaiting prepayment, prepaid, completed, canceled', async () => {
    const byGroup = async (group_id: number) => new Set(ids(await list(anna, { group_id, limit: 100 })));
    expect(await byGroup(1)).toHaveProperty('size', ALL);
    expect(await byGroup(2)).toEqual(new Set([R.ivanova, R.smith, R.individual, R.noDate]));
    expect(await byGroup(3)).toEqual(new Set([R.petrov, R.tourists]));
    expect(await byGroup(4)).toEqual(new Set([R.prepaid]));
    expect(await byGroup(5)).toEqual(new Set(fillers));
    expect(await byGroup(6)).toEqual(new Set([R.yolkin, R.individualCanceled, R.agent, R.third]));
  });

  it('narrows by kind (is_individual_tour) and by base_sale_status', async () => {
    expect(new Set(ids(await list(anna, { is_individual_tour: 1 })))).toEqual(
      new Set([R.individual, R.individualCanceled]),
    );
    expect((await list(anna, { is_individual_tour: 0 })).total).toBe(ALL - 2);
    expect(ids(await list(anna, { base_sale_status: 2 }))).toEqual([R.ivanova]);
    expect((await list(anna, { base_sale_status: 5 })).total).toBe(0);
  });

  it('filters by each filter alone', async () => {
    const f = async (filters: RequestListFilters) => new Set(ids(await list(anna, { limit: 100 }, filters)));
    expect(await f({ tour_ids: [baikal] })).toEqual(new Set([R.individual, R.individualCanceled]));
    expect((await f({ tour_ids: [altai] })).size).toBe(ALL - 3); // all but Baikal's two and the tourless one
    expect(await f({ tour_ids: [borisTour] })).toEqual(new Set());
    expect(await f({ statuses: [3, 7] })).toEqual(new Set([R.prepaid, R.individualCanceled]));
    expect(await f({ sources: ['agent'] })).toEqual(new Set([R.prepaid, R.agent]));
    expect(await f({ sources: ['marketplace', 'third_party_agent'] })).toEqual(new Set([R.ivanova, R.third]));
    expect(await f({ date_from: '2031-01-01' })).toEqual(new Set([R.individual, R.individualCanceled]));
    expect(await f({ date_to: '2030-06-05' })).toEqual(new Set([R.ivanova, R.tourists]));
    expect(await f({ date_from: '2030-07-01', date_to: '2030-07-20' })).toEqual(new Set([R.petrov, R.agent, R.third]));
    expect(await f({ query: 'smith' })).toEqual(new Set([R.smith]));
    expect(await f({})).toHaveProperty('size', ALL);
  });

  it('combines filters, the group and the kind (AND)', async () => {
    const f = async (q: Record<string, number>, filters: RequestListFilters) =>
      new Set(ids(await list(anna, { limit: 100, ...q }, filters)));
    expect(
      await f({}, { tour_ids: [altai], statuses: [1, 2], sources: ['marketplace', 'direct_sales', 'own'] }),
    ).toEqual(new Set([R.ivanova, R.petrov, R.smith, R.tourists]));
    expect(await f({}, { statuses: [1, 2], date_from: '2030-06-02', date_to: '2030-07-31', query: 'pet' })).toEqual(
      new Set([R.petrov]),
    );
    // the group's statuses narrowed by the filter's: none in common → nothing
    expect(await f({ group_id: 2 }, { statuses: [3] })).toEqual(new Set());
    expect(await f({ group_id: 6 }, { statuses: [5, 6, 1] })).toEqual(new Set([R.yolkin, R.third]));
    expect(await f({ group_id: 2, is_individual_tour: 1 }, {})).toEqual(new Set([R.individual]));
    expect(await f({ group_id: 6, is_individual_tour: 0 }, { sources: ['agent'] })).toEqual(new Set([R.agent]));
  });

  describe('search', () => {
    const found = async (query: string) => new Set(ids(await list(anna, { limit: 100 }, { query })));
    it('by name: word beginnings, any case, any order, Cyrillic, ё as е', async () => {
      expect(await found('Иванова')).toEqual(new Set([R.ivanova]));
      expect(await found('ива')).toEqual(new Set([R.ivanova]));
      expect(await found('ИВАНОВА анна')).toEqual(new Set([R.ivanova]));
      expect(await found('peter petrov')).toEqual(new Set([R.petrov]));
      expect(await found('ёлкин')).toEqual(new Set([R.yolkin]));
      expect(await found('елкин петр')).toEqual(new Set([R.yolkin]));
      expect(await found('vanova')).toEqual(new Set());
      expect(await found('Ivanov Smith')).toEqual(new Set());
    });
    it('by tourists named on the request', async () => {
      expect(await found('orlov')).toEqual(new Set([R.tourists]));
      expect(await found('irina')).toEqual(new Set([R.tourists]));
      expect(await found('irina@orlov.example')).toEqual(new Set([R.tourists]));
      expect(await found('999 888')).toEqual(new Set([R.tourists]));
    });
    it('by phone, however it is written', async () => {
      for (const q of ['+7 (916) 123-45-67', '79161234567', '89161234567', '8 916 123 45 67', '916-123', '4567'])
        expect(await found(q), q).toEqual(new Set([R.ivanova]));
      expect(await found('+7 903 555 0011')).toEqual(new Set([R.petrov]));
      expect(await found('555 00')).toEqual(new Set([R.petrov]));
      expect(await found('020 7946 0958')).toEqual(new Set());
      expect(await found('7946 0958')).toEqual(new Set([R.smith]));
      expect(await found('+7 000 000')).toEqual(new Set());
    });
    it('by e-mail, whole or in part', async () => {
      expect(await found('anna.ivanova@example.com')).toEqual(new Set([R.ivanova]));
      expect(await found('ANNA.IVANOVA@')).toEqual(new Set([R.ivanova]));
      expect(await found('john.smith@travel')).toEqual(new Set([R.smith]));
      expect(await found('travel.example')).toEqual(new Set([R.smith]));
      expect(await found('@example.com')).toEqual(new Set([R.ivanova]));
      expect(await found('mail.example')).toEqual(new Set([R.petrov]));
      expect(await found('anna.ivan')).toEqual(new Set([R.ivanova]));
      expect(await found('example')).toEqual(new Set([R.ivanova])); // the beginning of a domain
      expect(await found('peter@mail')).toEqual(new Set([R.petrov]));
      expect(await found('nobody@example.com')).toEqual(new Set());
    });
    it('by request number: #n that request only, n that request or phones holding n', async () => {
      expect(await found(`#${R.smith}`)).toEqual(new Set([R.smith]));
      expect(await found(`# ${R.smith}`)).toEqual(new Set([R.smith]));
      expect(await found(String(R.smith))).toContain(R.smith);
      expect(await found('#999999')).toEqual(new Set());
      expect(await found('#99999999999')).toEqual(new Set());
      // a number of Boris's request is not Anna's
      const boriss = (await list(boris, { limit: 100 })).items.map((i) => i.id);
      expect(await found(`#${boriss[0]}`)).toEqual(new Set());
      // Boris's Anna Ivanova is his
      expect(new Set(ids(await list(boris, {}, { query: 'anna ivanova' })))).toEqual(new Set([boriss.at(-1)]));
    });
    it('text with nothing to search by (punctuation) does not narrow; a quote or a backslash is text', async () => {
      expect((await list(anna, {}, { query: '!!! ---' })).total).toBe(ALL);
      expect(await found("o'neil \\ 'x")).toEqual(new Set());
      expect(await found(':* | !')).toHaveProperty('size', ALL);
    });
  });

  it('bad input is a 422 on its field', async () => {
    const bad = async (q: Record<string, string | number>, field: string) => {
      const res = await get('list-for-org', anna, { organizer_id: anna.organizerId, ...q });
      expect(res.status, `${JSON.stringify(q)} → ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    };
    await bad({ limit: 101 }, 'limit');
    await bad({ limit: 0 }, 'limit');
    await bad({ page: 0 }, 'page');
    await bad({ page: 'x' }, 'page');
    await bad({ group_id: 7 }, 'group_id');
    await bad({ group_id: 0 }, 'group_id');
    await bad({ is_individual_tour: 2 }, 'is_individual_tour');
    await bad({ base_sale_status: 9 }, 'base_sale_status');
    await bad({ filters: 'not json' }, 'filters');
    await bad({ filters: '[1]' }, 'filters');
    await bad({ filters: JSON.stringify({ tour_ids: [0] }) }, 'filters.tour_ids.0');
    await bad({ filters: JSON.stringify({ tour_ids: 'x' }) }, 'filters.tour_ids');
    await bad({ filters: JSON.stringify({ statuses: [9] }) }, 'filters.statuses.0');
    await bad({ filters: JSON.stringify({ sources: ['partner'] }) }, 'filters.sources.0');
    await bad({ filters: JSON.stringify({ date_from: '2030-13-01' }) }, 'filters.date_from');
    await bad({ filters: JSON.stringify({ date_from: '2030-07-02', date_to: '2030-07-01' }) }, 'filters.date_to');
    await bad({ filters: JSON.stringify({ query: 'x'.repeat(101) }) }, 'filters.query');
    await bad({ filters: JSON.stringify({ query: 'a\u0000b' }) }, 'filters.query');
    await bad({ filters: JSON.stringify({ tour: 1 }) }, 'filters.tour');
    await bad({ unknown: 1 }, 'unknown');
    const res = await get('list-for-org', anna, { organizer_id: anna.organizerId, filters: '{"statuses":[9]}' });
    expect(res.body.errors?.['filters.statuses.0']?.[0]).toBeTruthy();
  });
});

describe('GET groups and count-for-org', () => {
  it('answers the six groups with their statuses and counts, of both kinds or one', async () => {
    const res = await get('groups', anna, { organizer_id: anna.organizerId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { id: 1, key: 'all', name: 'All', statuses: [1, 2, 3, 4, 5, 6, 7, 8], count: ALL, count_exact: true },
        { id: 2, key: 'new', name: 'New', statuses: [1], count: 4, count_exact: true },
        { id: 3, key: 'awaiting_prepayment', name: 'Awaiting prepayment', statuses: [2], count: 2, count_exact: true },
        { id: 4, key: 'prepaid', name: 'Prepaid', statuses: [3], count: 1, count_exact: true },
        { id: 5, key: 'completed', name: 'Completed', statuses: [4], count: 22, count_exact: true },
        { id: 6, key: 'canceled', name: 'Canceled', statuses: [5, 6, 7, 8], count: 4, count_exact: true },
      ],
    });
    const individual = (await get('groups', anna, { organizer_id: anna.organizerId, is_individual_tour: 1 })).body
      .items as { count: number }[];
    expect(individual.map((g) => g.count)).toEqual([2, 1, 0, 0, 0, 1]);
    const departures = (await get('groups', anna, { organizer_id: anna.organizerId, is_individual_tour: 0 })).body
      .items as { count: number }[];
    expect(departures.map((g) => g.count)).toEqual([ALL - 2, 3, 2, 1, 22, 3]);
    // each group's count is its list's total
    for (const g of res.body.items as { id: number; count: number }[])
      expect((await list(anna, { group_id: g.id })).total).toBe(g.count);
  });

  it('count-for-org counts the new requests (status 1) and follows a new one', async () => {
    expect((await get('count-for-org', anna, { organizer_id: anna.organizerId })).body).toEqual({ count: 4 });
    expect((await get('count-for-org', boris, { organizer_id: boris.organizerId })).body).toEqual({ count: 1 });
    const id = await insertRequest({ status: 1, customer_name: 'Late Arrival' });
    try {
      expect((await get('count-for-org', anna, { organizer_id: anna.organizerId })).body).toEqual({ count: 5 });
    } finally {
      await t.database.db.delete(requests).where(eq(requests.id, id));
    }
  });
});

describe('the filter choices', () => {
  it('tours and individual-tours: the tours with requests of the kind, by name, with counts', async () => {
    expect((await get('tours', anna, { organizer_id: anna.organizerId })).body).toEqual({
      items: [{ id: altai, name: 'Altai', count: ALL - 3 }],
    });
    expect((await get('individual-tours', anna, { organizer_id: anna.organizerId })).body).toEqual({
      items: [{ id: baikal, name: 'Baikal', count: 2 }],
    });
    expect((await get('tours', boris, { organizer_id: boris.organizerId })).body).toEqual({
      items: [{ id: borisTour, name: 'Kamchatka', count: 2 }],
    });
  });

  it('get-date-start-request and -individual-tours: first and last start, months with counts', async () => {
    expect((await get('get-date-start-request', anna, { organizer_id: anna.organizerId })).body).toEqual({
      min: '2030-06-01',
      max: '2030-09-22',
      months: [
        { month: '2030-06', count: 4 },
        { month: '2030-07', count: 3 },
        { month: '2030-08', count: 1 },
        { month: '2030-09', count: 22 },
      ],
    });
    expect((await get('get-date-start-individual-tours', anna, { organizer_id: anna.organizerId })).body).toEqual({
      min: '2031-02-10',
      max: '2031-03-01',
      months: [
        { month: '2031-02', count: 1 },
        { month: '2031-03', count: 1 },
      ],
    });
    expect((await get('get-date-start-individual-tours', boris, { organizer_id: boris.organizerId })).body).toEqual({
      min: null,
      max: null,
      months: [],
    });
  });

  it('request-sources: the five sources in order with counts', async () => {
    expect((await get('request-sources', anna, { organizer_id: anna.organizerId })).body).toEqual({
      items: [
        { source: 'marketplace', count: 1 },
        { source: 'direct_sales', count: 1 },
        { source: 'agent', count: 2 },
        { source: 'own', count: ALL - 5 },
        { source: 'third_party_agent', count: 1 },
      ],
    });
    const individual = (await get('request-sources', anna, { organizer_id: anna.organizerId, is_individual_tour: 1 }))
      .body.items as { source: string; count: number }[];
    expect(individual.map((s) => s.source)).toEqual([...REQUEST_SOURCES]);
    expect(individual.map((s) => s.count)).toEqual([0, 0, 0, 2, 0]);
  });
});

describe('the saved filter', () => {
  const DEFAULTS = {
    group_id: 1,
    base_sale_status: null,
    query: '',
    statuses: [],
    sources: [],
    tour_ids: [],
    date_from: null,
    date_to: null,
  };
  const filterRows = async () => (await t.database.db.select({ n: count() }).from(requestSearchFilters))[0]!.n;

  it('is the defaults until saved; saved, it comes back whole, per kind', async () => {
    expect((await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body).toEqual({
      ...DEFAULTS,
      is_individual_tour: 0,
    });
    const saved = {
      organizer_id: anna.organizerId,
      is_individual_tour: 0,
      group_id: 2,
      base_sale_status: 3,
      query: '  Ivanova ',
      statuses: [1, 2],
      sources: ['own', 'agent'],
      tour_ids: [altai],
      date_from: '2030-06-01',
      date_to: '2030-06-30',
    };
    const set = await call('POST', `${P}/set-search-filter`, anna, saved);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { organizer_id: _o, ...expected } = { ...saved, query: 'Ivanova' };
    expect(set.body).toEqual(expected);
    expect(
      (await get('get-search-filter', anna, { organizer_id: anna.organizerId, is_individual_tour: 0 })).body,
    ).toEqual(expected);
    // the individual-tour filter is another one
    expect(
      (await get('get-search-filter', anna, { organizer_id: anna.organizerId, is_individual_tour: 1 })).body,
    ).toEqual({ ...DEFAULTS, is_individual_tour: 1 });
    const ind = await call('POST', `${P}/set-search-filter`, anna, {
      organizer_id: anna.organizerId,
      is_individual_tour: 1,
      tour_ids: [baikal],
    });
    expect(ind.body).toEqual({ ...DEFAULTS, tour_ids: [baikal], is_individual_tour: 1 });
    expect((await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body).toEqual(expected);
    // saving again replaces the whole filter (absent fields: defaults)
    const again = await call('POST', `${P}/set-search-filter`, anna, { organizer_id: anna.organizerId, query: 'x' });
    expect(again.body).toEqual({ ...DEFAULTS, query: 'x', is_individual_tour: 0 });
    expect((await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body).toEqual(again.body);
    // a saved filter, as it is, is the list's filters
    const listed = await list(anna, {}, again.body as RequestListFilters);
    expect(listed.total).toBe(0);
  });

  it('is each user’s own: another member of the organizer keeps theirs', async () => {
    await call('POST', `${P}/set-search-filter`, anna, { organizer_id: anna.organizerId, statuses: [4] });
    expect((await get('get-search-filter', alex, { organizer_id: alex.organizerId })).body).toEqual({
      ...DEFAULTS,
      is_individual_tour: 0,
    });
    const set = await call('POST', `${P}/set-search-filter`, alex, {
      organizer_id: alex.organizerId,
      sources: ['own'],
    });
    expect(set.status).toBe(200);
    expect((await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body).toMatchObject({
      statuses: [4],
      sources: [],
    });
    expect((await get('get-search-filter', alex, { organizer_id: alex.organizerId })).body).toMatchObject({
      statuses: [],
      sources: ['own'],
    });
    // alex lists Anna's organizer's requests like Anna
    expect((await list(alex)).total).toBe(ALL);
  });

  it('bad input: 422 on the field, nothing written', async () => {
    const before = await filterRows();
    const stored = (await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body;
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call('POST', `${P}/set-search-filter`, anna, { organizer_id: anna.organizerId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    };
    await bad({ is_individual_tour: true }, 'is_individual_tour');
    await bad({ is_individual_tour: 2 }, 'is_individual_tour');
    await bad({ group_id: 7 }, 'group_id');
    await bad({ statuses: [0] }, 'statuses.0');
    await bad({ sources: ['x'] }, 'sources.0');
    await bad({ tour_ids: [-1] }, 'tour_ids.0');
    await bad({ tour_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'tour_ids');
    await bad({ date_from: '2030-07-02', date_to: '2030-07-01' }, 'date_to');
    await bad({ query: 'x'.repeat(101) }, 'query');
    await bad({ query: 'a\u0000' }, 'query');
    await bad({ base_sale_status: 6 }, 'base_sale_status');
    await bad({ extra: 1 }, 'extra');
    expect(await filterRows()).toBe(before);
    expect((await get('get-search-filter', anna, { organizer_id: anna.organizerId })).body).toEqual(stored);
  });
});

describe('tenancy and sign-in', () => {
  const READS: [string, Record<string, string | number>][] = [
    ['groups', {}],
    ['list-for-org', {}],
    ['list-for-org', { filters: JSON.stringify({ query: 'anna' }) }],
    ['count-for-org', {}],
    ['get-search-filter', {}],
    ['tours', {}],
    ['individual-tours', {}],
    ['get-date-start-request', {}],
    ['get-date-start-individual-tours', {}],
    ['request-sources', {}],
  ];

  it('another tenant’s organizer is 404 on every route, and nothing is written', async () => {
    for (const [path, q] of READS) {
      const res = await get(path, boris, { organizer_id: anna.organizerId, ...q });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(messageText('organizer_not_found'));
    }
    const rows = await t.database.db.select({ n: count() }).from(requestSearchFilters);
    const res = await call('POST', `${P}/set-search-filter`, boris, { organizer_id: anna.organizerId, query: 'x' });
    expect(res.status).toBe(404);
    expect(await t.database.db.select({ n: count() }).from(requestSearchFilters)).toEqual(rows);
    // an organizer that does not exist is the same 404
    expect((await get('list-for-org', anna, { organizer_id: 999_999 })).status).toBe(404);
  });

  it('a tenant sees only their own requests', async () => {
    const r = await list(boris, { limit: 100 });
    expect(r.total).toBe(2);
    const annas = new Set([...Object.values(R), ...fillers]);
    expect(r.items.some((i) => annas.has(i.id))).toBe(false);
    // Anna's tour in Boris's filter finds nothing of hers
    expect((await list(boris, {}, { tour_ids: [altai] })).total).toBe(0);
  });

  it('without a token every route is 401', async () => {
    for (const [path, q] of READS) {
      const res = await get(path, null, { organizer_id: anna.organizerId, ...q });
      expect(res.status, path).toBe(401);
    }
    expect((await call('POST', `${P}/set-search-filter`, null, { organizer_id: anna.organizerId })).status).toBe(401);
  });
});

describe('counts past REQUEST_LIST_COUNT_CAP', () => {
  it('say the cap and that there are more; a search counts exactly; the pages past it still come', async () => {
    const c = await createUser(t.database, { email: 'cleo@list.example', organizers: ['Big Organizer'] });
    const cleo = {
      userId: c.userId,
      organizerId: c.organizerIds[0]!,
      token: (await signIn(t.app, 'cleo@list.example')).token,
    };
    const n = REQUEST_LIST_COUNT_CAP + 50;
    await t.database.db.execute(sql`
      insert into requests (organizer_id, status, tourists_count, customer_name, search_text)
      select ${cleo.organizerId}, case when g <= 60 then 1 else 4 end, 1, 'Crowd ' || g, 'crowd ' || g
      from generate_series(1, ${n}) g`);
    const page = await list(cleo);
    expect(page).toMatchObject({ total: REQUEST_LIST_COUNT_CAP, total_exact: false, limit: 20 });
    expect(page.items).toHaveLength(20);
    const groups = (await get('groups', cleo, { organizer_id: cleo.organizerId })).body.items as {
      count: number;
      count_exact: boolean;
    }[];
    expect(groups.map((g) => [g.count, g.count_exact])).toEqual([
      [REQUEST_LIST_COUNT_CAP, false],
      [60, true],
      [0, true],
      [0, true],
      [n - 60, true],
      [0, true],
    ]);
    expect(await list(cleo, { group_id: 2 })).toMatchObject({ total: 60, total_exact: true });
    expect(await list(cleo, {}, { query: 'crowd' })).toMatchObject({ total: n, total_exact: true });
    const last = await list(cleo, { page: Math.ceil(n / 100), limit: 100 });
    expect(last.items).toHaveLength(n % 100);
    expect(last).toMatchObject({ total: REQUEST_LIST_COUNT_CAP, total_exact: false });
    expect((await get('count-for-org', cleo, { organizer_id: cleo.organizerId })).body).toEqual({ count: 60 });
  });
});
