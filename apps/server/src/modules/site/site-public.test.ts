import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_BLOCK_TYPE, sitePublicApi } from '@tourdesk/contract';
import { tourDates, tours } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { attach, call, makeSiteApp, publishedTour, q, tenant, type Who } from './site.fixtures';

/** The public site's JSON API and the sitePublic service: published only, by host, live tours, metadata, cache stamp. */
let t: TestApp;
let anna: Who;
let boris: Who;
let altai: { tourId: number; dateId: number; dateStart: string };
let draftTourId: number;
let borisSlug = '';
beforeAll(async () => {
  t = await makeSiteApp();
  anna = await tenant(t, 'anna@public.example', 'Anna Tours');
  boris = await tenant(t, 'boris@public.example', 'Boris Tours');
  await attach(t, anna, { subdomain: 'anna-tours' });
  await attach(t, boris, { subdomain: 'boris-tours' });
  altai = await publishedTour(t, anna, 'Алтай летом');
  await t.database.db.update(tours).set({ screen_name: 'altai' }).where(eq(tours.id, altai.tourId));
  draftTourId = (await publishedTour(t, anna, 'Draft tour', 'draft')).tourId;
  const b = await publishedTour(t, boris, 'Baikal');
  borisSlug = `${b.tourId}-baikal`;
  // a departure in the past is not shown
  await t.database.db.insert(tourDates).values({
    tour_id: altai.tourId,
    date_start: '2020-01-01',
    date_end: '2020-01-02',
    price: '1',
    days: 2,
    number_of_seats: 5,
    number_of_free_seats: 5,
  });
});
afterAll(() => t.close());

const spa = (path: string, query: string) => call(t, 'GET', `/spa/${path}?${query}`, null);
const publish = (who: Who, type: string) => call(t, 'POST', `/crm/api/site/publish-data?${q(who)}`, who, { type });
const DOMAIN = 'domain=anna-tours.sites.example.test';

describe('before the first publish', () => {
  it('answers 404 for an unknown or never-published site', async () => {
    for (const [path, query] of [
      ['custom-site-org-data', DOMAIN],
      ['custom-page', `${DOMAIN}&type=main`],
      ['tours-crm', 'domain=nobody.sites.example.test'],
      ['tours-crm', DOMAIN],
      ['tour-crm', `${DOMAIN}&slug=altai`],
    ]) {
      const res = await spa(path!, query!);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: 'Site not found', code: 'site_not_found' });
    }
  });
});

