// The request list section of the bookings benchmark: GET request/list-for-org (the default page,
// a group, filters, the search by name, phone, e-mail and number) and count-for-org for
// organizers with 1 000, 10 000 and 100 000 requests among noise organizers' (two with 20 000
// each), interleaved as they arrive; p50 and p99 of each. Goal: p50 < 20 ms at 100 000 for
// list-for-org, count-for-org and the screen's other routes (groups, the filter's choices: they
// read the counters the triggers on requests keep, migration 0012_request-counts).
import { fmt, measure } from './http.mjs';
import { customerOf, seedDay, seedRequests, seedRequestTours } from './seed.mjs';

export const GOAL_P50_MS = 20;
const SIZES = [1000, 10_000, 100_000];
const NOISE = [20_000, 20_000];
// from the contract (packages/contract/src/api/request-list-routes.ts, constants.ts)
const PAGE_SIZE = 20;
const P = '/crm/api/request';

/** What this section needs of the organizers the bench makes through the API. */
export const organizers = [
  ...SIZES.map((n) => [`list${n}`, `Bench: ${n} requests`]),
  ...NOISE.map((_, k) => [`noise${k}`, `Bench: noise ${k + 1}`]),
];

/** Seeds the requests with SQL while the server is stopped; notes in `ids` what the measured calls look for. */
export const seed = async (query, ids, searchText) => {
  const orgs = [];
  for (const n of SIZES)
    orgs.push({
      organizerId: ids[`list${n}`],
      count: n,
      tourIds: await seedRequestTours(query, ids[`list${n}`], 20, `list${n}`),
    });
  for (const [k, n] of NOISE.entries())
    orgs.push({
      organizerId: ids[`noise${k}`],
      count: n,
      tourIds: await seedRequestTours(query, ids[`noise${k}`], 20, `noise${k}`),
    });
  await seedRequests(query, { orgs, searchText });
  for (const o of orgs.slice(0, SIZES.length)) {
    // a customer in the middle of the organizer's requests, and a request of its
    const c = customerOf(Math.floor(o.count * 0.37));
    const mid = (
      await query('SELECT id FROM requests WHERE organizer_id = $1 ORDER BY id OFFSET $2 LIMIT 1', [
        o.organizerId,
        Math.floor(o.count / 2),
      ])
    ).rows[0].id;
    ids[`look${o.count}`] = {
      tours: o.tourIds.slice(2, 4),
      // the customer's surname (shared by one request in a few dozen), 7 digits of the phone, the e-mail's start
      surname: c.name.split(' ')[1],
      phone: c.phone
        .replace(/\D/g, '')
        .slice(-7)
        .replace(/^(\d{3})(\d{2})(\d{2})$/, '$1-$2-$3'),
      email: c.email.slice(0, c.email.indexOf('@') + 4),
      number: `#${mid}`,
    };
  }
};

const list = (org, q = {}, filters) => {
  const params = new URLSearchParams({ organizer_id: String(org), ...q });
  if (filters) params.set('filters', JSON.stringify(filters));
  return `${P}/list-for-org?${params}`;
};

/** The measured calls: [name, goal?, route(n, ids)]. */
const ROWS = [
  ['list-for-org', true, (n, ids) => list(ids[`list${n}`])],
  ['list-for-org group new', true, (n, ids) => list(ids[`list${n}`], { group_id: '2' })],
  [
    'list-for-org canceled, individual',
    true,
    (n, ids) => list(ids[`list${n}`], { group_id: '6', is_individual_tour: '1' }),
  ],
  [
    'list-for-org filters',
    true,
    (n, ids) =>
      list(
        ids[`list${n}`],
        {},
        {
          tour_ids: ids[`look${n}`].tours,
          date_from: seedDay(450),
          date_to: seedDay(540),
          sources: ['own', 'agent', 'marketplace'],
        },
      ),
  ],
  ['list-for-org search name', true, (n, ids) => list(ids[`list${n}`], {}, { query: ids[`look${n}`].surname })],
  ['list-for-org search phone', true, (n, ids) => list(ids[`list${n}`], {}, { query: ids[`look${n}`].phone })],
  ['list-for-org search e-mail', true, (n, ids) => list(ids[`list${n}`], {}, { query: ids[`look${n}`].email })],
  ['list-for-org search #number', true, (n, ids) => list(ids[`list${n}`], {}, { query: ids[`look${n}`].number })],
  [
    'list-for-org search + filters',
    true,
    (n, ids) => list(ids[`list${n}`], { group_id: '5' }, { query: ids[`look${n}`].surname, date_from: seedDay(150) }),
  ],
  ['count-for-org', true, (n, ids) => `${P}/count-for-org?organizer_id=${ids[`list${n}`]}`],
  ['groups', true, (n, ids) => `${P}/groups?organizer_id=${ids[`list${n}`]}`],
  ['request-sources', true, (n, ids) => `${P}/request-sources?organizer_id=${ids[`list${n}`]}`],
  ['tours', true, (n, ids) => `${P}/tours?organizer_id=${ids[`list${n}`]}`],
  ['get-date-start-request', true, (n, ids) => `${P}/get-date-start-request?organizer_id=${ids[`list${n}`]}`],
];

const describe = (first) =>
  first && Array.isArray(first.items) && 'total' in first
    ? `${first.items.length} items of ${first.total}${first.total_exact === false ? '+' : ''}`
    : first && 'count' in first
      ? `count ${first.count}`
      : first && Array.isArray(first.items)
        ? `${first.items.length} items`
        : '';

/** Measures every row at each size; prints the table; answers [{ name, pass }] of the goal rows. */
export const run = async ({ url, token, ids, samples, warmup }) => {
  console.log(
    `\nrequest list: ${SIZES.map((n) => n.toLocaleString('en')).join(' / ')} requests of one organizer, among ${NOISE.reduce((a, b) => a + b, 0).toLocaleString('en')} of others`,
  );
  console.log(
    `${'route'.padEnd(34)} ${SIZES.map((n) => `${`${n / 1000}k p50`.padStart(9)} ${'p99'.padStart(6)}`).join('  ')}  ${'answer at 100k'.padEnd(24)} goal p50 < ${GOAL_P50_MS} ms at 100k`,
  );
  const results = [];
  for (const [name, goal, route] of ROWS) {
    const figures = [];
    for (const n of SIZES) figures.push(await measure(url, token, route(n, ids), { samples, warmup }));
    const last = figures.at(-1);
    if (name === 'list-for-org' && last.first.limit !== PAGE_SIZE)
      throw new Error(`list-for-org answered limit ${last.first.limit}, not ${PAGE_SIZE} (contract changed?)`);
    const pass = last.p50 < GOAL_P50_MS;
    if (goal) results.push({ name, pass });
    console.log(
      `${name.padEnd(34)} ${figures.map((f) => `${fmt(f.p50).padStart(9)} ${fmt(f.p99)}`).join('  ')}  ${describe(last.first).padEnd(24)} ${goal ? (pass ? 'PASS' : 'FAIL') : '—'}`,
    );
  }
  return results;
};
