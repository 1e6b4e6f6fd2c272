#!/usr/bin/env node
// API throughput: autocannon on the product's /meta/version.json and /crm/api/domain/info
// and, in the same run, on a bare Fastify hello-world. Prints req/s and the ratio to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { canPin, pinSelfToLoadCpus, serverCommand, startServer } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
// Rounds alternate the three targets so a busy machine slows them alike; medians are reported.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const GOAL_DOMAIN_INFO = 0.6;

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

const startHello = async (port) => {
  const [command, args] = serverCommand([path.join(here, 'hello.mjs')]);
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
};

pinSelfToLoadCpus();
const hello = await startHello(18901);
const server = await startServer(18902, {}, { pin: true });
try {
  // warm up both (JIT, the partner-site cache)
  await load({ url: `${hello.url}/`, duration: 2 });
  await load({
    url: `${server.url}/crm/api/domain/info`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    duration: 2,
  });

  const targets = {
    base: { url: `${hello.url}/` },
    version: { url: `${server.url}/meta/version.json` },
    info: {
      url: `${server.url}/crm/api/domain/info`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    },
  };
  const runs = { base: [], version: [], info: [] };
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [name, opts] of Object.entries(targets)) runs[name].push(await load(opts));
  }
  const median = (list) =>
    [...list].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(list.length / 2)];
  const base = median(runs.base);
  const version = median(runs.version);
  const info = median(runs.info);

  const rps = (r) => Math.round(r.requests.average);
  const row = (name, r) => {
    const ratio = rps(r) / rps(base);
    console.log(
      `${name.padEnd(32)} ${String(rps(r)).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  ratio ${ratio.toFixed(2)}  errors ${r.errors + r.non2xx}`,
    );
    return ratio;
  };
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} alternating rounds, medians; ${canPin ? 'servers pinned to one CPU, autocannon to the others' : 'no CPU pinning (taskset missing or one CPU)'}`,
  );
  row('baseline Fastify hello-world', base);
  row('GET /meta/version.json', version);
  const infoRatio = row('POST /crm/api/domain/info', info);
  console.log(
    `domain info ratio ${infoRatio.toFixed(2)} (goal ≥ ${GOAL_DOMAIN_INFO}): ${infoRatio >= GOAL_DOMAIN_INFO ? 'met' : 'NOT MET'}`,
  );
} finally {
  hello.stop();
  await server.stop();
}
