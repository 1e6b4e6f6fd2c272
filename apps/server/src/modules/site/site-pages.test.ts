import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITE_BLOCK_TYPE,
  SITE_BLOCK_TYPE_NAMES,
  SITE_PAGE_BLOCKS,
  siteApi,
  typedSiteBlockSchema,
  type SitePage,
} from '@tourdesk/contract';
import { domainEvents, sitePageVersions, sites } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { attach, call, makeSiteApp, publishedTour, q, tenant, type Who } from './site.fixtures';
import { slugify, tourSlug } from './site-slug';

/** The site constructor's site and pages: attach (idempotent, starter drafts), save, publish, versions, tenancy. */
let t: TestApp;
let anna: Who;
let boris: Who;
beforeAll(async () => {
  t = await makeSiteApp();
  anna = await tenant(t, 'anna@site.example', 'Алтай Тур');
  boris = await tenant(t, 'boris@site.example', 'Boris Trips');
  await publishedTour(t, anna, 'Altai ridge');
});
afterAll(() => t.close());

const page = async (who: Who, type: string) => {
  const res = await call(t, 'GET', `/crm/api/site/get-page?${q(who, `&type=${type}`)}`, who);
  expect(res.status).toBe(200);
  return siteApi.getPage.response.parse(res.body);
};

describe('attach-site', () => {
  it('creates one site with a subdomain from the name, the default preset and the starter drafts', async () => {
    expect((await call(t, 'GET', `/crm/api/site/get-attached-site?${q(anna)}`, anna)).raw).toBe('null');
    const first = await attach(t, anna);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      subdomain: 'altay-tur',
      domain: 'altay-tur.sites.example.test',
      status: 'unpublished',
      preset_type: 'forest',
      url: 'https://altay-tur.sites.example.test',
      preview_url: 'https://crm.example.test/site/altay-tur/',
    });
    // attaching again answers the same site, never a second one
    const again = await attach(t, anna, { subdomain: 'other-name' });
    expect(again.body.id).toBe(first.body.id);
    expect(await t.database.db.select().from(sites).where(eq(sites.organizer_id, anna.organizerId))).toHaveLength(1);
    const got = await call(t, 'GET', `/crm/api/site/get-attached-site?${q(anna)}`, anna);
    expect(got.body.id).toBe(first.body.id);
  });

  it('fills every page with valid blocks of the types its page takes', async () => {
    const expected = {
      site: ['app_header', 'footer'],
      main: ['main_intro', 'tours', 'about_info', 'advantages', 'booking_steps', 'faq', 'contacts'],
      tour: [
        'tour_intro',
        'program',
        'price',
        'dates',
        'livings',
        'guides',
        'tour_faq',
        'reviews',
        'other_tours',
        'contacts',
      ],
    } as const;
    for (const type of ['site', 'main', 'tour'] as const) {
      const p = await page(anna, type);
      expect(p.blocks.map((b) => SITE_BLOCK_TYPE_NAMES[b.type])).toEqual(expected[type]);
      for (const b of p.blocks) {
        expect(typedSiteBlockSchema.parse(b)).toEqual(b);
        expect(SITE_PAGE_BLOCKS[type]).toContain(SITE_BLOCK_TYPE_NAMES[b.type]);
      }
      expect(p).toMatchObject({ published_version: 0, published_at: null, has_unpublished_changes: true });
    }
    const header = (await page(anna, 'site')).blocks[0]!.data as { site_name: string; menu: unknown[] };
    expect(header.site_name).toBe('Алтай Тур');
    // the menu leads to the main page's blocks by their anchors
    expect(header.menu).toContainEqual({ text: 'Tours', link: { kind: 1, anchor: 'tours', text: 'Tours' } });
    const main = await page(anna, 'main');
    expect(main.blocks.find((b) => b.settings.anchor === 'tours')?.type).toBe(SITE_BLOCK_TYPE.tours);
  });

  it('makes the subdomain unique with a suffix, and takes a valid one from the body', async () => {
    const cleo = await tenant(t, 'cleo@site.example', 'Алтай  тур!');
    expect((await attach(t, cleo)).body.subdomain).toBe('altay-tur-2');
    const dora = await tenant(t, 'dora@site.example', 'Dora');
    expect((await attach(t, dora, { subdomain: 'www' })).status).toBe(422);
    expect((await attach(t, dora, { subdomain: 'dora-trips', preset_type: 'sea' })).body).toMatchObject({
      subdomain: 'dora-trips',
      preset_type: 'sea',
    });
  });

  it('is another tenant’s to nobody: 404 with a second user’s token', async () => {
    for (const [method, url, body] of [
      ['GET', `/crm/api/site/get-attached-site?${q(anna)}`, undefined],
      ['POST', `/crm/api/site/attach-site?${q(anna)}`, {}],
      ['GET', `/crm/api/site/get-page?${q(anna, '&type=main')}`, undefined],
      ['POST', `/crm/api/site/publish-data?${q(anna)}`, { type: 'main' }],
      ['POST', `/crm/api/site/save-page-blocks?${q(anna)}`, { type: 'main', blocks: [] }],
    ] as const) {
      const res = await call(t, method, url, boris, body);
      expect(res.status, url).toBe(404);
      expect(res.raw).not.toContain('Алтай');
    }
    // boris has no site yet: his own calls say so
    expect((await call(t, 'GET', `/crm/api/site/get-page?${q(boris, '&type=main')}`, boris)).body.code).toBe(
      'site_not_attached',
    );
  });
});

