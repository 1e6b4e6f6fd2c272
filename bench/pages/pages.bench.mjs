#!/usr/bin/env node
// Page audits: Lighthouse in Debian's Chromium on the built product (demo data), as a phone on
// slow 4G and as a desktop — the sign-in screen a guest opens, and the dashboard of a signed-in
// provider. Prints each category's score and the load figures (FCP, LCP, TBT, CLS).
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startServer } from '../lib.mjs';

const DEMO = { login: 'demo@tourdesk.app', password: 'Demo12345!' };
const FIGURES = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const server = await startServer(18904);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
let failed = false;
try {
  const page = await browser.newPage();
  /** One audit; signed-in pages keep the session the browser holds (no storage reset). */
  const audit = async (path, formFactor, signedIn) => {
    const flags = { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: signedIn };
    const result = await lighthouse(
      `${server.url}${path}`,
      flags,
      formFactor === 'desktop' ? desktopConfig : undefined,
      page,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${path}: ${runtimeError.message}`);
    const scores = CATEGORIES.map((c) => `${c} ${Math.round((categories[c]?.score ?? 0) * 100)}`).join(', ');
    const figures = FIGURES.map((f) => `${audits[f].title.replace(/ \(.*/, '')} ${audits[f].displayValue}`).join(', ');
    console.log(`${path.padEnd(16)} ${formFactor.padEnd(7)} ${scores}\n${' '.repeat(25)}${figures}`);
    if (process.env.PAGES_VERBOSE)
      for (const c of CATEGORIES)
        for (const ref of categories[c].auditRefs)
          if (ref.weight > 0 && (audits[ref.id].score ?? 1) < 1)
            console.log(
              `  ${c}: ${ref.id} ${audits[ref.id].score} ${audits[ref.id].displayValue ?? ''} ${ref.id === 'inspector-issues' ? JSON.stringify(audits[ref.id].details?.items).slice(0, 600) : ''}`,
            );
  };

  await audit('/org/login', 'mobile', false);
  await audit('/org/login', 'desktop', false);

  // sign in through the screen itself, then audit a page of the signed-in product
  await page.goto(`${server.url}/org/login`, { waitUntil: 'networkidle0' });
  await page.type('input[name="login"]', DEMO.login);
  await page.type('input[type="password"]', DEMO.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('form button[type="submit"]')]);
  const home = new URL(page.url()).pathname;
  const dashboard = home.replace(/\/bookings$/, '/dashboard');
  if (dashboard === home) throw new Error(`signing in led to ${home}, not an organizer's bookings`);
  await audit(dashboard, 'mobile', true);
  await audit(dashboard, 'desktop', true);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser.disconnect();
  await chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
