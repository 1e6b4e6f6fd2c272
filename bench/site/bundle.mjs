#!/usr/bin/env node
// What a public site's page downloads: the hydration entry's JS chunks (static imports followed
// through the manifest) and its CSS, each gzip-compressed (level 9), against the 100 KB gzip
// budget of JS (issue 25); then each island loaded only on its own page, beyond what every page
// loads (the checkout, issue 27: ≤ 60 KB). Reads apps/web/dist-site/client (npm run build:site -w
// @tourdesk/web).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'apps/web/dist-site/client');
const manifestFile = path.join(client, '.vite/manifest.json');
const BUDGET_JS_KB = 100;
const ENTRY = 'src/site-render/hydrate.tsx';

if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(root, manifestFile)}: run \`npm run build:site -w @tourdesk/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
if (!manifest[ENTRY]) {
  console.error(`The manifest has no entry ${ENTRY}.`);
  process.exit(1);
}

/** The entry and every chunk it imports statically (what the page loads before it is interactive). */
const js = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const i of chunk.imports ?? []) visit(i);
};
visit(ENTRY);

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length / 1024;
const rows = [...[...js].map((f) => ['js', f]), ...[...css].map((f) => ['css', f])].map(([kind, file]) => ({
  kind,
  file,
  raw: fs.statSync(path.join(client, file)).size / 1024,
  gzip: gz(file),
}));
for (const r of rows)
  console.log(
    `${r.kind.padEnd(4)}${r.file.padEnd(44)}${r.raw.toFixed(1).padStart(8)} KB${r.gzip.toFixed(1).padStart(8)} KB gzip`,
  );
const jsKb = rows.filter((r) => r.kind === 'js').reduce((s, r) => s + r.gzip, 0);
const cssKb = rows.filter((r) => r.kind === 'css').reduce((s, r) => s + r.gzip, 0);
const ratio = jsKb / BUDGET_JS_KB;
console.log(
  `JS shipped to a public page: ${jsKb.toFixed(1)} KB gzip (budget ${BUDGET_JS_KB} KB, ${(ratio * 100).toFixed(0)}% of it)`,
);
console.log(`CSS: ${cssKb.toFixed(1)} KB gzip`);

// a page's own islands, downloaded only where they are (the checkout on the booking page, issue 27):
// each dynamic import of the entry with everything it loads, statically or later (the checkout's
// contact step is a chunk of its own, loaded when the traveller gets there), beyond the chunks
// every page already loads
const BUDGET_CHECKOUT_KB = 60;
let over = false;
for (const key of manifest[ENTRY].dynamicImports ?? []) {
  const added = new Map();
  const walk = (k) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file) || added.has(chunk.file)) return;
    added.set(chunk.file, k);
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(i);
  };
  walk(key);
  const parts = [...added].map(([file, k]) => ({ k, kb: gz(file) }));
  const kb = parts.reduce((sum, p) => sum + p.kb, 0);
  const checkout = key.endsWith('checkout.tsx');
  if (checkout && kb > BUDGET_CHECKOUT_KB) over = true;
  console.log(
    `${key}: ${kb.toFixed(1)} KB gzip beyond the page's own${checkout ? ` (goal ≤ ${BUDGET_CHECKOUT_KB} KB: ${kb <= BUDGET_CHECKOUT_KB ? 'met' : 'NOT met'})` : ''}`,
  );
  if (parts.length > 1) for (const p of parts) console.log(`  ${p.k}: ${p.kb.toFixed(1)} KB gzip`);
}
if (over) {
  console.error('The checkout is over its budget.');
  process.exit(1);
}
if (ratio > 1) {
  console.error('Over the budget.');
  process.exit(1);
}
