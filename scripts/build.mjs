#!/usr/bin/env node
// Builds the server bundle and the web app when their inputs changed (sources, lockfile,
// BRAND_ID), so `npm start` after an unchanged checkout serves at once. --force rebuilds.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const brandId = process.env.BRAND_ID || '1';
const stampFile = path.join(root, 'apps/server/dist/.build-stamp');

const INPUTS = [
  'packages/contract',
  'packages/ui',
  'apps/server',
  'apps/web',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIP = new Set(['node_modules', 'dist', 'dist-site', '.tmp', 'test-results']);

const hashInputs = () => {
  const h = crypto.createHash('sha256');
  h.update(`brand:${brandId}\n`);
  const walk = (p) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!SKIP.has(name)) walk(path.join(p, name));
    } else {
      h.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const i of INPUTS) if (fs.existsSync(path.join(root, i))) walk(path.join(root, i));
  return h.digest('hex');
};

const hash = hashInputs();
const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
const built =
  fs.existsSync(path.join(root, 'apps/server/dist/server.js')) &&
  fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
  // the public site's client bundle and server renderer (apps/web vite.site.config.ts)
  fs.existsSync(path.join(root, 'apps/web/dist-site/client/.vite/manifest.json')) &&
  fs.existsSync(path.join(root, 'apps/web/dist-site/server/render.js'));
if (!force && built && current === hash) {
  console.log('Build is up to date.');
  process.exit(0);
}

const env = { ...process.env, BRAND_ID: brandId, BUILD_TIMESTAMP: String(Date.now()) };
const run = (label, args) => {
  console.log(`Building ${label}…`);
  const r = spawnSync('npm', args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`Building ${label} failed.`);
    process.exit(r.status ?? 1);
  }
};
run('the web app (brand ' + brandId + ')', ['run', 'build', '-w', '@tourdesk/web']);
run('the server', ['run', 'build', '-w', '@tourdesk/server']);
fs.writeFileSync(stampFile, hash);
console.log('Build finished.');
