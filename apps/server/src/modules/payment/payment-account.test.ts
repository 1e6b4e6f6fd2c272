/**
 * The organizer's own YooKassa account (issue 27): connected in Settings with its shop id and
 * secret key after YooKassa's API accepts them (a local HTTP server plays it: GET /v3/me with
 * Basic auth), stored encrypted, shown as "•••• last 4", replaced, removed; another tenant can
 * neither read nor change it; bad input and a refused key change nothing.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organizerPaymentAccounts } from '../../db/schema/index';
import { createSecretBox } from '../../lib/secret-box';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, tenant, type Who } from './payment.fixtures';

/** The shops YooKassa knows: shop id → its secret keys. */
const SHOPS: Record<string, string[]> = {
  '506751': ['test_AbCdEfGh1234567890xyz9', 'live_NewKey_0000111122223333wxyz'],
  '777001': ['test_OtherShopKey_abcdefgh5555'],
};
/** the test app's server secret (test/test-app.ts) */
const SERVER_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-1234');
const mock = { log: [] as { url: string; auth: string }[], down: false };
let server: http.Server;
let t: TestApp;
let anna: Who;
let boris: Who;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    mock.log.push({ url: req.url!, auth: String(req.headers.authorization) });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (mock.down) return send(500, { type: 'error', description: 'internal' });
    const [shop = '', key = ''] = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    // the shop a key belongs to (a mock's leniency: it answers a known key whatever shop id came with it)
    const owner = Object.keys(SHOPS).find((s) => SHOPS[s]!.includes(key));
    if (!shop || !owner) return send(401, { type: 'error', code: 'invalid_credentials' });
    if (req.method === 'GET' && req.url === '/v3/me')
      return send(200, { account_id: owner, test: key.startsWith('test_'), status: 'enabled' });
    send(404, { type: 'error' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ YOOKASSA_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
  anna = await tenant(t, 'anna@payment-account.example', 'Altai Trails');
  boris = await tenant(t, 'boris@payment-account.example', 'Baikal Tours');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mock.down = false;
  mock.log = [];
});

const get = (who: Who, organizerId = who.organizerId) =>
  call(t, 'GET', `/crm/api/organizer-payment-account/get?organizer_id=${organizerId}`, who);
const connect = (who: Who, body: Record<string, unknown>) =>
  call(t, 'POST', '/crm/api/organizer-payment-account/connect', who, { organizer_id: who.organizerId, ...body });
const rowOf = async (organizerId: number) =>
  (
    await t.database.db
      .select()
      .from(organizerPaymentAccounts)
      .where(eq(organizerPaymentAccounts.organizer_id, organizerId))
  )[0] ?? null;

