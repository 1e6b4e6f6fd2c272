#!/usr/bin/env node
// Reports (issue 28): each report of /{orgId}/reports (GET /crm/api/report/*) for organizers with
// 1 000, 10 000 and 100 000 requests among 40 000 of two other organizers, on PGlite (the embedded
// default) and on PostgreSQL (a throwaway cluster; skipped with a printed line when its binaries are
// missing). p50 and p99 of each; goal p50 < 200 ms at 100 000.
//
// Like bench/bookings (whose request seeding it reuses): the organizers are made through the API,
// the requests, invoices, payments and refunds seeded with SQL straight into the server's database
// while the server is stopped, and the measured requests go through the real HTTP server, pinned to
// its own CPU, with a real token.
//
//   BENCH_REPORTS_DB=pglite|postgres   one database only
//   BENCH_REPORTS_SAMPLES (60), BENCH_REPORTS_WARMUP (10), BENCH_REPORTS_PORT (18933)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canPin, pinSelfToLoadCpus, startServer } from '../lib.mjs';
import { onEachDatabase } from '../databases.mjs';
import { api, measure, signIn } from '../bookings/http.mjs';
import { seedDay, seedRequests, seedRequestTours } from '../bookings/seed.mjs';
import { loadRequestSearch } from '../bookings/search-text.mjs';

const GOAL_P50_MS = 200;
const SIZES = [1000, 10_000, 100_000];
const NOISE = [20_000, 20_000];
const SAMPLES = Number(process.env.BENCH_REPORTS_SAMPLES ?? 60);
const WARMUP = Number(process.env.BENCH_REPORTS_WARMUP ?? 10);
const PORT = Number(process.env.BENCH_REPORTS_PORT ?? 18933);
const only = process.env.BENCH_REPORTS_DB;

const fmt = (ms) => `${ms.toFixed(1)}`.padStart(6);
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** Requests are created a minute apart up to now: a year back holds every one. */
const YEAR = { date_from: isoDay(Date.now() - 365 * 86_400_000), date_to: isoDay(Date.now()) };
/** Departures run three years from a month ahead (bench/bookings/seed.mjs). */
const DEPARTURES = { date_from: seedDay(0), date_to: seedDay(1094) };

const report = (kind, org, params) =>
  `/crm/api/report/${kind}?${new URLSearchParams({ organizer_id: String(org), ...params })}`;

/** The measured calls: [name, route(organizer id, its tour ids)]. */
const ROWS = [
  ['revenue, booking date, by month', (o) => report('revenue', o, { ...YEAR, granularity: 'month' })],
  ['revenue, booking date, by day', (o) => report('revenue', o, { ...YEAR, granularity: 'day' })],
  [
    'revenue, departure, by week',
    (o) => report('revenue', o, { basis: 'departure', ...DEPARTURES, granularity: 'week' }),
  ],
  [
    'revenue, 2 tours, 3 sources',
    (o, tours) =>
      report('revenue', o, { ...YEAR, tour_ids: tours.slice(2, 4).join(','), sources: 'own,agent,marketplace' }),
  ],
  ['sales by source', (o) => report('sales', o, YEAR)],
  ['occupancy', (o) => report('occupancy', o, {})],
  ['cancellations', (o) => report('cancellations', o, YEAR)],
  ['ledger, invoice date, by month', (o) => report('ledger', o, { ...YEAR, granularity: 'month' })],
  ['ledger, departure, by month', (o) => report('ledger', o, { basis: 'departure', ...DEPARTURES })],
];

/**
 * Money on the seeded requests, as the payment module leaves it: a paid invoice and its succeeded
 * payment for every request with a payment; an open invoice for those awaiting their prepayment;
 * on every second canceled request 30 % paid, half of it refunded and the rest kept as its penalty.
 * Requests of departures get one of their tour's departures and take its seats (new ones hold them).
 */
