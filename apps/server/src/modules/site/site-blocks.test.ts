import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_BLOCK_TYPE } from '@tourdesk/contract';
import { sitePages } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { attach, call, makeSiteApp, publishedTour, q, tenant, uploaded, type Who } from './site.fixtures';
import { sanitizeRichText } from './site-blocks';

/** save-page-blocks and validate-block: the page's block types, ids, the organizer's tours and images, the rich text. */
let t: TestApp;
let anna: Who;
let boris: Who;
let annaTour: number;
let borisTour: number;
let borisDate: number;
let annaImage: number;
let borisImage: number;
beforeAll(async () => {
  t = await makeSiteApp();
  anna = await tenant(t, 'anna@blocks.example', 'Anna Tours');
  boris = await tenant(t, 'boris@blocks.example', 'Boris Tours');
  await attach(t, anna);
  annaTour = (await publishedTour(t, anna, 'Altai')).tourId;
  const b = await publishedTour(t, boris, 'Baikal');
  borisTour = b.tourId;
  borisDate = b.dateId;
  annaImage = await uploaded(t, anna);
  borisImage = await uploaded(t, boris);
});
afterAll(() => t.close());

const save = (type: string, blocks: unknown[], who = anna) =>
  call(t, 'POST', `/crm/api/site/save-page-blocks?${q(who)}`, who, { type, blocks });
const pagesDigest = async () => JSON.stringify(await t.database.db.select().from(sitePages));
const img = (id: number, url = 'https://evil.example/x.png') => ({ kind: 'image', image: { id, url, alt: 'Lake' } });

describe('save-page-blocks', () => {
  it('refuses a block its page does not take, duplicate ids and a bad field, writing nothing', async () => {
    const before = await pagesDigest();
    const wrongPage = await save('main', [{ id: 'a', type: SITE_BLOCK_TYPE.app_header, data: {} }]);
    expect(wrongPage.status).toBe(422);
    expect(wrongPage.body.codes).toEqual({ 'blocks.0.type': [{ code: 'site_block_not_on_page' }] });
    const dup = await save('main', [
      { id: 'a', type: SITE_BLOCK_TYPE.faq, data: {} },
      { id: 'a', type: SITE_BLOCK_TYPE.stats, data: {} },
    ]);
    expect(dup.body.codes).toEqual({ 'blocks.1.id': [{ code: 'site_block_duplicate_id' }] });
    const bad = await save('main', [
      { id: 'a', type: SITE_BLOCK_TYPE.stats, data: { items: [{ value: 'x'.repeat(25) }] } },
    ]);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(['blocks.0.data.items.0.value']);
    expect(await pagesDigest()).toBe(before);
  });

  it('refuses another organizer’s tour, departure and image, and a javascript: link', async () => {
    const before = await pagesDigest();
    const res = await save('main', [
      { id: 'tours', type: SITE_BLOCK_TYPE.tours, data: { tour_ids: [annaTour, borisTour] } },
      {
        id: 'intro',
        type: SITE_BLOCK_TYPE.main_intro,
        data: { media: img(borisImage), button: { kind: 3, tour_id: annaTour, tour_date_id: borisDate } },
      },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.codes).toEqual({
      'blocks.0.data.tour_ids.1': [{ code: 'tour_not_found' }],
      'blocks.1.data.media.image.id': [{ code: 'file_not_usable' }],
      'blocks.1.data.button.tour_date_id': [{ code: 'tour_date_not_found' }],
    });
    const js = await save('main', [
      { id: 'intro', type: SITE_BLOCK_TYPE.main_intro, data: { button: { kind: 2, url: 'javascript:alert(1)' } } },
    ]);
    expect(js.status).toBe(422);
    expect(Object.keys(js.body.errors!)).toEqual(['blocks.0.data.button.url']);
    expect(await pagesDigest()).toBe(before);
  });

  it('stores its own images with the server’s url, and the rich text sanitised', async () => {
    const res = await save('main', [
      { id: 'intro', type: SITE_BLOCK_TYPE.main_intro, data: { media: img(annaImage) } },
      {
        id: 'text',
        type: SITE_BLOCK_TYPE.text,
        data: {
          html: '<h1>Big</h1><p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        },
      },
    ]);
    expect(res.status).toBe(200);
    const blocks = res.body.blocks as { data: Record<string, unknown> }[];
    expect(blocks[0]!.data.media).toEqual({
      kind: 'image',
      image: { id: annaImage, url: `/files/${annaImage}`, alt: 'Lake' },
    });
    const html = blocks[1]!.data.html as string;
    expect(html).toBe(
      'Big<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">bad</a> <a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
    const page = await call(t, 'GET', `/crm/api/site/get-page?${q(anna, '&type=main')}`, anna);
    expect(page.body.blocks).toEqual(res.body.blocks);
  });

  it('keeps the allow-list: headings h2–h4, lists, quotes, emphasis, mailto links', () => {
    const kept =
      '<h2>a</h2><h3>b</h3><h4>c</h4><ul><li>d</li></ul><ol><li>e</li></ol><blockquote>f</blockquote><p><strong>g</strong><em>h</em><b>i</b><i>j</i><u>k</u><br /><a href="mailto:x@y.example" rel="noopener noreferrer nofollow" target="_blank">l</a></p>';
    expect(sanitizeRichText(kept)).toBe(kept);
    expect(sanitizeRichText('<p style="color:red" class="x">m</p><iframe src="https://x"></iframe>')).toBe('<p>m</p>');
  });
});

describe('validate-block', () => {
  const validate = (body: unknown, who = anna) => call(t, 'POST', `/crm/api/site/validate-block?${q(who)}`, who, body);

  it('answers success for a valid block, field errors under `block` otherwise', async () => {
    expect((await validate({ block: { id: 'x', type: SITE_BLOCK_TYPE.faq, data: {} } })).body).toEqual({
      success: true,
    });
    const bad = await validate({
      block: { id: 'x', type: SITE_BLOCK_TYPE.stats, data: { items: [{ value: 'y'.repeat(30) }] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.codes).toEqual({ 'block.data.items.0.value': [{ code: 'max_length', params: { length: 24 } }] });
    const wrongPage = await validate({ block: { id: 'x', type: SITE_BLOCK_TYPE.footer, data: {} }, page_type: 'tour' });
    expect(wrongPage.body.codes).toEqual({ 'block.type': [{ code: 'site_block_not_on_page' }] });
    const foreign = await validate({
      block: { id: 'x', type: SITE_BLOCK_TYPE.tours, data: { tour_ids: [borisTour] } },
    });
    expect(foreign.body.codes).toEqual({ 'block.data.tour_ids.0': [{ code: 'tour_not_found' }] });
    expect((await validate({ block: 'nope' })).body.codes).toEqual({ block: [{ code: 'incorrect_value' }] });
  });

  it('is 404 for another tenant’s organizer', async () => {
    const res = await call(t, 'POST', `/crm/api/site/validate-block?${q(anna)}`, boris, {
      block: { id: 'x', type: SITE_BLOCK_TYPE.faq, data: {} },
    });
    expect(res.status).toBe(404);
  });
});
