import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // a built SPA of our own: index.html and one hashed asset, beside a secret the server must not serve
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'tourdesk-web-'));
  webDist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('answers 404 in the error shape for a missing asset and never leaves the directory', async () => {
    for (const url of ['/org/assets/old-123.js', '/org/../secret.txt', '/org/..%2fsecret.txt', '/org/%2e%2e/secret.txt', '/org/assets/..%2f..%2fsecret.txt', '/org/favicon.ico']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('top secret');
      if (res.statusCode !== 200) {
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ message: 'Not found' });
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