describe('a published site', () => {
  beforeAll(async () => {
    await publish(anna, 'site');
    await publish(anna, 'main');
    await publish(anna, 'tour');
    await call(t, 'POST', `/crm/api/site/update-document?${q(anna)}`, anna, { type: 'policy', content: '<p>Ours</p>' });
  });

  it('is found by its subdomain host (with a port), a bare subdomain, and its custom domain', async () => {
    const pub = t.app.services.sitePublic;
    const bySub = await pub.siteByHost('anna-tours.sites.example.test:8080');
    expect(bySub?.organizer_id).toBe(anna.organizerId);
    expect((await pub.siteByHost('ANNA-TOURS'))?.id).toBe(bySub!.id);
    expect(await pub.siteByHost('x.anna-tours.sites.example.test')).toBeNull();
    expect((await pub.siteBySubdomain('anna-tours'))?.id).toBe(bySub!.id);
    expect(await pub.siteByHost('tours.anna.example')).toBeNull();
  });

  it('shows the organizer, the published pages and documents', async () => {
    const org = sitePublicApi.customSiteOrgData.response.parse((await spa('custom-site-org-data', DOMAIN)).body);
    expect(org).toMatchObject({
      name: 'Anna Tours',
      has_policy: true,
      has_agreement: false,
      favicon_url: '/favicon.ico',
    });
    expect(org.site_blocks.map((b) => b.type)).toEqual([SITE_BLOCK_TYPE.app_header, SITE_BLOCK_TYPE.footer]);
    expect(org.fonts).toHaveLength(6);

    const main = await spa('custom-page', 'domain=anna-tours&type=main');
    expect(main.body).toMatchObject({ type: 'main', version: 1, tour: null });
    expect((main.body.blocks as unknown[]).length).toBe(7);
    // a draft saved after the publish is not shown
    await call(t, 'POST', `/crm/api/site/save-page-blocks?${q(anna)}`, anna, { type: 'main', blocks: [] });
    expect(((await spa('custom-page', `${DOMAIN}&type=main`)).body.blocks as unknown[]).length).toBe(7);

    const tourPage = await spa('custom-page', `${DOMAIN}&type=tour&slug=altai`);
    expect(tourPage.body).toMatchObject({ type: 'tour', version: 1, tour: { id: altai.tourId, name: 'Алтай летом' } });
    expect((await spa('custom-page', `${DOMAIN}&type=tour`)).status).toBe(422);

    expect((await spa('custom-document-page', `${DOMAIN}&type=policy`)).body).toMatchObject({ content: '<p>Ours</p>' });
    expect((await spa('custom-document-page', `${DOMAIN}&type=agreement`)).status).toBe(404);
  });

  it('lists published tours with their nearest future departure, never a draft or another organizer’s', async () => {
    const cards = sitePublicApi.toursCrm.response.parse((await spa('tours-crm', DOMAIN)).body);
    expect(cards.map((c) => [c.id, c.screen_name, c.is_mock])).toEqual([[altai.tourId, 'altai', false]]);
    expect(cards[0]!.nearest_date).toMatchObject({ id: altai.dateId, date_start: altai.dateStart });
    expect(cards[0]!.price).toBe(12000);

    const tour = sitePublicApi.tourCrm.response.parse((await spa('tour-crm', `${DOMAIN}&slug=altai`)).body);
    expect(tour.dates.map((d) => d.id)).toEqual([altai.dateId]);
    for (const slug of [`${draftTourId}-draft-tour`, borisSlug, 'nope'])
      expect((await spa('tour-crm', `${DOMAIN}&slug=${slug}`)).status, slug).toBe(404);
    // the other organizer's site shows its own tour under the derived slug
    expect((await spa('tour-crm', `domain=boris-tours&slug=${borisSlug}`)).status).toBe(404);
    await publish(boris, 'main');
    expect((await spa('tour-crm', `domain=boris-tours&slug=${borisSlug}`)).body.name).toBe('Baikal');

    const schedule = sitePublicApi.toursSchedule.response.parse(
      (await spa('tours-schedule', `${DOMAIN}&page=1&per_page=10`)).body,
    );
    expect(schedule).toMatchObject({ page: 1, per_page: 10, total: 1 });
    expect(schedule.items.map((i) => [i.tour.id, i.date.id])).toEqual([[altai.tourId, altai.dateId]]);
    expect((await spa('tours-schedule', `${DOMAIN}&page=2&per_page=1`)).body.items).toEqual([]);
  });

  it('describes its pages for search engines: canonical, alternates, JSON-LD with an offer per departure', async () => {
    const main = sitePublicApi.customMetadata.response.parse(
      (await spa('custom-metadata', `${DOMAIN}&type=main`)).body,
    );
    expect(main).toMatchObject({ title: 'Anna Tours', canonical: 'https://anna-tours.sites.example.test/' });
    expect(main.alternates).toEqual([
      { lang: 'en', url: 'https://anna-tours.sites.example.test/?lang=en' },
      { lang: 'ru', url: 'https://anna-tours.sites.example.test/?lang=ru' },
    ]);
    expect(main.json_ld[0]).toMatchObject({ '@type': 'Organization', name: 'Anna Tours' });
    const tour = (await spa('custom-metadata', `${DOMAIN}&type=tour&slug=altai&lang=ru`)).body;
    expect(tour).toMatchObject({
      title: 'Алтай летом — Anna Tours',
      canonical: 'https://anna-tours.sites.example.test/tours/altai',
    });
    const trip = (tour.json_ld as Record<string, unknown>[])[1]!;
    expect(trip).toMatchObject({ '@type': 'TouristTrip', name: 'Алтай летом' });
    expect(trip.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: 10000,
        priceCurrency: 'RUB',
        availabilityStarts: altai.dateStart,
      }),
    ]);
    const policy = (await spa('custom-metadata', `${DOMAIN}&type=policy&lang=ru`)).body;
    expect(policy.title).toBe('Политика конфиденциальности — Anna Tours');
  });

  it('gives the sitemap paths and a cache stamp that changes on publish and on a departure’s change', async () => {
    const pub = t.app.services.sitePublic;
    const site = (await pub.siteBySubdomain('anna-tours'))!;
    expect(await pub.sitemapEntries(site)).toEqual(['/', '/tours/altai', '/schedule', '/policy']);
    const first = await pub.cacheKey(site);
    expect(await pub.cacheKey(site)).toBe(first);
    await publish(anna, 'main');
    const second = await pub.cacheKey(site);
    expect(second).not.toBe(first);
    await t.database.db
      .update(tourDates)
      .set({ number_of_free_seats: 3, updated_at: new Date(Date.now() + 1000) })
      .where(eq(tourDates.id, altai.dateId));
    expect(await pub.cacheKey(site)).not.toBe(second);
  });
});

describe('sample tours', () => {
  it('answers three sample tours and one sample tour in the asked language', async () => {
    const en = sitePublicApi.siteMockTours.response.parse((await spa('site-mock-tours', 'lang=en')).body);
    const ru = sitePublicApi.siteMockTours.response.parse((await spa('site-mock-tours', 'lang=ru')).body);
    expect(en).toHaveLength(3);
    expect(en.every((c) => c.is_mock)).toBe(true);
    expect(ru[0]!.name).toBe('Горный поход по Алтаю');
    const one = sitePublicApi.siteMockTour.response.parse((await spa('site-mock-tour', '')).body);
    expect(one.program.length).toBe(one.duration);
    expect(one.dates[0]!.date_start > new Date().toISOString().slice(0, 10)).toBe(true);
  });
});