const seedMoney = async (query) => {
  await query(
    `UPDATE requests SET paid_minor = total_minor * 3 / 10 - total_minor * 3 / 20,
       penalty_minor = total_minor * 3 / 10 - total_minor * 3 / 20
     WHERE status >= 5 AND id % 2 = 0`,
  );
  await query(
    `INSERT INTO invoices (request_id, organizer_id, status, payment_type, amount_minor, currency, public_token,
       created_at, paid_at)
     SELECT id, organizer_id, CASE WHEN paid_minor > 0 THEN 2 ELSE 1 END, 'payment',
       CASE WHEN status >= 5 THEN total_minor * 3 / 10 WHEN paid_minor > 0 THEN paid_minor ELSE total_minor * 3 / 10 END,
       currency, md5(id::text) || substr(md5('t' || id::text), 1, 11),
       created_at + interval '1 hour', CASE WHEN paid_minor > 0 THEN created_at + interval '2 hours' END
     FROM requests WHERE paid_minor > 0 OR status = 2`,
  );
  await query(
    `INSERT INTO payments (invoice_id, organizer_id, provider, provider_payment_id, idempotency_key, amount_minor,
       refunded_minor, currency, method, status, created_at, paid_at)
     SELECT i.id, i.organizer_id, 'yookassa', 'bench-' || i.id, 'bench-' || i.id, i.amount_minor,
       CASE WHEN r.status >= 5 THEN i.amount_minor - r.paid_minor ELSE 0 END,
       i.currency, CASE WHEN i.id % 3 = 0 THEN 'sbp' ELSE 'card' END, 'succeeded', i.paid_at, i.paid_at
     FROM invoices i JOIN requests r ON r.id = i.request_id WHERE i.status = 2`,
  );
  await query(
    `UPDATE requests r SET tour_date_id = d.id,
       seats_taken = CASE WHEN r.status < 5 THEN r.tourists_count ELSE 0 END,
       hold_expires_at = CASE WHEN r.status = 1 THEN now() + interval '30 days' END
     FROM (SELECT DISTINCT ON (tour_id) id, tour_id FROM tour_dates ORDER BY tour_id, date_start DESC) d
     WHERE d.tour_id = r.tour_id AND NOT r.is_individual_tour`,
  );
};

const prepare = async (label, env, openQuery) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-reports-'));
  const serverEnv = { ...env, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_S: '3600' };
  const { requestSearchText } = await loadRequestSearch();
  try {
    let server = await startServer(PORT, serverEnv);
    const ids = {};
    try {
      const token = await signIn(server.url);
      for (const n of SIZES)
        ids[`org${n}`] = (
          await api(server.url, token, 'POST', '/crm/api/organizer/create', { name: `Bench: ${n}` })
        ).id;
      for (const [k] of NOISE.entries())
        ids[`noise${k}`] = (
          await api(server.url, token, 'POST', '/crm/api/organizer/create', { name: `Bench: noise ${k + 1}` })
        ).id;
    } finally {
      await server.stop();
    }
    const t0 = performance.now();
    const db = await openQuery(dataDir);
    try {
      const orgs = [];
      for (const [key, count] of [...SIZES.map((n) => [`org${n}`, n]), ...NOISE.map((n, k) => [`noise${k}`, n])]) {
        const tourIds = await seedRequestTours(db.query, ids[key], 20, key);
        ids[`tours:${key}`] = tourIds;
        orgs.push({ organizerId: ids[key], count, tourIds });
      }
      await seedRequests(db.query, { orgs, searchText: requestSearchText });
      await seedMoney(db.query);
      await db.query('ANALYZE');
      ids.requests = Number((await db.query('SELECT count(*) AS n FROM requests')).rows[0].n);
      ids.payments = Number((await db.query('SELECT count(*) AS n FROM payments')).rows[0].n);
    } finally {
      await db.close();
    }
    const seedMs = performance.now() - t0;
    server = await startServer(PORT, serverEnv, { pin: true });
    return {
      server,
      ids,
      seedMs,
      cleanup: async () => {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${label}: ${e.message}`, { cause: e });
  }
};

const runOn = async (label, env, openQuery) => {
  const { server, ids, seedMs, cleanup } = await prepare(label, env, openQuery);
  try {
    console.log(
      `\n${label}: seeded ${ids.requests.toLocaleString('en')} requests, ${ids.payments.toLocaleString('en')} payments in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const token = await signIn(server.url);
    console.log(
      `${'report'.padEnd(34)} ${SIZES.map((n) => `${`${n / 1000}k p50`.padStart(9)} ${'p99'.padStart(6)}`).join('  ')}  goal p50 < ${GOAL_P50_MS} ms at 100k`,
    );
    const results = [];
    for (const [name, route] of ROWS) {
      const figures = [];
      for (const n of SIZES)
        figures.push(
          await measure(server.url, token, route(ids[`org${n}`], ids[`tours:org${n}`]), {
            samples: SAMPLES,
            warmup: WARMUP,
          }),
        );
      const pass = figures.at(-1).p50 < GOAL_P50_MS;
      results.push({ name, pass });
      console.log(
        `${name.padEnd(34)} ${figures.map((f) => `${fmt(f.p50).padStart(9)} ${fmt(f.p99)}`).join('  ')}  ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    return results;
  } finally {
    await cleanup();
  }
};

pinSelfToLoadCpus();
console.log(
  `reports: ${SAMPLES} sequential requests per figure after ${WARMUP} to warm up, keep-alive, ms from request to the body's last byte; ${canPin ? 'server pinned to one CPU, the bench to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
);
const all = await onEachDatabase(only, runOn);
const failed = all.filter((r) => !r.pass).length;
console.log(
  `\ngoal (p50 < ${GOAL_P50_MS} ms at 100k): ${failed === 0 ? 'met' : `NOT MET (${failed} of ${all.length} figures)`}`,
);
