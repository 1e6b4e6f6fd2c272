#!/usr/bin/env node
// What /org/login costs: every JS and CSS file Chromium loads for it, gzip-compressed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, startServer } from '../lib.mjs';

const BUDGET_JS_KB = 150;
const dist = path.join(root, 'apps/web/dist');

const server = await startServer(18903);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const files = new Set();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/org/assets/')) files.add(u.pathname.slice('/org/'.length));
  });
  await page.goto(`${server.url}/org/login`, { waitUntil: 'networkidle' });
  const size = (ext) =>
    [...files]
      .filter((f) => f.endsWith(ext))
      .map((f) => ({ f, gz: zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length }))
      .sort((a, b) => b.gz - a.gz);
  const js = size('.js');
  const css = size('.css');
  const kb = (n) => (n / 1024).toFixed(1);
  const total = (list) => list.reduce((s, x) => s + x.gz, 0);
  for (const { f, gz } of [...js, ...css]) console.log(`  ${kb(gz).padStart(7)} KB  ${f}`);
  console.log(`/org/login loads ${js.length} JS files: ${kb(total(js))} KB gzip (budget ${BUDGET_JS_KB} KB: ${total(js) / 1024 <= BUDGET_JS_KB ? 'within' : 'OVER'}), ratio to budget ${(total(js) / 1024 / BUDGET_JS_KB).toFixed(2)}`);
  console.log(`/org/login loads ${css.length} CSS files: ${kb(total(css))} KB gzip`);
} finally {
  await browser.close();
  await server.stop();
}