describe('save and publish', () => {
  it('saves a draft, publishes it as version 1, 2… and keeps each version', async () => {
    const main = await page(anna, 'main');
    const blocks = main.blocks.slice(0, 2);
    const saved = await call(t, 'POST', `/crm/api/site/save-page-blocks?${q(anna)}`, anna, { type: 'main', blocks });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as SitePage).blocks).toHaveLength(2);

    const v1 = await call(t, 'POST', `/crm/api/site/publish-data?${q(anna)}`, anna, { type: 'main' });
    expect(v1.body).toMatchObject({ published_version: 1, has_unpublished_changes: false });
    const site = await call(t, 'GET', `/crm/api/site/get-attached-site?${q(anna)}`, anna);
    expect(site.body.status).toBe('published');

    const changed = [{ ...blocks[0]!, data: { ...blocks[0]!.data, title: 'New title' } }];
    await call(t, 'POST', `/crm/api/site/save-page-blocks?${q(anna)}`, anna, { type: 'main', blocks: changed });
    expect((await page(anna, 'main')).has_unpublished_changes).toBe(true);
    const v2 = await call(t, 'POST', `/crm/api/site/publish-data?${q(anna)}`, anna, { type: 'main' });
    expect(v2.body).toMatchObject({ published_version: 2, has_unpublished_changes: false });

    const versions = await t.database.db
      .select()
      .from(sitePageVersions)
      .where(and(eq(sitePageVersions.site_id, site.body.id as number), eq(sitePageVersions.type, 'main')));
    expect(versions.map((v) => [v.version, v.blocks.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'site.published'));
    expect(events.map((e) => e.payload)).toEqual([
      { site_id: site.body.id, organizer_id: anna.organizerId, page_type: 'main', version: 1 },
      { site_id: site.body.id, organizer_id: anna.organizerId, page_type: 'main', version: 2 },
    ]);
  });

  it('keeps the main page’s title, description and sharing picture in its settings', async () => {
    const res = await call(t, 'POST', `/crm/api/site/update-main-page-setting?${q(anna)}`, anna, {
      title: 'Altai tours',
      meta_description: 'Trips to the Altai',
      og_image_id: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ title: 'Altai tours', meta_description: 'Trips to the Altai', og_image: null });
    expect(res.body.has_unpublished_changes).toBe(true);
  });
});

describe('slugs', () => {
  it('transliterates Cyrillic and derives a tour slug from its id and name when it has none', () => {
    expect(slugify('Щукин Ёж & Co.')).toBe('shchukin-ezh-co');
    expect(slugify('Йошкар-Ола')).toBe('yoshkar-ola');
    expect(tourSlug({ id: 7, name: 'Байкал зимой', screen_name: '' })).toBe('7-baykal-zimoy');
    expect(tourSlug({ id: 7, name: 'Байкал', screen_name: 'baikal' })).toBe('baikal');
    expect(tourSlug({ id: 8, name: '!!!', screen_name: '' })).toBe('8');
  });
});
