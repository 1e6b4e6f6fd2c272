#!/usr/bin/env node
// Chat: on PGlite (the embedded default) and on PostgreSQL (a throwaway cluster; skipped with a
// printed line when its binaries are missing), three sections on one server:
// - pages (./pages.mjs): p50/p99 of GET chat/list for an organizer with 1 000 chats among noise
//   organizers' chats, and of get-messages in a chat of 10 000 messages; goal p50 < 20 ms;
// - delivery (./delivery.mjs): a message sent over HTTP by one side reaching the other side's
//   Socket.IO client as `new_message`, p50/p99 over a few hundred messages; goal p99 < 100 ms;
// - sockets (./sockets.mjs): 2 000 authenticated sockets on the node (a fresh server process),
//   its RSS before and after.
//
// Like bench/bookings: the organizers are made through the API, the chats, messages and requests
// seeded with SQL straight into the server's database (PGlite is one process, so the server is
// stopped for it and started again, pinned to its own CPU), and everything measured goes through
// the real server with a real token. The provider is an account the bench registers through the
// API on a server without the demo data (SEED_DEMO=false): nothing here needs the demo, and its
// seed must not decide whether the bench runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canPin, pinSelfToLoadCpus, startServer } from '../lib.mjs';
import { onEachDatabase } from '../databases.mjs';
import { api } from '../bookings/http.mjs';
import { seedRequests, seedRequestTours } from '../bookings/seed.mjs';
import { loadRequestSearch } from '../bookings/search-text.mjs';
import { seedChats, seedContext, seedMessages } from './seed.mjs';
import { serverPid } from './realtime.mjs';
import * as pages from './pages.mjs';
import * as delivery from './delivery.mjs';
import * as sockets from './sockets.mjs';

const env = (name, fallback) => Number(process.env[`BENCH_CHAT_${name}`] ?? fallback);
const SIZES = {
  chats: env('CHATS', 1000),
  noise: [env('NOISE', 2000), env('NOISE', 2000)],
  bigMessages: env('MESSAGES', 10_000),
};
const SAMPLES = env('SAMPLES', 200);
const WARMUP = env('WARMUP', 30);
const DELIVERY = { count: env('DELIVERY', 300), warmup: env('DELIVERY_WARMUP', 20) };
const SOCKETS = { count: env('SOCKETS', 2000) };
const PORT = env('PORT', 18913);
const only = process.env.BENCH_CHAT_DB; // 'pglite' | 'postgres' to run one

const SECTIONS = [
  { name: 'pages', ...pages },
  { name: 'delivery', ...delivery },
  { name: 'sockets', ...sockets },
].filter((s) => !process.env.BENCH_CHAT_SECTIONS || process.env.BENCH_CHAT_SECTIONS.split(',').includes(s.name));

