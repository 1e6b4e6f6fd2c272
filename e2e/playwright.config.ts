import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_TELEGRAM, E2E_WHATSAPP, e2eDnsPort, e2eYookassaPort } from './e2e-env';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 18431);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How every spec's Chromium starts (a spec launching its own adds to these). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

if (!fs.existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`);
}

/** Real server (the built bundle) on a throwaway DATA_DIR, real Debian Chromium. */
export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  outputDir: path.join(here, '.tmp', 'results'),
  fullyParallel: false,
  workers: 2,
  // one retry: a spec that fails once on a loaded two-core machine and then passes is reported
  // flaky (in the summary) instead of failing the run; one that fails twice fails it
  retries: 1,
  // two browsers and the server (its embedded database in-process) share two cores: a screen
  // that loads in 2 s on a quiet machine took over 10 s beside another spec, and long journeys
  // over 45 s. A broken step still fails, only later.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PW_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: `node ${path.join(here, 'start-server.mjs')}`,
    url: `http://127.0.0.1:${PORT}/meta/version.json`,
    reuseExistingServer: false,
    timeout: 240_000, // the first start seeds the demo data: slow on a busy two-core machine
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(here, '.tmp', 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // the manual WhatsApp phone confirmation (account.spec posts the bridge's webhook itself)
      WHATSAPP_MANUAL_NUMBER: E2E_WHATSAPP.number,
      WHATSAPP_WEBHOOK_SECRET: E2E_WHATSAPP.secret,
      // the Telegram bot (questionnaire.spec links a traveller's chat by posting the bot's update)
      TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
      TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
      TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM.secret,
      TELEGRAM_API_URL: E2E_TELEGRAM.apiUrl,
      // every spec signs up from 127.0.0.1, so past 15 sign-ups an hour each one asks for the hard
      // captcha: at its production difficulty a solve costs up to half a minute of a core
      CAPTCHA_HARD_MAXNUMBER: '100000',
      // an abandoned checkout's reminder as soon as its hold ends (checkout-recovery.spec)
      CHECKOUT_RECOVERY_DELAY_MINUTES: '0',
      // custom domains' CNAMEs (public-site.spec answers them)
      SITES_DNS_SERVERS: `127.0.0.1:${e2eDnsPort(PORT)}`,
      // organizers' own YooKassa accounts (payment-account.spec answers for YooKassa)
      YOOKASSA_API_URL: `http://127.0.0.1:${e2eYookassaPort(PORT)}`,
    },
  },
});
