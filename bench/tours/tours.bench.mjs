#!/usr/bin/env node
// Tours: p50 and p99 of GET tour/list, tour/view and tour/get-dates at 100 and at 1 000 (tours in
// the organizer's list; departures of the viewed tour), with the growth 1000/100, on PGlite (the
// embedded default) and on PostgreSQL (a throwaway cluster; skipped with a printed line when its
// binaries are missing). Goal: p50 < 20 ms at 1 000.
//
// The data is seeded with SQL straight into the server's database (bench/tours/seed.mjs; PGlite
// is one process, so the server is stopped for it and started again), the account and organizers
// through the API. The measured requests go through the real HTTP server with a real token, one
// at a time on a keep-alive connection, as the browser sends them (Accept-Encoding br/gzip).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canPin, pinSelfToLoadCpus, startServer } from '../lib.mjs';
import { onEachDatabase } from '../databases.mjs';
import { seedCatalogueTours, seedChildren, seedTourWithDates } from './seed.mjs';

const SAMPLES = Number(process.env.BENCH_TOURS_SAMPLES ?? 200);
const WARMUP = Number(process.env.BENCH_TOURS_WARMUP ?? 30);
const GOAL_P50_MS = 20;
const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
// from the contract (packages/contract/src/api/tour-routes.ts)
const DATES_PAGE_SIZE = 20;
const DATES_MAX_PAGE_SIZE = 100;
const PORT = Number(process.env.BENCH_TOURS_PORT ?? 18911);
const only = process.env.BENCH_TOURS_DB; // 'pglite' | 'postgres' to run one

const api = async (url, token, method, route, body) => {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'x-authorization': `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
};
const signIn = async (url) => (await api(url, null, 'POST', '/crm/api/user/auth', DEMO)).token;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** SAMPLES sequential requests after WARMUP; latency from sending to the last byte of the body. */
const measure = async (url, token, route) => {
  const headers = { 'x-authorization': `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  let bytes = 0;
  let encoded = 0;
  let items = null;
  let limit = null;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}${route}`, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`GET ${route}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    return { ms, res, body };
  };
  for (let i = 0; i < WARMUP; i += 1) {
    const { res, body } = await once();
    if (i === 0) {
      bytes = body.byteLength;
      encoded = Number(res.headers.get('content-length') ?? 0);
      const json = JSON.parse(Buffer.from(body).toString());
      items = Array.isArray(json.items) ? json.items.length : null;
      limit = json.limit ?? null;
    }
  }
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes, encoded, items, limit };
};

