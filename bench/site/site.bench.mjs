#!/usr/bin/env node
// A published tour page of 25 blocks served by the site route (its own host, as a browser asks
// for it), against a bare renderToString of the same page in the same run: req/s, the ratio,
// p99 at 20 connections; cached (the product's page cache) and uncached (SITE_PAGE_CACHE_SIZE=0).
// Goals (issue 25): ratio ≥ 0.8 cached, ≥ 0.3 uncached.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { canPin, pinSelfToLoadCpus, root, serverCommand, startServer } from '../lib.mjs';
import { api } from '../bookings/http.mjs';
import { setUpSite } from './setup.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const GOALS = { cached: 0.8, uncached: 0.3 };

if (!fs.existsSync(path.join(root, 'apps/web/dist-site/server/render.js'))) {
  console.error('The public site is not built: run `node scripts/build.mjs` first.');
  process.exit(1);
}
const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

/** The renderer's input for that page, as the product builds it, from the public JSON API. */
const inputOf = async (url, host, slug) => {
  const get = (route) => api(url, null, 'GET', route);
  const d = `domain=${host}`;
  const [org, tours, page, metadata] = await Promise.all([
    get(`/spa/custom-site-org-data?${d}`),
    get(`/spa/tours-crm?${d}`),
    get(`/spa/custom-page?${d}&type=tour&slug=${slug}`),
    get(`/spa/custom-metadata?${d}&type=tour&slug=${slug}`),
  ]);
  return {
    lang: 'en',
    org,
    tours,
    tour: page.tour,
    schedule: null,
    base: '',
    view: { kind: 'page', page },
    metadata,
    assets: { css: ['/site-assets/app/site.css'], js: '/site-assets/app/hydrate.js' },
  };
};

const get = (url, headers = {}) =>
  new Promise((resolve, reject) =>
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject),
  );

const startBare = async (port, input) => {
  const [command, args] = serverCommand([path.join(here, 'bare.mjs')]);
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), ROOT: root, SITE_INPUT: JSON.stringify(input), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
};

pinSelfToLoadCpus();
const cached = await startServer(18911, {}, { pin: true });
let uncached = null;
let bare = null;
try {
  const page = await setUpSite(cached.url);
  const input = await inputOf(cached.url, page.host, page.slug);
  // the same database for the uncached server would need a second DATA_DIR: it sets its own site up
  uncached = await startServer(18912, { SITE_PAGE_CACHE_SIZE: '0' }, { pin: true });
  await setUpSite(uncached.url);
  bare = await startBare(18913, input);
  const targets = {
    bare: { url: `${bare.url}/` },
    cached: { url: `${cached.url}${page.path}`, headers: { host: page.host } },
    uncached: { url: `${uncached.url}${page.path}`, headers: { host: page.host } },
  };
  for (const opts of Object.values(targets)) {
    // node:http, not fetch: fetch sends its own Host whatever the headers say
    const probe = await get(opts.url, opts.headers);
    if (probe.status !== 200 || !probe.body.includes('id="site-root"')) throw new Error(`${opts.url}: ${probe.status}`);
    await load({ ...opts, duration: 2 });
  }
  const runs = { bare: [], cached: [], uncached: [] };
  for (let i = 0; i < ROUNDS; i += 1)
    for (const [name, opts] of Object.entries(targets)) runs[name].push(await load(opts));
  const median = (list) =>
    [...list].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(list.length / 2)];
  const rps = (r) => Math.round(r.requests.average);
  const base = median(runs.bare);
  console.log(
    `a tour page of 25 blocks; autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} alternating rounds, medians; ${canPin ? 'servers pinned to one CPU' : 'no CPU pinning'}`,
  );
  const row = (name, r) => {
    const ratio = rps(r) / rps(base);
    console.log(
      `${name.padEnd(34)} ${String(rps(r)).padStart(6)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  ratio ${ratio.toFixed(2)}  errors ${r.errors + r.non2xx}`,
    );
    return ratio;
  };
  row('bare renderToString (baseline)', base);
  for (const name of ['cached', 'uncached']) {
    const ratio = row(`site route, ${name}`, median(runs[name]));
    console.log(
      `  ${name} ratio ${ratio.toFixed(2)} (goal ≥ ${GOALS[name]}): ${ratio >= GOALS[name] ? 'met' : 'NOT MET'}`,
    );
  }
} finally {
  bare?.stop();
  await uncached?.stop();
  await cached.stop();
}