// Every socket is a file descriptor in this process and in the server. When the soft limit is
// too low for them, run again in a shell that raises it (up to the hard limit); the server,
// started from here, inherits it.
// (and some for everything else: the database, HTTP connections, files)
const SPARE_FDS = 256;
const wantFds = SOCKETS.count + SPARE_FDS;
const limit = (flag) => {
  const v = spawnSync('/bin/sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim();
  return v === 'unlimited' ? Infinity : Number(v);
};
if (SECTIONS.some((s) => s.name === 'sockets') && limit('-n') < wantFds) {
  const hard = limit('-Hn');
  if (!process.env.BENCH_CHAT_FDS_RAISED && hard > limit('-n')) {
    const to = Math.min(hard, wantFds);
    const r = spawnSync(
      '/bin/sh',
      ['-c', `ulimit -n ${to} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_CHAT_FDS_RAISED: '1' },
      },
    );
    process.exit(r.status ?? 1);
  }
  SOCKETS.count = Math.max(0, Math.min(SOCKETS.count, limit('-n') - SPARE_FDS));
  console.log(`sockets: open files limited to ${limit('-n')} (ulimit -n): ${SOCKETS.count} sockets instead`);
}

const { requestSearchText } = await loadRequestSearch();

const ACCOUNT = { email: 'chat-bench@example.com', password: 'Bench12345!' };
const register = (url) =>
  api(url, null, 'POST', '/crm/api/user/register', {
    first_name: 'Vera',
    last_name: 'Bench',
    email: ACCOUNT.email,
    password: ACCOUNT.password,
    confirm_password: ACCOUNT.password,
    timezone: 'Europe/Moscow',
  });
const signIn = async (url) =>
  (await api(url, null, 'POST', '/crm/api/user/auth', { login: ACCOUNT.email, password: ACCOUNT.password })).token;

/** Starts the server on the database, makes the organizers, seeds the chats, restarts it pinned. */
const prepare = async (label, serverEnvOf, openQuery) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-chat-'));
  const serverEnv = { ...serverEnvOf, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_S: '3600', SEED_DEMO: 'false' };
  try {
    let server = await startServer(PORT, serverEnv);
    const ids = { sizes: SIZES };
    try {
      const { token } = await register(server.url);
      const make = async (name) => (await api(server.url, token, 'POST', '/crm/api/organizer/create', { name })).id;
      ids.main = await make(`Bench: ${SIZES.chats} chats`);
      ids.noise = [];
      for (const [k, n] of SIZES.noise.entries()) ids.noise.push(await make(`Bench: chat noise ${k + 1} (${n})`));
    } finally {
      await server.stop();
    }
    const t0 = performance.now();
    const db = await openQuery(dataDir);
    try {
      const q = db.query;
      const ctx = await seedContext(q, ACCOUNT.email);
      const orgs = [
        { organizerId: ids.main, chats: SIZES.chats },
        ...ids.noise.map((organizerId, k) => ({ organizerId, chats: SIZES.noise[k] })),
      ];
      for (const o of orgs) o.tourIds = await seedRequestTours(q, o.organizerId, 10, `chat${o.organizerId}`);
      // half of each organizer's chats are about a request of its (and more requests without a chat)
      await seedRequests(q, {
        orgs: orgs.map((o) => ({ organizerId: o.organizerId, count: o.chats, tourIds: o.tourIds })),
        searchText: requestSearchText,
      });
      for (const o of orgs)
        o.chatIds = await seedChats(q, {
          organizerId: o.organizerId,
          count: o.chats,
          linked: Math.floor(o.chats / 2),
          supportAt: 5,
          siteId: ctx.siteId,
          tourIds: o.tourIds,
        });
      // the organizer's newest chat takes the delivery section's messages; its third the long one
      [ids.deliveryChat, , ids.bigChat] = orgs[0].chatIds;
      await seedMessages(q, {
        organizerIds: orgs.map((o) => o.organizerId),
        big: new Map([[ids.bigChat, SIZES.bigMessages]]),
        userId: ctx.userId,
        userName: ctx.userName,
      });
      ids.bigChatMiddle = (
        await q('SELECT id FROM chat_messages WHERE chat_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1', [
          ids.bigChat,
          Math.floor(SIZES.bigMessages / 2),
        ])
      ).rows[0].id;
      ids.deliveryRequestUuid = (
        await q('SELECT q.uuid FROM chat_requests cr JOIN requests q ON q.id = cr.request_id WHERE cr.chat_id = $1', [
          ids.deliveryChat,
        ])
      ).rows[0].uuid;
      // a database grown to this size has been analysed (autovacuum does it on PostgreSQL)
      await q('ANALYZE');
      const n = async (sql, params) => Number((await q(sql, params)).rows[0].n);
      ids.counts = {
        chats: await n('SELECT count(*) AS n FROM chats'),
        messages: await n('SELECT count(*) AS n FROM chat_messages'),
        unread: await n('SELECT sum(organizer_unread) AS n FROM chats WHERE organizer_id = $1', [ids.main]),
      };
    } finally {
      await db.close();
    }
    const seedMs = performance.now() - t0;
    server = await startServer(PORT, serverEnv, { pin: true });
    return {
      server: () => server,
      /** a fresh server process on the same database */
      restart: async () => {
        await server.stop();
        server = await startServer(PORT, serverEnv, { pin: true });
      },
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

const runOn = async (label, serverEnv, openQuery) => {
  const { server, restart, ids, seedMs, cleanup } = await prepare(label, serverEnv, openQuery);
  try {
    const { chats, messages, unread } = ids.counts;
    console.log(
      `\n${label}: seeded ${chats.toLocaleString('en')} chats and ${messages.toLocaleString('en')} messages in ${(seedMs / 1000).toFixed(1)} s (the organizer: ${SIZES.chats.toLocaleString('en')} chats, ${unread} unread messages; noise: ${SIZES.noise.map((x) => x.toLocaleString('en')).join(' + ')} chats; the long chat ${SIZES.bigMessages.toLocaleString('en')} messages)`,
    );
    const results = [];
    for (const [i, s] of SECTIONS.entries()) {
      // the memory of a node with sockets: a fresh process, not one carrying the other sections' garbage
      if (s.freshServer && i > 0) await restart();
      results.push(
        ...(await s.run({
          url: server().url,
          token: await signIn(server().url),
          ids,
          pid: serverPid(),
          label,
          samples: SAMPLES,
          warmup: WARMUP,
          delivery: DELIVERY,
          sockets: SOCKETS,
        })),
      );
    }
    return results.map((r) => ({ ...r, name: `${r.name} (${label})` }));
  } finally {
    await cleanup();
  }
};

pinSelfToLoadCpus();
console.log(
  `chat: ${SAMPLES} sequential requests per figure after ${WARMUP} to warm up, keep-alive, Accept-Encoding br/gzip, ms from request to the body's last byte; ${canPin ? 'server pinned to one CPU, the bench and its sockets to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
);
const all = await onEachDatabase(only, runOn);
const failed = all.filter((r) => !r.pass);
console.log(
  `\ngoals (pages p50 < ${pages.GOAL_P50_MS} ms; new_message to the other side p99 < ${delivery.GOAL_P99_MS} ms): ${failed.length === 0 ? 'met' : `NOT MET (${failed.map((r) => r.name).join('; ')})`}`,
);
