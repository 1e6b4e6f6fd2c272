import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, listenOnFreePort, signIn, type TestApp } from '../test/test-app';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './compress';

let t: TestApp;
let token: string;
const BROWSER = 'gzip, deflate, br, zstd';
const ORGANIZERS = Array.from({ length: 30 }, (_, i) => `Организатор туров номер ${i + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { email: 'compress@example.com', organizers: ORGANIZERS });
  ({ token } = await signIn(t.app, 'compress@example.com'));
});
afterAll(() => t.close());

const decode = (encoding: string | undefined, raw: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
};

describe('choosing the encoding from Accept-Encoding', () => {
  it('takes brotli first, gzip else, and honours q=0, * and identity', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['x-gzip', 'gzip'],
      ['BR', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br; q=0 , gzip;q=0', null],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['gzip;q=0.8, br;q=0.8', 'br'],
      ['*', 'br'],
      ['*;q=0', null],
      ['br;q=0, *', 'gzip'],
      ['*;q=0.5, gzip', 'gzip'],
      ['identity;q=1, br;q=0.5', null],
      ['identity;q=0, br', 'br'],
      ['deflate, zstd', null],
      ['br;q=abc, gzip', 'gzip'],
    ];
    for (const [header, expected] of cases) expect(chooseEncoding(header), String(header)).toBe(expected);
  });
});

describe('compressed API answers', () => {
  it('sends a large answer (the OpenAPI document) in brotli or gzip as accepted, the same JSON once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/crm/api/docs' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESS_MIN_BYTES);
    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/crm/api/docs', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(encoding, res.rawPayload), accept).toBe(plain.body);
    }
  });

  it('sends plain JSON, still with Vary, without Accept-Encoding, for identity and when every encoding has q=0', async () => {
    const expected = (await t.app.inject({ method: 'GET', url: '/crm/api/docs' })).json();
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': '*;q=0' },
      { 'accept-encoding': 'deflate' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/crm/api/docs', headers });
      const label = JSON.stringify(headers);
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBeUndefined();
      expect(res.headers.vary, label).toMatch(/accept-encoding/i);
      expect(res.json(), label).toEqual(expected);
    }
  });

  it('leaves small answers alone (domain info, the version)', async () => {
    for (const req of [
      { method: 'POST', url: '/crm/api/domain/info', payload: {} },
      { method: 'GET', url: '/meta/version.json' },
    ] as const) {
      const res = await t.app.inject({ ...req, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, req.url).toBe(200);
      expect(res.rawPayload.length, req.url).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(res.headers['content-encoding'], req.url).toBeUndefined();
      expect(res.headers.vary, req.url).toBeUndefined();
      expect(() => res.json(), req.url).not.toThrow();
    }
  });

  it('keeps the SPEC error shape: small errors plain, a large one compressed and the same once decoded', async () => {
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/crm/api/organizer/list',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(unauthorized.json()).toEqual({ message: expect.any(String), code: expect.any(String) });

    const notFound = await t.app.inject({
      method: 'GET',
      url: '/crm/api/no-such-route',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
    expect(notFound.json()).toEqual({ message: expect.any(String), code: expect.any(String) });

    // a 422 naming a hundred unknown fields is past the threshold
    const body = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`unknown_field_${i}`, 'x']));
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: body,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(decode('br', invalid.rawPayload)) as {
      message: string;
      errors: Record<string, string[]>;
    };
    expect(decoded).toEqual({
      message: expect.any(String),
      code: 'validation',
      errors: expect.any(Object),
      codes: expect.any(Object),
    });
    expect(decoded.errors.unknown_field_99).toEqual(['Unknown field']);
  });

  it('compresses a signed-in list, which a real HTTP client reads back as the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list', headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as { name: string }[]).map((o) => o.name).sort()).toEqual([...ORGANIZERS].sort());
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await t.app.inject({
      method: 'GET',
      url: '/crm/api/organizer/list',
      headers: { ...bearer(token), 'accept-encoding': BROWSER },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', br.rawPayload))).toEqual(plain.json());

    // over a socket: fetch (undici) asks for br and gzip and decodes what comes back
    const baseUrl = await listenOnFreePort(t.app);
    const res = await fetch(`${baseUrl}/crm/api/organizer/list`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(await res.json()).toEqual(plain.json());

    // Socket.IO answers on the same server are none of this hook's business
    const polling = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(polling.status).toBe(200);
    expect(polling.headers.get('content-encoding')).not.toBe('br');
  });
});
