#!/usr/bin/env node
// Bookings: the request list at 1 000, 10 000 and 100 000 requests of one organizer (./request-list.mjs),
// on PGlite (the embedded default) and on PostgreSQL (a throwaway cluster; skipped with a printed
// line when its binaries are missing).
//
// Like bench/tours: the organizers are made through the API, the requests seeded with SQL straight
// into the server's database (PGlite is one process, so the server is stopped for it and started
// again, pinned to its own CPU), and the measured requests go through the real HTTP server with a
// real token. Each section of SECTIONS seeds what it needs and prints its own table; another
// section (the last-seat race's time to settle 50 confirmations) goes beside the request list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canPin, pinSelfToLoadCpus, startServer } from '../lib.mjs';
import { onEachDatabase } from '../databases.mjs';
import { api, signIn } from './http.mjs';
import * as requestList from './request-list.mjs';
import * as lastSeat from './last-seat.mjs';
import { loadRequestSearch } from './search-text.mjs';

/**
 * The sections, in order. Each: `name`; `organizers` ([key, name] made through the API, their ids
 * in `ids[key]`); `seed(query, ids, searchText)` run with the server stopped (optional);
 * `run({ url, token, ids, samples, warmup, label })` → [{ name, pass }] of its goal figures.
 */
const SECTIONS = [
  { name: 'request list', ...requestList },
  { name: 'last seat', ...lastSeat },
].filter(
  (s) => !process.env.BENCH_BOOKINGS_SECTIONS || process.env.BENCH_BOOKINGS_SECTIONS.split(',').includes(s.name),
);

const SAMPLES = Number(process.env.BENCH_BOOKINGS_SAMPLES ?? 200);
const WARMUP = Number(process.env.BENCH_BOOKINGS_WARMUP ?? 30);
const PORT = Number(process.env.BENCH_BOOKINGS_PORT ?? 18912);
const only = process.env.BENCH_BOOKINGS_DB; // 'pglite' | 'postgres' to run one

const { requestSearchText } = await loadRequestSearch();

/** Starts the server on the database, makes the organizers, seeds every section, restarts it pinned. */
const prepare = async (label, env, openQuery) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-bookings-'));
  const serverEnv = { ...env, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_S: '3600' };
  try {
    let server = await startServer(PORT, serverEnv);
    const ids = {};
    try {
      const token = await signIn(server.url);
      for (const s of SECTIONS)
        for (const [key, name] of s.organizers ?? [])
          ids[key] = (await api(server.url, token, 'POST', '/crm/api/organizer/create', { name })).id;
    } finally {
      await server.stop();
    }
    const t0 = performance.now();
    const db = await openQuery(dataDir);
    try {
      for (const s of SECTIONS) await s.seed?.(db.query, ids, requestSearchText);
      // a database grown to this size has been analysed (autovacuum does it on PostgreSQL)
      await db.query('ANALYZE');
      ids.requests = Number((await db.query('SELECT count(*) AS n FROM requests')).rows[0].n);
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
    console.log(`\n${label}: seeded ${ids.requests.toLocaleString('en')} requests in ${(seedMs / 1000).toFixed(1)} s`);
    const token = await signIn(server.url);
    const results = [];
    for (const s of SECTIONS)
      results.push(...(await s.run({ url: server.url, token, ids, samples: SAMPLES, warmup: WARMUP, label })));
    return results;
  } finally {
    await cleanup();
  }
};

pinSelfToLoadCpus();
console.log(
  `bookings: ${SAMPLES} sequential requests per figure after ${WARMUP} to warm up, keep-alive, Accept-Encoding br/gzip, ms from request to the body's last byte; ${canPin ? 'server pinned to one CPU, the bench to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
);
const all = await onEachDatabase(only, runOn);
const failed = all.filter((r) => !r.pass).length;
console.log(
  `\ngoals (p50 < ${requestList.GOAL_P50_MS} ms at 100k; exactly one of the last seat's confirmations): ${failed === 0 ? 'met' : `NOT MET (${failed} of ${all.length} figures)`}`,
);
