#!/usr/bin/env node
// What /org/login costs: every JS and CSS file Chromium loads for it, gzip-compressed, and
// which packages those bytes come from (the UI kit's share among them), read off source maps
// of a build made for this run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, startServer } from '../lib.mjs';

const BUDGET_JS_KB = 150;
const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const SCREENS = [
  '/org/:orgId/dashboard',
  '/org/:orgId/settings/main',
  '/org/:orgId/settings/accounts',
  '/org/profile',
  '/org/:orgId/contract-template',
  '/org/:orgId/tours',
  '/org/:orgId/tours/:tourId',
  '/org/:orgId/site',
  // the reports (issue 28): uPlot comes with this route only
  '/org/:orgId/reports',
];
/** The tour editor's first load (issue 15): TipTap and the map come with their sections, later. */
const EDITOR = '/org/:orgId/tours/:tourId';
const BUDGET_EDITOR_JS_KB = 350;
/** The site editor's first load (issue 25): Puck comes with this route only. */
const SITE_EDITOR = '/org/:orgId/site';
/** Texts only these libraries carry, to say which heavy ones a screen downloads. */
const MARKERS = {
  zod: '$ZodType',
  'phone metadata': 'country_calling_codes',
  TipTap: 'ProseMirror',
  'Socket.IO': 'engine.io',
  'TanStack Query': 'queryHash',
  Puck: 'header-toggle-leftsidebar',
  uPlot: 'u-legend',
};
const screenFiles = new Map();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bundle-'));

const build = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
  cwd: path.join(root, 'apps/web'),
  env: { ...process.env, BRAND_ID: process.env.BRAND_ID ?? '1' },
  encoding: 'utf8',
});
if (build.status !== 0) {
  console.error(build.stderr);
  process.exit(1);
}

