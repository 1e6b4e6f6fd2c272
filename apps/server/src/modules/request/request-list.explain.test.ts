/**
 * The request list reads through indexes: EXPLAIN of the very statements the repository runs
 * (list-for-org's page and its count, count-for-org, the search) over a table of realistic size
 * and shape: 40 000 requests of eight organizers arriving interleaved, customers with real-looking
 * names, e-mails and phones (search_text from requestSearchText), analysed as autovacuum would.
 * No plan may read `requests` with a Seq Scan. Runs on PGlite, and on PostgreSQL in CI
 * (TEST_DATABASE_URL); the bench (bench/bookings) measures the same statements at 100 000.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers, requests, tours } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRequestListRepository, type RequestListWhere } from './request-list.repository';
import { parseRequestSearch, requestSearchText } from './request-search';

let t: TestApp;
let repo: ReturnType<typeof createRequestListRepository>;
/** the organizer the plans are read for: an eighth of the table, and a small one (200 requests) */
let main = 0;
let small = 0;
const toursOf = new Map<number, number[]>();

const FIRST = ['Анна', 'Мария', 'Иван', 'Пётр', 'Ольга', 'John', 'Kate', 'Peter', 'Елена', 'Сергей'];
const LAST = ['Иванова', 'Смирнов', 'Кузнецова', 'Попов', 'Орлов', 'Smith', 'Brown', 'Волков', 'Зайцева', 'Павлов'];
const LATIN = ['ivanova', 'smirnov', 'kuznetsova', 'popov', 'orlov', 'smith', 'brown', 'volkov', 'zaitseva', 'pavlov'];
const customer = (i: number) => {
  const n = String(100_000_000 + ((i * 7_919_311) % 899_999_999));
  return {
    customer_name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}${i % 97}`,
    customer_email: `${LATIN[Math.floor(i / 10) % 10]}${i}@${['mail.ru', 'gmail.com', 'yandex.ru'][i % 3]}`,
    customer_phone: i % 2 ? `+7 (9${n.slice(0, 2)}) ${n.slice(2, 5)}-${n.slice(5, 7)}-${n.slice(7)}` : `89${n}`,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  repo = createRequestListRepository(db);
  const orgs: { id: number; count: number; tours: number[] }[] = [];
  for (const [k, count] of [5000, 5000, 5000, 5000, 5000, 5000, 9800, 200].entries()) {
    const [o] = await db
      .insert(organizers)
      .values({ name: `Explain ${k}` })
      .returning({ id: organizers.id });
    const ts = await db
      .insert(tours)
      .values(Array.from({ length: 10 }, (_, j) => ({ organizer_id: o!.id, name: `Tour ${k}.${j}` })))
      .returning({ id: tours.id });
    orgs.push({ id: o!.id, count, tours: ts.map((x) => x.id) });
  }
  main = orgs[0]!.id;
  small = orgs.at(-1)!.id;
  for (const o of orgs) toursOf.set(o.id, o.tours);
  // interleaved as requests arrive: each organizer's spread evenly over the same period
  const order = orgs
    .flatMap((o, k) => Array.from({ length: o.count }, (_, i) => [(i + 0.5) / o.count, k, i] as const))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const sources = ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'];
  for (let from = 0; from < order.length; from += 4000) {
    await db.insert(requests).values(
      order.slice(from, from + 4000).map(([, k, i]) => {
        const o = orgs[k]!;
        const c = customer(i + k * 10_000);
        const h = (i * 2_654_435_761) % 4_294_967_296;
        return {
          organizer_id: o.id,
          tour_id: o.tours[i % o.tours.length]!,
          status: [1, 2, 3, 3, 4, 4, 4, 4, 4, 5 + (i % 4)][h % 10]!,
          source: sources[(h >>> 3) % 5]!,
          is_individual_tour: h % 10 === 3,
          date_start: new Date(Date.UTC(2024, 0, 1) + ((h >>> 7) % 1095) * 86_400_000).toISOString().slice(0, 10),
          tourists_count: 1 + (i % 4),
          total_minor: 1_000_000,
          ...c,
          search_text: requestSearchText(c),
        };
      }),
    );
  }
  await db.execute(sql`analyze requests`);
}, 120_000);
afterAll(() => t.close());

/** The plan of one drizzle statement, run with its own parameters. */
const planOf = async (q: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> => {
  const { sql: text, params } = q.toSQL();
  const client = (t.database.db as unknown as { $client: { query: (s: string, p: unknown[]) => Promise<unknown> } })
    .$client;
  const res = (await client.query(`EXPLAIN ${text}`, params)) as { rows: Record<string, string>[] };
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
};
const expectIndexed = (label: string, plan: string) => {
  expect(plan, `${label}\n${plan}`).not.toMatch(/Seq Scan on requests/);
  expect(plan, `${label}\n${plan}`).toMatch(/Index|Bitmap/);
};

const search = (q: string) => parseRequestSearch(q);
const SCENARIOS: [string, Omit<RequestListWhere, 'organizerId'>][] = [
  ['every request (group 1)', {}],
  ['group new', { statuses: [1] }],
  ['group canceled', { statuses: [5, 6, 7, 8] }],
  ['individual tours', { isIndividual: true }],
  ['departures, awaiting prepayment', { isIndividual: false, statuses: [2] }],
  ['a tour', { tourIds: [] }],
  ['a tour and a month', { tourIds: [], dateFrom: '2025-06-01', dateTo: '2025-06-30' }],
  ['start dates', { dateFrom: '2025-06-01', dateTo: '2025-06-30' }],
  ['sources and status', { sources: ['agent', 'own'], statuses: [4] }],
  ['search: surname', { search: search('Смирнов') }],
  ['search: two words', { search: search('анна ивано') }],
  ['search: phone digits', { search: search('+7 (912) 345') }],
  ['search: e-mail', { search: search('smirnov1234@mail') }],
  ['search: number', { search: search('#1234') }],
  ['search: number or digits', { search: search('1234') }],
  ['search and filters', { search: search('орлов'), statuses: [4], isIndividual: false }],
];

describe.each([
  ['an organizer with an eighth of the requests', () => main],
  ['a small organizer', () => small],
])('list-for-org and count-for-org of %s use indexes', (_, organizer) => {
  it.each(SCENARIOS)('%s: the page and its count', async (label, w) => {
    const where: RequestListWhere = {
      organizerId: organizer(),
      ...w,
      ...(w.tourIds ? { tourIds: [toursOf.get(organizer())![3]!] } : {}),
    };
    for (const page of [0, 40]) {
      const q = repo.pageQueries(where, 20, page * 20);
      expectIndexed(`${label}, rows at offset ${page * 20}`, await planOf(q.rows));
      expectIndexed(`${label}, count`, await planOf(q.total));
    }
  });

  it('count-for-org', async () => {
    expectIndexed('count-for-org', await planOf(repo.countNewQuery(organizer())));
  });
});

/**
 * Whether the planner may use the search index for the search's statement is what its expression
 * decides; which index it prefers is the sampled statistics' say (ANALYZE samples 30 000 of the
 * 40 000 rows, and an organizer index wins now and then on PostgreSQL). So the plan is read with
 * every other index of `requests` dropped and sequential scans off, in a transaction rolled back:
 * an expression that differs from the index's leaves only the Seq Scan.
 */
const planWithOnlySearchIndex = async (q: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> => {
  const { sql: text, params } = q.toSQL();
  const rolledBack = new Error('rolled back');
  let plan = '';
  await t.database.db
    .transaction(async (tx) => {
      const others = (await tx.execute(sql`
        select i.indexrelid::regclass::text as name from pg_index i
        where i.indrelid = 'requests'::regclass and i.indexrelid::regclass::text <> 'requests_search_idx'
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)) as unknown as {
        rows: { name: string }[];
      };
      for (const { name } of others.rows) await tx.execute(sql.raw(`drop index ${name}`));
      await tx.execute(sql`set local enable_seqscan = off`);
      // the statement with its parameters inlined as literals (EXPLAIN of a drizzle query in a transaction)
      const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      const res = (await tx.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as { rows: Record<string, string>[] };
      plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      throw rolledBack;
    })
    .catch((e: unknown) => {
      if (e !== rolledBack) throw e;
    });
  return plan;
};

it('the search index is the one the search reads (its expression is the same on both sides)', async () => {
  const plan = await planWithOnlySearchIndex(
    repo.pageQueries({ organizerId: main, search: search('Kuznetsova12') }, 20, 0).total,
  );
  expect(plan, plan).toMatch(/requests_search_idx/);
  expect(plan, plan).not.toMatch(/Seq Scan on requests/);
  // and it finds what the words say
  const page = await repo.page({ organizerId: main, search: search('Kuznetsova12') }, 100, 0);
  expect(page.rows.length).toBeGreaterThan(5);
  expect(page.rows.every((r) => r.customer_email.startsWith('kuznetsova12'))).toBe(true);
  expect(page.total).toBe(page.rows.length);
});
