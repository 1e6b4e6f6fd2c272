import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;
const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
beforeAll(async () => {
  // a built SPA of our own: index.html and one hashed asset, beside a secret the server must not serve
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'tourdesk-web-'));
  webDist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // what the build's precompress step writes beside a larger asset
  fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), BIG_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_JS));
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'top secret');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

describe('the SPA at /org/', () => {
  it('answers index.html for client routes, not cached, with security headers', async () => {
    for (const url of ['/org', '/org/', '/org/login', '/org/1/bookings?x=1', '/org/whatever/deep/path']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBeDefined();
    }
  });

  it('serves hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/org/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed asset the browser accepts, brotli first, and says so', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/org/assets/big-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString(), accept).toBe(BIG_JS);
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: '/org/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('sends index.html compressed to a browser that accepts it, plain to one that does not', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/org/login',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<title>SPA</title>');
    const gz = await t.app.inject({ method: 'GET', url: '/org/login', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<title>SPA</title>');
    const plain = await t.app.inject({ method: 'GET', url: '/org/login', headers: { 'accept-encoding': 'br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>SPA</title>');
  });

  it('answers a missing asset with a 404 in the error shape, never with the SPA', async () => {
    // an old tab after a deploy asks for assets that are gone: index.html in their place would
    // be run as JavaScript (or read as CSS) and fail obscurely, so these must be real 404s
    for (const url of [
      '/org/assets/old-123.js',
      '/org/assets/index-old999.css',
      '/org/assets/nested/chunk-1.js',
      '/org/assets/no-extension',
      '/org/favicon.ico',
      '/org/robots.txt',
    ]) {
      for (const acceptEncoding of ['identity', 'gzip, deflate, br']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.body, url).not.toContain('<title>SPA</title>');
        expect(res.json(), url).toEqual({ message: 'Not found', code: 'not_found' });
      }
    }
  });

  it('never leaves the directory', async () => {
    for (const url of [
      '/org/../secret.txt',
      '/org/..%2fsecret.txt',
      '/org/%2e%2e/secret.txt',
      '/org/assets/..%2f..%2fsecret.txt',
      '/org/assets/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('top secret');
      if (res.statusCode !== 200) {
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'Not found', code: 'not_found' });
      } else {
        // a traversal that normalises into /org/… is just a client route: the SPA answers
        expect(res.body, url).toContain('<title>SPA</title>');
      }
    }
  });

  it('sends / to /org/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/org/');
  });
});