const server = await startServer(18903, { WEB_DIST: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const files = new Set();
// what Chromium really downloaded for each file: the server sends the build's brotli variant
const served = new Map();
try {
  const page = await browser.newPage();
  page.on('requestfinished', async (req) => {
    const u = new URL(req.url());
    if (!u.pathname.startsWith('/org/assets/')) return;
    const f = u.pathname.slice('/org/'.length);
    files.add(f);
    served.set(f, (await req.sizes()).responseBodySize);
  });
  await page.goto(`${server.url}/org/login`, { waitUntil: 'networkidle' });

  // The signed-in screens, each opened fresh after signing in: every JS file it needs
  // (shared ones included), so a screen that pulls in a library it does not use shows.
  for (const screen of SCREENS) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`${server.url}/org/login`);
    await p.fill('input[name="login"]', DEMO.login);
    await p.fill('input[type="password"]', DEMO.password);
    await Promise.all([p.waitForURL(/\/bookings$/), p.click('form button[type="submit"]')]);
    const loaded = new Set();
    p.on('requestfinished', (req) => {
      const u = new URL(req.url());
      if (/^\/org\/assets\/.+\.js$/.test(u.pathname)) loaded.add(u.pathname.slice('/org/'.length));
    });
    const orgId = new URL(p.url()).pathname.split('/')[2];
    // a demo tour of the organizer, for the editor
    const tourId = screen.includes(':tourId')
      ? await p.evaluate(async (org) => {
          const res = await fetch(`/crm/api/tour/list?organizer_id=${org}&format=short`, {
            headers: { 'X-Authorization': `Bearer ${localStorage.getItem('token')}` },
          });
          return (await res.json()).items[0].id;
        }, orgId)
      : '';
    // the site editor opens on an attached site (else its create form)
    if (screen === SITE_EDITOR)
      await p.evaluate(async (org) => {
        await fetch(`/crm/api/site/attach-site?organizer_id=${org}`, {
          method: 'POST',
          headers: { 'X-Authorization': `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ subdomain: 'bench-bundle' }),
        });
      }, orgId);
    await p.goto(`${server.url}${screen.replace(':orgId', orgId).replace(':tourId', String(tourId))}`, {
      waitUntil: 'networkidle',
    });
    screenFiles.set(screen, loaded);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const js = [...files].filter((f) => f.endsWith('.js'));
const css = [...files].filter((f) => f.endsWith('.css'));
const jsTotal = js.reduce((s, f) => s + gz(f), 0);
const cssTotal = css.reduce((s, f) => s + gz(f), 0);

// Attribute each file's gzip bytes to packages in proportion to the characters they produced.
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const vlq = (s) => {
  const out = [];
  let v = 0;
  let shift = 0;
  for (const c of s) {
    let d = B64.indexOf(c);
    const more = d & 32;
    d &= 31;
    v += d << shift;
    if (more) shift += 5;
    else {
      out.push(v & 1 ? -(v >> 1) : v >> 1);
      v = 0;
      shift = 0;
    }
  }
  return out;
};
const owner = (source) => {
  const m = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (source.includes('packages/ui/')) return '@tourdesk/ui (the kit)';
  if (source.includes('packages/contract/')) return '@tourdesk/contract';
  if (source.includes('apps/web/')) return 'apps/web';
  return 'other';
};
const byOwner = new Map();
for (const f of js) {
  const mapFile = path.join(dist, `${f}.map`);
  const code = fs.readFileSync(path.join(dist, f), 'utf8');
  const chars = new Map();
  if (fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    const lines = code.split('\n');
    let src = 0;
    map.mappings.split(';').forEach((line, i) => {
      let col = 0;
      let prev = null;
      for (const seg of line ? line.split(',') : []) {
        const d = vlq(seg);
        col += d[0];
        if (d.length > 1) src += d[1];
        if (prev) chars.set(prev.o, (chars.get(prev.o) ?? 0) + col - prev.c);
        prev = { c: col, o: owner(map.sources[src] ?? '') };
      }
      if (prev) chars.set(prev.o, (chars.get(prev.o) ?? 0) + (lines[i]?.length ?? 0) - prev.c);
    });
  }
  const totalChars = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
  const size = gz(f);
  if (process.env.BUNDLE_VERBOSE) {
    const top = [...chars]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([o, n]) => `${o} ${Math.round((100 * n) / totalChars)}%`);
    console.log(`  ${kb(size).padStart(7)} KB  ${f}  (${top.join(', ')})`);
  }
  if (chars.size === 0) byOwner.set('other', (byOwner.get('other') ?? 0) + size);
  for (const [o, n] of chars) byOwner.set(o, (byOwner.get(o) ?? 0) + (size * n) / totalChars);
}
const screenLines = [...screenFiles].map(([screen, loaded]) => {
  const files = [...loaded];
  const texts = files.map((f) => fs.readFileSync(path.join(dist, f), 'utf8'));
  const heavy = Object.entries(MARKERS)
    .filter(([, marker]) => texts.some((t) => t.includes(marker)))
    .map(([name]) => name);
  return `  ${screen.padEnd(30)} ${kb(files.reduce((sum, f) => sum + gz(f), 0)).padStart(6)} KB gzip in ${String(files.length).padStart(2)} files${heavy.length ? `  (with ${heavy.join(', ')})` : ''}`;
});
const editorKb = [...(screenFiles.get(EDITOR) ?? [])].reduce((sum, f) => sum + gz(f), 0) / 1024;
const siteEditorKb = [...(screenFiles.get(SITE_EDITOR) ?? [])].reduce((sum, f) => sum + gz(f), 0) / 1024;
if (process.env.BUNDLE_KEEP) fs.writeFileSync(path.join(dist, 'login-files.json'), JSON.stringify([...files]));
else fs.rmSync(dist, { recursive: true, force: true });

console.log('JS of /org/login by package (gzip, approximate):');
for (const [o, n] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${kb(n).padStart(7)} KB  ${o}`);
// The libraries ARCHITECTURE.md names for the web (React, React Router's data router, TanStack
// Query, i18next, react-hook-form): what any screen of this stack costs before our own code.
const STACK =
  /^(?:react|react-dom|scheduler|react-router|@tanstack\/[^/]+|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|react-hook-form)$/;
const stack = [...byOwner].filter(([o]) => STACK.test(o)).reduce((sum, [, n]) => sum + n, 0);
console.log(
  `the framework libraries' share (ARCHITECTURE.md's stack): ${kb(stack)} KB gzip; everything else: ${kb(jsTotal - stack)} KB`,
);
console.log(`UI kit's cost on /org/login: ${kb(byOwner.get('@tourdesk/ui (the kit)') ?? 0)} KB gzip`);
console.log(
  `/org/login loads ${js.length} JS files: ${kb(jsTotal)} KB gzip (budget ${BUDGET_JS_KB} KB: ${jsTotal / 1024 <= BUDGET_JS_KB ? 'within' : 'OVER'}), ratio to budget ${(jsTotal / 1024 / BUDGET_JS_KB).toFixed(2)}`,
);
const servedJs = js.reduce((sum, f) => sum + (served.get(f) ?? 0), 0);
console.log(
  `/org/login downloads ${kb(servedJs)} KB of JS as served (brotli, the build's precompressed files), ${(servedJs / jsTotal).toFixed(2)} of its gzip size`,
);
console.log(`/org/login loads ${css.length} CSS files: ${kb(cssTotal)} KB gzip`);
console.log('JS of signed-in screens, each opened fresh after signing in (gzip, shared files included):');
for (const line of screenLines) console.log(line);
console.log(
  `the tour editor's first load: ${editorKb.toFixed(1)} KB gzip of JS (budget ${BUDGET_EDITOR_JS_KB} KB: ${editorKb <= BUDGET_EDITOR_JS_KB ? 'within' : 'OVER'}), ratio to budget ${(editorKb / BUDGET_EDITOR_JS_KB).toFixed(2)}`,
);
console.log(
  `the site editor's first load: ${siteEditorKb.toFixed(1)} KB gzip of JS (Puck included; the screens above list Puck only where it loads)`,
);