describe('connecting the organizer’s own YooKassa account', () => {
  it('none at first; YooKassa accepts the key → stored encrypted, shown by its last 4 only', async () => {
    expect((await get(anna)).body).toEqual({ account: null });
    const res = await connect(anna, { shop_id: ' 506751 ', secret_key: 'test_AbCdEfGh1234567890xyz9' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      account: { provider: 'yookassa', shop_id: '506751', secret_last4: 'xyz9', verified_at: expect.any(String) },
    });
    // the test call: YooKassa's /v3/me with the shop's Basic auth
    expect(mock.log).toEqual([
      { url: '/v3/me', auth: `Basic ${Buffer.from('506751:test_AbCdEfGh1234567890xyz9').toString('base64')}` },
    ]);
    expect(res.raw).not.toContain('test_AbCdEfGh');
    const got = await get(anna);
    expect(got.body).toEqual(res.body);
    expect(got.raw).not.toContain('AbCdEfGh');
    const row = (await rowOf(anna.organizerId))!;
    expect(row.shop_id).toBe('506751');
    expect(row.secret_enc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.secret_enc).not.toContain('AbCdEfGh');
    // sealed under the server's secret for this purpose: only that key opens it
    const box = createSecretBox(SERVER_SECRET, 'tourdesk organizer payment accounts');
    expect(box.decrypt(row.secret_enc)).toBe('test_AbCdEfGh1234567890xyz9');
    expect(() => createSecretBox(SERVER_SECRET, 'tourdesk operator totp').decrypt(row.secret_enc)).toThrow();
  });

  it('a key YooKassa refuses, a key of another shop, bad input: 422 on the field, nothing changes', async () => {
    const before = await rowOf(anna.organizerId);
    const refused = await connect(anna, { shop_id: '506751', secret_key: 'test_WrongKey_000000000000' });
    expect(refused.status).toBe(422);
    expect(refused.body.codes).toEqual({ secret_key: [{ code: 'payment_account_rejected' }] });
    // the key opens shop 777001, not the one typed: YooKassa's answer says which
    const mismatch = await connect(anna, { shop_id: '506751', secret_key: 'test_OtherShopKey_abcdefgh5555' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.codes).toEqual({ shop_id: [{ code: 'payment_account_shop_mismatch' }] });
    expect(await rowOf(anna.organizerId)).toEqual(before);
    const kept = before;
    mock.log = [];
    for (const [body, field, code] of [
      [{ shop_id: 'abc', secret_key: 'test_AbCdEfGh1234567890xyz9' }, 'shop_id', 'payment_account_shop_id_invalid'],
      [{ shop_id: '506751', secret_key: 'sk_123456789' }, 'secret_key', 'payment_account_secret_invalid'],
      [{ shop_id: '506751' }, 'secret_key', undefined],
    ] as const) {
      const bad = await connect(anna, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.body.errors ?? {})).toEqual([field]);
      if (code) expect(bad.body.codes?.[field]?.[0]?.code).toBe(code);
    }
    expect(mock.log).toEqual([]);
    expect(await rowOf(anna.organizerId)).toEqual(kept);
  });

  it('YooKassa down: 503, nothing stored', async () => {
    mock.down = true;
    const res = await connect(boris, { shop_id: '777001', secret_key: 'test_OtherShopKey_abcdefgh5555' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_provider_unavailable');
    expect(await rowOf(boris.organizerId)).toBeNull();
  });

  it('replaced by another key, then removed; a second remove is 404', async () => {
    const replaced = await connect(anna, { shop_id: '506751', secret_key: 'live_NewKey_0000111122223333wxyz' });
    expect(replaced.status, replaced.raw).toBe(200);
    expect((replaced.body.account as { secret_last4: string }).secret_last4).toBe('wxyz');
    const all = await t.database.db
      .select()
      .from(organizerPaymentAccounts)
      .where(eq(organizerPaymentAccounts.organizer_id, anna.organizerId));
    expect(all).toHaveLength(1);
    const removed = await call(t, 'POST', '/crm/api/organizer-payment-account/remove', anna, {
      organizer_id: anna.organizerId,
    });
    expect(removed.status).toBe(200);
    expect((await get(anna)).body).toEqual({ account: null });
    const again = await call(t, 'POST', '/crm/api/organizer-payment-account/remove', anna, {
      organizer_id: anna.organizerId,
    });
    expect(again.status).toBe(404);
  });

  it('another organizer’s account can be neither read, connected nor removed', async () => {
    expect((await connect(anna, { shop_id: '506751', secret_key: 'test_AbCdEfGh1234567890xyz9' })).status).toBe(200);
    const kept = await rowOf(anna.organizerId);
    expect((await get(boris, anna.organizerId)).status).toBe(404);
    const foreign = await call(t, 'POST', '/crm/api/organizer-payment-account/connect', boris, {
      organizer_id: anna.organizerId,
      shop_id: '777001',
      secret_key: 'test_OtherShopKey_abcdefgh5555',
    });
    expect(foreign.status).toBe(404);
    const foreignRemove = await call(t, 'POST', '/crm/api/organizer-payment-account/remove', boris, {
      organizer_id: anna.organizerId,
    });
    expect(foreignRemove.status).toBe(404);
    expect(await rowOf(anna.organizerId)).toEqual(kept);
    expect(
      (await call(t, 'GET', `/crm/api/organizer-payment-account/get?organizer_id=${anna.organizerId}`, null)).status,
    ).toBe(401);
  });
});
