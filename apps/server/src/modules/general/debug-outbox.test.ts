import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES, OPERATOR_TOKEN_HEADER } from '@tourdesk/contract';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, createUser, listenOnFreePort, type TestApp } from '../../test/test-app';
import { runAdmin } from '../organizer/admin-cli';
import { OPERATOR_TOKEN_FILE } from '../organizer/operator-token';
import { post } from '../auth/test-helpers';

/**
 * The outbox holds sign-in codes and reset links (issue 14, security 1): only the machine
 * itself or the operator reads it, and never a production server.
 */
const REMOTE = '203.0.113.9';
const get = (t: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/crm/api/debug/outbox', ...opts });
const operatorToken = (t: TestApp): string => fs.readFileSync(path.join(t.dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim();

describe('GET /crm/api/debug/outbox without NODE_ENV (npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: '' });
    expect(t.config.NODE_ENV).toBe('development');
  });
  afterAll(() => t.close());

  it('answers a client on the machine itself (loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(t, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()).toEqual({ items: [] });
    }
  });

  it('refuses any other client with 403 and says how to see it', async () => {
    const res = await get(t, { remoteAddress: REMOTE });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: GENERAL_MESSAGES.outbox_local_only, code: 'outbox_local_only' });
  });

  it('refuses a request a proxy forwarded, even when the proxy itself is on the machine', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': REMOTE },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      const res = await get(t, { remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('answers anyone with the operator token, and refuses a wrong one', async () => {
    const ok = await get(t, { remoteAddress: REMOTE, headers: { [OPERATOR_TOKEN_HEADER]: operatorToken(t) } });
    expect(ok.statusCode).toBe(200);
    const wrong = await get(t, { remoteAddress: REMOTE, headers: { [OPERATOR_TOKEN_HEADER]: 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('npm run admin -- outbox', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: '' });
    base = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('prints the newest messages with their codes', async () => {
    await createUser(t.database, { email: 'admin-outbox@example.com' });
    await post(t.app, '/crm/api/user/send-auth-code', { login: 'admin-outbox@example.com' });
    const out: string[] = [];
    expect(
      await runAdmin(['outbox', '--limit', '5'], { baseUrl: base, token: operatorToken(t), out: (l) => out.push(l) }),
    ).toBe(0);
    expect(out[0]).toMatch(/ email to admin-outbox@example\.com: /);
    expect(out[1]).toMatch(/code: \d{6}\b/);
  });
});

describe('GET /crm/api/debug/outbox behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('a forwarded address of 127.0.0.1 is not the machine itself', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.0.0.2']) {
      const res = await get(t, { remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode, remoteAddress).toBe(403);
    }
    expect((await get(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });
});

/** A production configuration: the sandbox payment provider is refused there (a real one is named). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '100500',
  YOOKASSA_SECRET_KEY: 'test_production_key',
};

describe('GET /crm/api/debug/outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PRODUCTION);
  });
  afterAll(() => t.close());

  it('is 404 for everyone, the machine itself and the operator included', async () => {
    expect((await get(t, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const withToken = await get(t, {
      remoteAddress: '127.0.0.1',
      headers: { [OPERATOR_TOKEN_HEADER]: operatorToken(t) },
    });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('DEBUG_OUTBOX cannot turn it on in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEBUG_OUTBOX: '1' })).toThrow(ConfigError);
    expect(loadConfig(PRODUCTION).isDebugOutbox).toBe(false);
  });
});
