#!/usr/bin/env node
// The traveller's checkout (issue 27): 50 travellers at once on one departure, through the real
// HTTP server, each from its own address (X-Forwarded-For with TRUST_PROXY, as behind the proxy),
// on PGlite and on PostgreSQL. Per round: a departure with FREE seats; 50 take a hold of one seat
// at once (POST /spa/checkout/hold), then every traveller who got one confirms at once
// (POST /spa/checkout/confirm). Figures: p50/p95 of take-hold and of confirm (ms from sending to
// the answer's last byte, over every round), and the outcome — exactly FREE seats sold per round,
// the departure at 0 free seats, FREE requests made. Goal: p95 < 250 ms and exactly the free seats sold.
//
// The organizer, tour and departures are made through the API; the tour is published with SQL
// with the server stopped (PGlite is one process), then the server is started again, pinned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canPin, pinSelfToLoadCpus, startServer } from '../lib.mjs';
import { onEachDatabase } from '../databases.mjs';
import { api, percentile, signIn } from '../bookings/http.mjs';

const TRAVELLERS = Number(process.env.BENCH_CHECKOUT_TRAVELLERS ?? 50);
const FREE = Number(process.env.BENCH_CHECKOUT_FREE ?? 40);
const ROUNDS = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 4);
const SOLO = 10;
const PORT = Number(process.env.BENCH_CHECKOUT_PORT ?? 18913);
const GOAL_P95_MS = 250;
const only = process.env.BENCH_CHECKOUT_DB; // 'pglite' | 'postgres' to run one

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const prepare = async (label, env, openQuery) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-checkout-'));
  const serverEnv = { ...env, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_S: '3600', TRUST_PROXY: 'true' };
  try {
    let server = await startServer(PORT, serverEnv);
    const ids = { dates: [] };
    try {
      const token = await signIn(server.url);
      const org = (await api(server.url, token, 'POST', '/crm/api/organizer/create', { name: 'Bench: checkout' })).id;
      ids.tour = (
        await api(server.url, token, 'POST', '/crm/api/tour/create', { organizer_id: org, name: 'Checkout' })
      ).id;
      for (let i = 0; i < ROUNDS; i += 1)
        ids.dates.push(
          (
            await api(server.url, token, 'POST', '/crm/api/tour/save-date', {
              tour_id: ids.tour,
              date_start: day(30 + i * 7),
              date_end: day(32 + i * 7),
              price: 1000,
              number_of_seats: FREE,
              prepayment_type: 'percent',
              prepayment_size: 30,
            })
          ).id,
        );
      ids.solo = (
        await api(server.url, token, 'POST', '/crm/api/tour/save-date', {
          tour_id: ids.tour,
          date_start: day(20),
          date_end: day(22),
          price: 1000,
          number_of_seats: SOLO,
          prepayment_type: 'percent',
          prepayment_size: 30,
        })
      ).id;
      ids.adult = (await api(server.url, token, 'GET', `/crm/api/tour/prices?tour_id=${ids.tour}`)).categories[0].id;
    } finally {
      await server.stop();
    }
    const db = await openQuery(dataDir);
    try {
      // instant booking: each confirm also confirms the request and issues its prepayment invoice (the heavier path)
      await db.query("UPDATE tours SET status = 'published', instant_booking = true WHERE id = $1", [ids.tour]);
    } finally {
      await db.close();
    }
    server = await startServer(PORT, serverEnv, { pin: true });
    return {
      server,
      ids,
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

const confirmBody = (held, key, i) => ({
  token: held.token,
  name: `Traveller ${i + 1}`,
  email: `traveller${i + 1}@example.com`,
  phone: '+7 999 000-00-00',
  documents_accepted: true,
  total: held.pricing.total,
  idempotency_key: key,
});

let ipCounter = 0;
const post = async (url, route, body, ip) => {
  const t0 = performance.now();
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, body: json, ms: performance.now() - t0 };
};

const figures = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
};

