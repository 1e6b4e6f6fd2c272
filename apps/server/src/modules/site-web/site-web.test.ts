/**
 * The public sites' HTML (issue 25): a published site answers at its host and at the path
 * preview, rendered on the server from the published pages and the tours' live data; an
 * unpublished or unknown one is a 404 page; pages are cached until a publish or a tour changes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, reviews, tourDates } from '../../db/schema/index';
import { insertRequest } from '../payment/payment.fixtures';
import type { TestApp } from '../../test/test-app';
import {
  attach,
  call,
  CNAMES,
  day,
  makeSiteApp,
  publishedTour,
  q,
  SITES_DOMAIN,
  tenant,
  type Who,
} from '../site/site.fixtures';

let t: TestApp;
let owner: Who;
let other: Who;
let host = '';
let subdomain = '';
let tourSlug = '';
let otherSlug = '';
let tourId = 0;
let tourDate = '';
let dateId = 0;
let otherTourId = 0;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

const saveAndPublish = async (who: Who, type: 'site' | 'main' | 'tour', blocks: unknown[]) => {
  const saved = await call(t, 'POST', `/crm/api/site/save-page-blocks?${q(who)}`, who, { type, blocks });
  expect(saved.status, saved.raw).toBe(200);
  const published = await call(t, 'POST', `/crm/api/site/publish-data?${q(who)}`, who, { type });
  expect(published.status, published.raw).toBe(200);
};

beforeAll(async () => {
  t = await makeSiteApp(undefined, { withCrm: true });
  owner = await tenant(t, 'site-web-owner@example.com', 'Altai Trails');
  other = await tenant(t, 'site-web-other@example.com', 'Other Trails');
  const tour = await publishedTour(t, owner, 'Lake Teletskoye in five days');
  tourId = tour.tourId;
  tourDate = tour.dateStart;
  dateId = tour.dateId;
  const otherTour = await publishedTour(t, other, 'A tour of another provider');
  otherTourId = otherTour.tourId;
  const site = await attach(t, owner, { subdomain: 'altai-trails' });
  expect(site.status, site.raw).toBe(200);
  subdomain = site.body.subdomain as string;
  host = `${subdomain}.${SITES_DOMAIN}`;
  await attach(t, other, { subdomain: 'other-trails' });
  for (const type of ['site', 'main', 'tour'] as const) {
    const page = await call(t, 'GET', `/crm/api/site/get-page?${q(owner, `&type=${type}`)}`, owner);
    await saveAndPublish(owner, type, page.body.blocks as unknown[]);
  }
  const list = await call(t, 'GET', `/spa/tours-crm?domain=${host}`, null);
  expect(list.status, list.raw).toBe(200);
  tourSlug = (list.body as unknown as { id: number; screen_name: string }[]).find(
    (c) => c.id === tour.tourId,
  )!.screen_name;
  otherSlug = `${otherTour.tourId}-a-tour-of-another-provider`;
}, 120_000);
afterAll(() => t.close());

describe('a published site at its own host', () => {
  it('renders the main page on the server: the organizer, its tours, the header and the footer, with a strict CSP', async () => {
    const res = await get('/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    // the booking form posts to the site and is sent on to the product's traveller chat
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self' https://crm.example.test");
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain('Altai Trails');
    expect(res.body).toContain('Lake Teletskoye in five days');
    expect(res.body).toMatch(/<header[\s>]/);
    expect(res.body).toMatch(/<footer[\s>]/);
    expect(res.body).toContain('id="site-root"');
    expect(res.body).toMatch(/rel="canonical"/);
    expect(res.body).toMatch(/hreflang="ru"/);
  });

  it('a tour page shows the tour with its live departures; another provider’s tour is not on this site', async () => {
    const res = await get(`/tours/${tourSlug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Lake Teletskoye in five days');
    expect(res.body).toContain('TouristTrip');
    // the departures: on the page and in its JSON-LD offers
    expect(res.body).toContain(`"availabilityStarts":"${tourDate}"`);
    // a departure added in the CRM is on the page at once (the cached page is keyed on the tour's changes)
    const added = await call(t, 'POST', '/crm/api/tour/save-date', owner, {
      tour_id: tourId,
      date_start: day(60),
      date_end: day(62),
      price: 15500,
      number_of_seats: 8,
    });
    expect(added.status, added.raw).toBe(200);
    const again = await get(`/tours/${tourSlug}`);
    expect(again.body).toContain(`"availabilityStarts":"${day(60)}"`);
    expect(again.body).toContain('"price":15500');
    const foreign = await get(`/tours/${otherSlug}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('A tour of another provider');
  });

  it('schedule, the agreement once written, and an unknown path or document (404 in the site’s style)', async () => {
    expect((await get('/schedule')).statusCode).toBe(200);
    expect((await get('/agreement')).statusCode).toBe(404);
    const doc = await call(t, 'POST', `/crm/api/site/update-document?${q(owner)}`, owner, {
      type: 'agreement',
      content: '<h2>Terms</h2><p>Book and travel.</p>',
    });
    expect(doc.status, doc.raw).toBe(200);
    const agreement = await get('/agreement');
    expect(agreement.statusCode).toBe(200);
    expect(agreement.body).toContain('Book and travel.');
    expect((await get('/policy')).statusCode).toBe(404);
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Altai Trails');
  });

  it('in Russian with ?lang=ru; compressed when asked; 304 for the same ETag', async () => {
    const ru = await get('/?lang=ru');
    expect(ru.body).toContain('<html lang="ru"');
    // the site's own links keep the language asked for
    expect(ru.body).toContain(`href="/tours/${tourSlug}?lang=ru"`);
    expect((await get('/')).body).toContain(`href="/tours/${tourSlug}"`);
    const br = await get('/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const etag = String(br.headers.etag);
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('its favicon: the initial of its name on the preset’s colour until the organizer uploads one', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('>A</text>');
  });

  it('robots.txt and sitemap.xml list the site’s pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>http://${host}/</loc>`);
    expect(sitemap.body).toContain(`/tours/${tourSlug}</loc>`);
  });

  it('a custom domain whose CNAME points at the sites domain serves the same site by its Host', async () => {
    CNAMES.set('tours.altai-trails.example', SITES_DOMAIN);
    const changed = await call(t, 'POST', `/crm/api/site/change-domain?${q(owner)}`, owner, {
      domain: 'tours.altai-trails.example',
      is_custom: true,
    });
    expect(changed.status, changed.raw).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'tours.altai-trails.example' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Altai Trails');
    expect(res.body).toContain('https://tours.altai-trails.example/');
  });

  it('the API still answers at a site’s host (the public JSON calls)', async () => {
    const res = await get(`/spa/custom-site-org-data?domain=${host}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Altai Trails' });
  });
});

describe('what changes reaches the page', () => {
  it('a change republished appears; a saved draft alone does not', async () => {
    const before = await get('/');
    const page = await call(t, 'GET', `/crm/api/site/get-page?${q(owner, '&type=main')}`, owner);
    const blocks = [
      ...(page.body.blocks as unknown[]),
      { id: 'fresh-text', type: 24, data: { title: 'News of the season', html: '<p>Snow in May</p>' } },
    ];
    const saved = await call(t, 'POST', `/crm/api/site/save-page-blocks?${q(owner)}`, owner, { type: 'main', blocks });
    expect(saved.status, saved.raw).toBe(200);
    expect((await get('/')).body).toBe(before.body);
    await call(t, 'POST', `/crm/api/site/publish-data?${q(owner)}`, owner, { type: 'main' });
    const after = await get('/');
    expect(after.body).toContain('News of the season');
    expect(after.body).toContain('Snow in May');
  });

  it('no block text can run script: a payload in a title and in the rich text renders inert', async () => {
    const payload = '<img src=x onerror=alert(1)>"><script>alert(1)</script>';
    const page = await call(t, 'GET', `/crm/api/site/get-page?${q(owner, '&type=main')}`, owner);
    const blocks = [
      ...(page.body.blocks as unknown[]),
      {
        id: 'xss-text',
        type: 24,
        data: { title: payload, html: `<p>ok</p>${payload}<a href="javascript:alert(1)">x</a>` },
      },
    ];
    await saveAndPublish(owner, 'main', blocks);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toMatch(/<img[^>]*onerror/i);
    expect(res.body).not.toContain('javascript:alert');
  });
});

describe('a "crm booking" link: the booking page, until the checkout lands', () => {
  const form = (fields: Record<string, string>) => ({
    'content-type': 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(fields).toString(),
  });
  const post = (url: string, fields: Record<string, string>) => {
    const { payload, ...headers } = form(fields);
    return t.app.inject({ method: 'POST', url, headers: { host, ...headers }, payload });
  };
  const chatsOf = async (organizerId: number) =>
    t.database.db.select().from(chats).where(eq(chats.organizer_id, organizerId));

  it('shows the tour and the departure with a form that works without JavaScript; not for search engines', async () => {
    const res = await get(`/booking?tour=${tourId}&date=${dateId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Lake Teletskoye in five days');
    expect(res.body).toContain(`action="/booking?tour=${tourId}&amp;date=${dateId}" method="post"`);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect((await get(`/booking?tour=${otherTourId}`)).statusCode).toBe(404);
  });

  it('renders the checkout’s departures into the first paint, with the free seats of now (never cached)', async () => {
    const res = await get(`/booking?tour=${tourId}&date=${dateId}&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    // the calendar is in the HTML, the asked departure chosen; the island's props carry the same options
    expect(res.body).toContain(`name="checkout-date" checked="" value="${dateId}"`);
    expect(res.body).toContain('10 seats');
    expect(res.body).toContain(`&quot;free_seats&quot;:10`);
    expect(res.body).not.toContain('Loading');
    // and the first choice's price: one adult
    expect(res.body).toMatch(/data-testid="checkout-total">RUB\s10,000</);
    await t.database.db.update(tourDates).set({ number_of_free_seats: 3 }).where(eq(tourDates.id, dateId));
    const again = await get(`/booking?tour=${tourId}&date=${dateId}&lang=en`);
    expect(again.body).toContain('3 seats');
    expect(again.body).toContain(`&quot;free_seats&quot;:3`);
    await t.database.db.update(tourDates).set({ number_of_free_seats: 10 }).where(eq(tourDates.id, dateId));
  });

  it('refuses an empty or mistyped form with the reasons on its fields, and starts no chat', async () => {
    const before = (await chatsOf(owner.organizerId)).length;
    const empty = await post(`/booking?tour=${tourId}&date=${dateId}`, { name: '', email: '', message: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Fill this in');
    const typo = await post(`/booking?tour=${tourId}`, { name: 'Anna', email: 'anna@', message: 'Two of us' });
    expect(typo.statusCode).toBe(422);
    expect(typo.body).toContain('Check the e-mail');
    expect(typo.body).toContain('value="Anna"');
    expect((await chatsOf(owner.organizerId)).length).toBe(before);
  });

  it('a sent form starts a chat with the organizer about the tour and goes on to it', async () => {
    const res = await post(`/booking?tour=${tourId}&date=${dateId}`, {
      name: 'Anna Smirnova',
      email: 'anna@example.com',
      message: 'Two of us, is there a room for two?',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/crm\.example\.test\/org\/traveller-chat\/[^?]+\?lang=en$/);
    const made = (await chatsOf(owner.organizerId)).find((c) => c.traveller_email === 'anna@example.com');
    expect(made).toMatchObject({ traveller_name: 'Anna Smirnova', tour_id: tourId });
    const [first] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chat_id, made!.id));
    expect(first!.text).toContain(tourDate);
    expect(first!.text).toContain('Two of us, is there a room for two?');
    // another provider's tour cannot be booked through this site
    const foreign = await post(`/booking?tour=${otherTourId}`, { name: 'A', email: 'a@example.com', message: 'Hi' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the booking widget (issue 27)', () => {
  it('widget.js: a small script any page may load, at the site’s host and its path preview; none without a site', async () => {
    const res = await get('/widget.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-encoding']).toBe('gzip');
    // small: a few kilobytes compressed (docs/decisions.md, the booking widget)
    expect(res.rawPayload.length).toBeLessThan(2500);
    const plain = await get('/widget.js');
    expect(plain.body).toMatch(/^\(function tourdeskWidget\(win, doc\) \{/);
    expect(plain.body).not.toMatch(/\bimport\b|\brequire\(/);
    // valid JavaScript, type annotations gone
    expect(() => new Function(plain.body)).not.toThrow();
    expect((await get('/widget.js', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
    const preview = await t.app.inject({ method: 'GET', url: `/site/${subdomain}/widget.js` });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe(plain.body);
    expect((await t.app.inject({ method: 'GET', url: '/site/nobody/widget.js' })).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { host: `nobody.${SITES_DOMAIN}` },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the embed page: the checkout alone, any origin may frame it, its messages go to the host page’s origin only', async () => {
    const origin = 'https://provider.example';
    const res = await get(`/booking?tour=${tourId}&date=${dateId}&embed=1&origin=${encodeURIComponent(origin)}`);
    expect(res.statusCode, res.body).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(res.body).toContain('data-island="checkout"');
    expect(res.body).toContain(`&quot;embed&quot;:{&quot;parentOrigin&quot;:&quot;${origin}&quot;}`);
    // no header, no footer, no chat form: the checkout alone
    expect(res.body).not.toMatch(/<header[\s>]/);
    expect(res.body).not.toMatch(/<footer[\s>]/);
    expect(res.body).not.toContain('method="post"');
    // the same page without embed (cached apart) may be framed by the site only
    const plain = await get(`/booking?tour=${tourId}&date=${dateId}`);
    expect(String(plain.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(plain.body).toContain('method="post"');
    for (const path of ['/', `/tours/${tourSlug}`, '/booking', `/booking?embed=1&origin=${encodeURIComponent(origin)}`])
      expect(String((await get(path)).headers['content-security-policy']), path).toContain("frame-ancestors 'self'");
    // an origin that is not one is no target: the page posts nothing
    for (const bad of ['javascript:alert(1)', 'https://provider.example/path', '*', 'null']) {
      const page = await get(`/booking?tour=${tourId}&embed=1&origin=${encodeURIComponent(bad)}`);
      expect(page.statusCode, bad).toBe(200);
      expect(page.body, bad).toContain('&quot;embed&quot;:{&quot;parentOrigin&quot;:null}');
    }
    // another provider's tour is not on this site's widget
    expect((await get(`/booking?tour=${otherTourId}&embed=1&origin=${encodeURIComponent(origin)}`)).statusCode).toBe(
      404,
    );
  });
});

describe('no published site', () => {
  it('an unknown host and an unpublished site answer the 404 page; the product’s own host keeps its routes', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/', headers: { host: `nobody.${SITES_DOMAIN}` } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No site here yet');
    const unpublished = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: `other-trails.${SITES_DOMAIN}` },
    });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body).not.toContain('Other Trails');
    const robots = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: `other-trails.${SITES_DOMAIN}` },
    });
    expect(robots.body).toContain('Disallow: /');
    // the product's host keeps its own / (to the CRM), and a site's host its site, though both have a route at /
    const crm = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'crm.example.test' } });
    expect(crm.statusCode).toBe(302);
    expect(crm.headers.location).toBe('/org/');
    expect((await get('/')).body).toContain('Altai Trails');
    expect((await get('/org/')).body).toContain('<title>CRM</title>');
  });

  it('the path preview on the product’s host shows the same site with its links under /site/<subdomain>', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/site/${subdomain}/`, headers: { host: 'localhost' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Altai Trails');
    expect(res.body).toContain(`/site/${subdomain}/tours/`);
    const tour = await t.app.inject({ method: 'GET', url: `/site/${subdomain}/tours/${tourSlug}` });
    expect(tour.statusCode).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: '/site/nobody/' });
    expect(none.statusCode).toBe(404);
    // what cannot be a subdomain is no site either, never a server error
    for (const bad of ['%00', 'a%20b', 'x'.repeat(80), '%E2%80%8B'])
      expect((await t.app.inject({ method: 'GET', url: `/site/${bad}/` })).statusCode, bad).toBe(404);
    const badPost = await t.app.inject({
      method: 'POST',
      url: '/site/%00/booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a',
    });
    expect(badPost.statusCode).toBe(404);
  });
});

describe('the organizer’s reviews on its site (issue 28)', () => {
  it('a tour page shows the tour’s published reviews with the answers, as text, and its aggregate rating', async () => {
    const requestId = await insertRequest(
      t,
      owner,
      { tourId, dateId, dateStart: tourDate },
      { status: 4, email: 'reviewer@example.com' },
    );
    const [review] = await t.database.db
      .insert(reviews)
      .values({
        organizer_id: owner.organizerId,
        tour_id: tourId,
        tour_date_id: dateId,
        request_id: requestId,
        author_key: 'reviewer@example.com',
        display_name: 'Nina',
        rating: 4,
        text: 'Lovely lake <script>alert(1)</script>',
        language: 'en',
        answer: 'Thank you, Nina!',
        answered_at: new Date(),
      })
      .returning();
    const page = await get(`/tours/${tourSlug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lovely lake &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('Thank you, Nina!');
    const ld = [...page.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(ld.find((e) => e['@type'] === 'TouristTrip')?.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
    });
    // hidden from the site by the organizer: the cached page is rendered again without it
    const hidden = await call(t, 'POST', '/crm/api/reviews/hide', owner, {
      tour_organizer_id: owner.organizerId,
      id: review!.id,
      hidden: true,
      reason: 'Private details',
    });
    expect(hidden.status, hidden.raw).toBe(200);
    const after = await get(`/tours/${tourSlug}`);
    expect(after.body).not.toContain('Lovely lake');
    expect(after.body).not.toContain('AggregateRating');
  });
});
