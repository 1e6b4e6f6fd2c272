import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../config';
import { bearer, createTestApp, createUser, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { isLocalAddress } from './general.service';

const OPERATOR = 'general-operator-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BRAND_ID: '3', DEFAULT_COUNTRY: 'KZ', MAPS_TOKEN: 'maps-123', ADMIN_TOKEN: OPERATOR });
});
afterAll(() => t.close());

describe('POST /crm/api/domain/info', () => {
  it('answers the partner site of the requesting host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/domain/info',
      headers: { host: 'www.horsetrails.travel' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      domain: 'horsetrails.travel',
      name: 'Horse Trails',
      logo: '',
      is_tour_author_required: false,
    });
    expect(typeof (res.json() as { id: number }).id).toBe('number');
  });

  it("falls back to the build's brand for an unknown host, also without a body", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/domain/info',
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ domain: 'guidesclub.org', name: 'Guides Club', is_tour_author_required: true });
  });

  it('refuses unknown fields and wrong types with 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/domain/info', payload: { domain: 42 } });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.domain).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/crm/api/domain/info', payload: { hack: 1 } })).statusCode).toBe(
      422,
    );
  });
});

describe('GET /spa/site-tokens', () => {
  it('names the altcha captcha and the maps settings from config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/spa/site-tokens' });
    expect(res.json()).toMatchObject({
      captcha_provider: 'altcha',
      invisible_captcha_provider: 'altcha',
      maps_token: 'maps-123',
      maps_provider: 'osm',
      map_tiles_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      map_tiles_attribution: '© OpenStreetMap contributors',
    });
  });

  it('takes another https tile server, and refuses a template the page could not load', () => {
    const tiles = (MAP_TILES_URL: string) => configSchema.safeParse({ MAP_TILES_URL });
    expect(tiles('https://tiles.example.org/{z}/{x}/{y}.png?key=1').data?.MAP_TILES_URL).toBe(
      'https://tiles.example.org/{z}/{x}/{y}.png?key=1',
    );
    expect(tiles('/tiles/{z}/{x}/{y}.png').success).toBe(true);
    // the CSP loads images over https only; a template needs all three placeholders
    expect(tiles('http://tiles.example.org/{z}/{x}/{y}.png').success).toBe(false);
    expect(tiles('https://tiles.example.org/{z}/{x}.png').success).toBe(false);
  });
});

describe('GET /spa/country-by-ip', () => {
  it('answers the default country for loopback and private addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/spa/country-by-ip', remoteAddress: '127.0.0.1' });
    expect(res.json()).toEqual({ result: { iso_code: 'KZ' } });
    expect(isLocalAddress('192.168.1.10')).toBe(true);
    expect(isLocalAddress('10.1.2.3')).toBe(true);
    expect(isLocalAddress('::ffff:172.20.0.1')).toBe(true);
    expect(isLocalAddress('fe80::1')).toBe(true);
    expect(isLocalAddress('8.8.8.8')).toBe(false);
  });

  it('looks public addresses up with geoip-country', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/spa/country-by-ip', remoteAddress: '8.8.8.8' })).json()).toEqual(
      { result: { iso_code: 'US' } },
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/spa/country-by-ip', remoteAddress: '77.88.8.8' })).json(),
    ).toEqual({ result: { iso_code: 'RU' } });
  });
});

describe('GET /meta/version.json', () => {
  it('answers the timestamp of the running build, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/meta/version.json' });
    expect(res.json()).toEqual({ timestamp: 1_700_000_000_000 });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /flags/1x1/{cc}.svg', () => {
  it('serves a known flag as svg', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/flags/1x1/ru.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
  });

  it('serves Ascension and Tristan da Cunha, which flag-icons files under Saint Helena', async () => {
    for (const cc of ['ac', 'ta', 'AC']) {
      const res = await t.app.inject({ method: 'GET', url: `/flags/1x1/${cc}.svg` });
      expect(res.statusCode, cc).toBe(200);
      expect(res.body, cc).toContain('<svg');
    }
  });

  it('answers 404 in the error shape for an unknown code and for traversal attempts', async () => {
    for (const url of [
      '/flags/1x1/zz.svg',
      '/flags/1x1/..%2F..%2Fpackage.json',
      '/flags/1x1/%2e%2e%2f4x3%2fru.svg',
      '/flags/1x1/../../package.json',
      '/flags/1x1/ru.svg%00.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toHaveProperty('message');
      expect(res.body).not.toContain('"name"');
    }
  });
});

describe('debug endpoints', () => {
  it('lists the outbox when debug outbox is on (not production)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/debug/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/debug/outbox?limit=0' })).statusCode).toBe(422);
  });

  it('tells the build, brand and database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/debug/info' })).json()).toMatchObject({
      timestamp: 1_700_000_000_000,
      brand_id: 3,
    });
  });

  it('answers nobody on the network without a token: a signed-in user, this machine or the operator token only', async () => {
    const fromNetwork = { method: 'GET', url: '/crm/api/debug/info', remoteAddress: '203.0.113.7' } as const;
    const guest = await t.app.inject(fromNetwork);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'Unauthenticated', code: 'unauthorized' });
    expect(guest.body).not.toContain(process.version);
    // a proxy on this machine forwards outside clients: not local either
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/crm/api/debug/info',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(401);
    expect((await t.app.inject({ ...fromNetwork, headers: { 'x-operator-token': 'wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ ...fromNetwork, headers: { 'x-operator-token': OPERATOR } })).statusCode).toBe(200);
    await createUser(t.database, { email: 'debug@general.example' });
    const { token } = await signIn(t.app, 'debug@general.example');
    const signedIn = await t.app.inject({ ...fromNetwork, headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ node: process.version });
  });
});

describe('Cache-Control of API answers', () => {
  it('a signed-in user’s answers and a traveller’s are no-store; static and public things keep their own', async () => {
    await createUser(t.database, { email: 'cache@general.example', organizers: ['Altai Trails'] });
    const { token } = await signIn(t.app, 'cache@general.example');
    for (const url of ['/crm/api/user/profile', '/crm/api/organizer/list']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // errors too (a 401 names nobody, but a cache must not keep it for the next caller either)
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/user/profile' })).headers['cache-control']).toBe(
      'no-store',
    );
    // public routes: the traveller's chat (a bad link still), the sign-in answers
    expect((await t.app.inject({ method: 'GET', url: '/spa/chat/get?token=1.abc' })).headers['cache-control']).toBe(
      'no-store',
    );
    const signInAnswer = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/auth',
      payload: { login: 'cache@general.example', password: TEST_PASSWORD },
    });
    expect(signInAnswer.statusCode).toBe(200);
    expect(signInAnswer.headers['cache-control']).toBe('no-store');
    // what is the same for everyone keeps its own caching
    expect((await t.app.inject({ method: 'GET', url: '/flags/1x1/ru.svg' })).headers['cache-control']).toBe(
      'public, max-age=604800, immutable',
    );
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/docs' })).headers['cache-control']).toBe(
      'public, max-age=600',
    );
  });
});

describe('GET /crm/api/docs', () => {
  it('is an OpenAPI document generated from every contract route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; security?: unknown[]; parameters?: { name: string }[] }>
      >;
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/crm/api/user/auth']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/crm/api/user/auth']?.post?.security).toEqual([]);
    expect(doc.paths['/crm/api/user/profile']?.get?.security).toBeUndefined();
    expect(doc.paths['/crm/api/debug/outbox']?.get?.parameters?.map((p) => p.name)).toEqual(['limit']);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
  });
});