const runOn = async (label, env, openQuery) => {
  const { server, ids, cleanup } = await prepare(label, env, openQuery);
  try {
    const holdMs = [];
    const confirmMs = [];
    let exact = true;
    const outcomes = [];
    // one traveller at a time first: what one call costs, the unit the concurrent figures queue on
    const soloHold = [];
    const soloConfirm = [];
    for (let i = 0; i < SOLO; i += 1) {
      const choice = { tour_id: ids.tour, tour_date_id: ids.solo, travellers: [{ category_id: ids.adult, count: 1 }] };
      const ip = `10.255.0.${i + 1}`;
      const held = await post(server.url, '/spa/checkout/hold', choice, ip);
      soloHold.push(held.ms);
      if (held.status !== 200) throw new Error(`${label}: solo hold ${held.status} ${JSON.stringify(held.body)}`);
      const booked = await post(server.url, '/spa/checkout/confirm', confirmBody(held.body, `bench-solo-${i}`, i), ip);
      soloConfirm.push(booked.ms);
      if (booked.status !== 200)
        throw new Error(`${label}: solo confirm ${booked.status} ${JSON.stringify(booked.body)}`);
    }
    for (let r = 0; r < ROUNDS; r += 1) {
      const dateId = ids.dates[r];
      const choice = { tour_id: ids.tour, tour_date_id: dateId, travellers: [{ category_id: ids.adult, count: 1 }] };
      const ips = Array.from({ length: TRAVELLERS }, () => {
        ipCounter += 1;
        return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
      });
      const holds = await Promise.all(ips.map((ip) => post(server.url, '/spa/checkout/hold', choice, ip)));
      holdMs.push(...holds.map((h) => h.ms));
      const got = holds.map((h, i) => ({ h, ip: ips[i] })).filter(({ h }) => h.status === 200);
      const refused = holds.filter(
        (h) => h.status === 422 && h.body?.codes?.travellers?.[0]?.code === 'not_enough_seats',
      );
      const confirms = await Promise.all(
        got.map(({ h, ip }, i) =>
          post(server.url, '/spa/checkout/confirm', confirmBody(h.body, `bench-${r}-${i}`, i), ip),
        ),
      );
      confirmMs.push(...confirms.map((c) => c.ms));
      const booked = confirms.filter((c) => c.status === 200).length;
      const options = await (await fetch(`${server.url}/spa/checkout/options?tour_id=${ids.tour}`)).json();
      const left = options.departures.find((d) => d.id === dateId)?.free_seats;
      const ok = got.length === FREE && refused.length === TRAVELLERS - FREE && booked === FREE && left === 0;
      if (!ok) exact = false;
      const other = holds.filter((h) => h.status !== 200 && !refused.includes(h));
      outcomes.push(
        `round ${r + 1}: ${got.length} held, ${refused.length} refused (not_enough_seats), ${other.length} other${other.length ? ` (${other[0].status} ${JSON.stringify(other[0].body).slice(0, 120)})` : ''}; ${booked} booked; ${left} free left`,
      );
    }
    const h = figures(holdMs);
    const c = figures(confirmMs);
    console.log(`\n${label}: ${TRAVELLERS} travellers at once per round, ${FREE} free seats, ${ROUNDS} rounds`);
    for (const o of outcomes) console.log(`  ${o}`);
    const sh = figures(soloHold);
    const sc = figures(soloConfirm);
    console.log(
      `  one at a time (${SOLO}): take-hold p50 ${sh.p50.toFixed(0)} ms, confirm p50 ${sc.p50.toFixed(0)} ms`,
    );
    console.log(`  take-hold: p50 ${h.p50.toFixed(0)} ms, p95 ${h.p95.toFixed(0)} ms (${h.n} calls)`);
    console.log(`  confirm:   p50 ${c.p50.toFixed(0)} ms, p95 ${c.p95.toFixed(0)} ms (${c.n} calls)`);
    console.log(`  exactly the free seats sold: ${exact ? 'yes' : 'NO'}`);
    return [
      { name: `take-hold p95 (${label})`, pass: h.p95 < GOAL_P95_MS },
      { name: `confirm p95 (${label})`, pass: c.p95 < GOAL_P95_MS },
      { name: `exact (${label})`, pass: exact },
    ];
  } finally {
    await cleanup();
  }
};

pinSelfToLoadCpus();
console.log(
  `checkout: ${canPin ? 'server pinned to one CPU, the bench to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
);
const all = await onEachDatabase(only, runOn);
const failed = all.filter((r) => !r.pass);
console.log(
  `\ngoals (p95 < ${GOAL_P95_MS} ms for take-hold and confirm; exactly the free seats sold): ${failed.length === 0 ? 'met' : `NOT MET (${failed.map((f) => f.name).join('; ')})`}`,
);
// the seats sold are a correctness check: a wrong count fails the run; the latency goal is printed
process.exit(all.some((r) => r.name.startsWith('exact') && !r.pass) ? 1 : 0);
