#!/usr/bin/env node
// `npm test`: every suite — unit and integration (Vitest: contract, ui, server, web), then
// end to end (Playwright on the built app and Debian Chromium). Prints "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-test-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onlyUnit = process.argv.includes('--unit');

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

let passed = 0;
let failed = 0;
let broken = false;

// 1. Vitest: all projects
const vitestJson = path.join(tmp, 'vitest.json');
const vStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed +=
    v.numFailedTests +
    (v.numTotalTests - v.numPassedTests - v.numFailedTests - (v.numPendingTests ?? 0) - (v.numTodoTests ?? 0));
  if (v.numFailedTestSuites > 0 && v.numFailedTests === 0) failed += v.numFailedTestSuites;
}
if (vStatus !== 0 && failed === 0) broken = true;

// 2. Playwright: fail loudly without Chromium, never skip
if (!onlyUnit) {
  if (!fs.existsSync(chromium)) {
    console.error(
      `\nChromium is missing at ${chromium}: end-to-end tests cannot run.\nInstall it with: apt-get update && apt-get install -y chromium\n`,
    );
    broken = true;
  } else if (run(process.execPath, ['scripts/build.mjs']) !== 0) {
    broken = true;
  } else {
    const pwJson = path.join(tmp, 'playwright.json');
    const pStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PW_JSON_REPORT: pwJson });
    const p = readJson(pwJson);
    if (p?.stats) {
      passed += p.stats.expected + (p.stats.flaky ?? 0);
      failed += p.stats.unexpected;
      if (p.stats.skipped) {
        console.error(`${p.stats.skipped} end-to-end tests were skipped: counted as failed.`);
        failed += p.stats.skipped;
      }
      if ((p.errors ?? []).length > 0) broken = true;
    }
    if (pStatus !== 0 && !p?.stats?.unexpected) broken = true;
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
