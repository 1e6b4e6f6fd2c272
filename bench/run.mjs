#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another; each prints its figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
let failed = false;
for (const b of [
  'api/api.bench.mjs',
  'tours/tours.bench.mjs',
  'bookings/bookings.bench.mjs',
  'checkout/checkout.bench.mjs',
  'chat/chat.bench.mjs',
  'bundle/bundle.bench.mjs',
  'pages/pages.bench.mjs',
  'site/site.bench.mjs',
  'site/bundle.mjs',
]) {
  console.log(`\n== ${b}`);
  const r = spawnSync(process.execPath, [path.join(here, b)], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