/** Starts the server on the database, creates the organizers through the API, seeds, restarts. */
const prepare = async (label, env, openQuery) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-tours-'));
  const serverEnv = { ...env, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_S: '3600' };
  try {
    let server = await startServer(PORT, serverEnv);
    const ids = {};
    try {
      const token = await signIn(server.url);
      for (const [key, name] of [
        ['org100', 'Bench: 100 tours'],
        ['org1000', 'Bench: 1000 tours'],
        ['orgDates', 'Bench: departures'],
      ])
        ids[key] = (await api(server.url, token, 'POST', '/crm/api/organizer/create', { name })).id;
    } finally {
      await server.stop();
    }

    const t0 = performance.now();
    const db = await openQuery(dataDir);
    try {
      await seedCatalogueTours(db.query, ids.org100, 100, 'bench-a');
      await seedCatalogueTours(db.query, ids.org1000, 1000, 'bench-b');
      ids.tour100 = await seedTourWithDates(db.query, ids.orgDates, 100, 'olkhon-100');
      ids.tour1000 = await seedTourWithDates(db.query, ids.orgDates, 1000, 'olkhon-1000');
      for (const o of [ids.org100, ids.org1000, ids.orgDates]) await seedChildren(db.query, o);
      // a database grown to this size has been analysed (autovacuum does it on PostgreSQL)
      await db.query('ANALYZE');
      const count = async (sql) => Number((await db.query(sql)).rows[0].n);
      ids.counts = {
        tours: await count('SELECT count(*) AS n FROM tours'),
        dates: await count('SELECT count(*) AS n FROM tour_dates'),
      };
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

const fmt = (ms) => ms.toFixed(1).padStart(6);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const runOn = async (label, env, openQuery) => {
  const { server, ids, seedMs, cleanup } = await prepare(label, env, openQuery);
  try {
    const token = await signIn(server.url);
    const rows = [
      ['GET tour/list', '100 vs 1000 tours', (n) => `/crm/api/tour/list?organizer_id=${ids[`org${n}`]}`],
      // what the tours screen asks: a page of 20 with the total
      [
        'GET tour/list page of 20',
        '100 vs 1000 tours',
        (n) => `/crm/api/tour/list?organizer_id=${ids[`org${n}`]}&page=1&limit=20`,
      ],
      ['GET tour/view', 'tour of 100 vs 1000 dates', (n) => `/crm/api/tour/view?id=${ids[`tour${n}`]}`],
      [
        `GET tour/get-dates limit ${DATES_PAGE_SIZE}`,
        'tour of 100 vs 1000 dates',
        (n) => `/crm/api/tour/get-dates?tour_id=${ids[`tour${n}`]}`,
        DATES_PAGE_SIZE,
      ],
      [
        `GET tour/get-dates limit ${DATES_MAX_PAGE_SIZE}`,
        'tour of 100 vs 1000 dates',
        (n) => `/crm/api/tour/get-dates?tour_id=${ids[`tour${n}`]}&limit=${DATES_MAX_PAGE_SIZE}`,
        DATES_MAX_PAGE_SIZE,
      ],
    ];
    console.log(
      `\n${label}: seeded ${ids.counts.tours} tours and ${ids.counts.dates} departures in ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${'route'.padEnd(28)} ${'at 100: p50'.padStart(11)} ${'p99'.padStart(6)}  ${'at 1000: p50'.padStart(12)} ${'p99'.padStart(6)}  ${'growth p50'.padStart(10)} ${'p99'.padStart(6)}  ${'answer at 1000'.padEnd(28)}  goal p50 < ${GOAL_P50_MS} ms at 1000`,
    );
    const results = [];
    for (const [name, what, route, pageSize] of rows) {
      const a = await measure(server.url, token, route(100));
      const b = await measure(server.url, token, route(1000));
      // the page sizes are the contract's: a changed one must change this bench too
      if (pageSize && b.limit !== pageSize)
        throw new Error(`${name}: the server answered limit ${b.limit}, not ${pageSize} (contract changed?)`);
      const pass = b.p50 < GOAL_P50_MS;
      results.push({ name, pass });
      const size = `${kb(b.bytes)} (${b.encoded ? kb(b.encoded) : 'chunked'} sent)`;
      console.log(
        `${name.padEnd(28)} ${fmt(a.p50).padStart(11)} ${fmt(a.p99)}  ${fmt(b.p50).padStart(12)} ${fmt(b.p99)}  ${`${(b.p50 / a.p50).toFixed(2)}x`.padStart(10)} ${`${(b.p99 / a.p99).toFixed(2)}x`.padStart(6)}  ${size.padEnd(28)}  ${pass ? 'PASS' : 'FAIL'}  (${what}${b.items === null ? '' : `; ${b.items} items`})`,
      );
    }
    return results;
  } finally {
    await cleanup();
  }
};

pinSelfToLoadCpus();
console.log(
  `tours: ${SAMPLES} sequential requests per figure after ${WARMUP} to warm up, keep-alive, Accept-Encoding br/gzip, ms from request to the body's last byte; ${canPin ? 'server pinned to one CPU, the bench to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
);
const all = await onEachDatabase(only, runOn);
const failed = all.filter((r) => !r.pass).length;
console.log(
  `\ngoal p50 < ${GOAL_P50_MS} ms at 1000: ${failed === 0 ? 'met' : `NOT MET (${failed} of ${all.length} figures)`}`,
);
