import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { CNAMES, attach, call, makeSiteApp, q, tenant, type Who } from './site.fixtures';
import { articleOf } from './site-media';

/**
 * Domains (subdomain rules, custom domains with a fake CNAME resolver) and the mass-media article
 * reader against a local HTTP server: the app's fetch allow-list names 127.0.0.1 (a buildApp
 * option tests pass, never read from the environment), as the upload tests do.
 */
let t: TestApp;
let anna: Who;
let boris: Who;
let server: http.Server;
let base = '';
const PAGES: Record<string, { type: string; body: string; status?: number }> = {
  '/article': {
    type: 'text/html; charset=utf-8',
    body: `<html><head><title>Fallback</title>
      <meta property="og:title" content="Altai &amp; its lakes">
      <meta property='og:image' content='/img/lake.jpg'>
      <meta property="og:site_name" content="Travel Daily">
      <meta property="article:published_time" content="2026-05-01T10:00:00Z">
      </head><body>…</body></html>`,
  },
  '/plain': {
    type: 'text/html',
    body: '<html><head><title> Just a title </title><meta name="description" content="d"></head></html>',
  },
  '/missing': { type: 'text/html', body: 'gone', status: 404 },
  '/binary': { type: 'image/png', body: 'PNG' },
};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    res.writeHead(page?.status ?? (page ? 200 : 404), { 'content-type': page?.type ?? 'text/plain' });
    res.end(page?.body ?? 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await makeSiteApp(['127.0.0.1']);
  anna = await tenant(t, 'anna@domain.example', 'Anna Tours');
  boris = await tenant(t, 'boris@domain.example', 'Boris Tours');
  await attach(t, anna, { subdomain: 'anna-tours' });
  await attach(t, boris, { subdomain: 'boris-tours' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, body: unknown, who = anna, lang = 'en') =>
  t.app
    .inject({
      method: 'POST',
      url: `/crm/api/site/${path}?${q(who)}`,
      headers: { 'x-authorization': `Bearer ${who.token}`, 'x-language': lang },
      payload: body as object,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown> & { codes?: unknown } }));
const sitesDigest = async () => JSON.stringify(await t.database.db.select().from(sites));

describe('subdomains', () => {
  it('the create form checks its address before the organizer has a site; a stranger learns nothing', async () => {
    const vera = await tenant(t, 'vera@domain.example', 'Vera Tours');
    expect((await post('check-domain', { domain: 'anna-tours', is_custom: false }, vera)).body).toMatchObject({
      available: false,
      message: 'This address is already taken by another site',
    });
    expect((await post('check-domain', { domain: 'vera-tours', is_custom: false }, vera)).body).toMatchObject({
      available: true,
    });
    const stranger = await call(t, 'POST', `/crm/api/site/check-domain?${q(vera)}`, anna, {
      domain: 'vera-tours',
      is_custom: false,
    });
    expect(stranger.status).toBe(404);
  });

  it('checks the format, the reserved names and the taken ones', async () => {
    const check = async (domain: string, lang = 'en') =>
      (await post('check-domain', { domain, is_custom: false }, anna, lang)).body;
    expect(await check('new-name')).toEqual({
      domain: 'new-name',
      available: true,
      dns_ok: null,
      cname_target: 'sites.example.test',
      message: null,
    });
    expect(await check('anna-tours')).toMatchObject({ available: true });
    expect(await check('boris-tours')).toMatchObject({
      available: false,
      message: 'This address is already taken by another site',
    });
    expect(await check('admin', 'ru')).toMatchObject({ available: false, message: 'Этот адрес зарезервирован' });
    for (const bad of ['ab', '-abc', 'abc-', 'a_b_c', 'x'.repeat(41), 'abc.def'])
      expect(await check(bad), bad).toMatchObject({ available: false, dns_ok: null });
  });

  it('changes the subdomain when it may, else 422 on domain and nothing changes', async () => {
    const before = await sitesDigest();
    for (const [domain, code] of [
      ['boris-tours', 'site_domain_taken'],
      ['www', 'site_domain_reserved'],
      ['Bad Name', 'site_subdomain_format'],
    ])
      expect((await post('change-domain', { domain, is_custom: false })).body.codes).toEqual({ domain: [{ code }] });
    expect(await sitesDigest()).toBe(before);
    const changed = await post('change-domain', { domain: 'anna-altai', is_custom: false });
    expect(changed.body).toMatchObject({ subdomain: 'anna-altai', domain: 'anna-altai.sites.example.test' });
  });
});

describe('custom domains', () => {
  it('is set only when its CNAME points at the sites domain', async () => {
    CNAMES.set('tours.anna.example', 'other.example.net');
    const wrong = await post('check-domain', { domain: 'tours.anna.example', is_custom: true });
    expect(wrong.body).toMatchObject({
      available: true,
      dns_ok: false,
      message: 'The domain’s CNAME record must point at sites.example.test',
    });
    const before = await sitesDigest();
    const refused = await post('change-domain', { domain: 'tours.anna.example', is_custom: true });
    expect(refused.body.codes).toEqual({
      domain: [{ code: 'site_custom_domain_dns', params: { target: 'sites.example.test' } }],
    });
    // no record at all: the same refusal
    expect((await post('change-domain', { domain: 'none.anna.example', is_custom: true })).status).toBe(422);
    for (const [domain, code] of [
      ['x.sites.example.test', 'site_custom_domain_ours'],
      ['localhost', 'site_custom_domain_format'],
      ['no_dots', 'site_custom_domain_format'],
    ])
      expect((await post('change-domain', { domain, is_custom: true })).body.codes).toEqual({ domain: [{ code }] });
    expect(await sitesDigest()).toBe(before);

    CNAMES.set('tours.anna.example', 'Sites.Example.TEST');
    expect((await post('check-domain', { domain: 'tours.anna.example', is_custom: true })).body).toMatchObject({
      available: true,
      dns_ok: true,
      message: null,
    });
    const set = await post('change-domain', { domain: 'tours.anna.example', is_custom: true });
    expect(set.body).toMatchObject({
      custom_domain: 'tours.anna.example',
      is_custom_domain: true,
      domain: 'tours.anna.example',
      url: 'https://tours.anna.example',
      preview_url: 'https://crm.example.test/site/anna-altai/',
    });
    // taken now, for another site
    CNAMES.set('tours.anna.example', 'sites.example.test');
    expect((await post('change-domain', { domain: 'tours.anna.example', is_custom: true }, boris)).body.codes).toEqual({
      domain: [{ code: 'site_domain_taken' }],
    });
    expect((await post('check-domain', { domain: 'x.example.com', is_custom: true }, boris)).status).toBe(200);
    expect(
      (await call(t, 'POST', `/crm/api/site/change-domain?${q(anna)}`, boris, { domain: 'zzz-1', is_custom: false }))
        .status,
    ).toBe(404);
  });
});

describe('parse-mass-media-article', () => {
  const parse = (url: string, who = anna) => post('parse-mass-media-article', { url }, who);

  it('reads OpenGraph tags, falling back to the title, from a local server', async () => {
    expect((await parse(`${base}/article`)).body).toEqual({
      url: `${base}/article`,
      title: 'Altai & its lakes',
      source_name: 'Travel Daily',
      image: `${base}/img/lake.jpg`,
      published_at: '2026-05-01T10:00:00Z',
    });
    expect((await parse(`${base}/plain`)).body).toEqual({
      url: `${base}/plain`,
      title: 'Just a title',
      source_name: '127.0.0.1',
      image: null,
      published_at: null,
    });
  });

  it('is a 422 on url when the page cannot be read', async () => {
    for (const url of [`${base}/missing`, `${base}/binary`, 'http://10.0.0.1/private', 'http://127.0.0.1:9/closed'])
      expect((await parse(url)).body.codes, url).toEqual({ url: [{ code: 'site_article_failed' }] });
    expect((await parse('ftp://x.example/a')).status).toBe(422);
    expect(
      (await call(t, 'POST', `/crm/api/site/parse-mass-media-article?${q(anna)}`, boris, { url: `${base}/article` }))
        .status,
    ).toBe(404);
  });

  it('decodes entities and resolves relative pictures', () => {
    expect(articleOf('<meta content="A &#8212; B" name="twitter:title">', 'https://n.example/a').title).toBe('A — B');
  });
});
