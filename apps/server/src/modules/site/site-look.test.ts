import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PRESET_TYPES, siteApi } from '@tourdesk/contract';
import { siteFonts, sites } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { attach, call, makeSiteApp, q, tenant, uploaded, type Who } from './site.fixtures';

/** The site's look: presets, fonts (shipped and uploaded), favicon, documents; another tenant's files refused. */
let t: TestApp;
let anna: Who;
let boris: Who;
beforeAll(async () => {
  t = await makeSiteApp();
  anna = await tenant(t, 'anna@look.example', 'Anna Tours');
  boris = await tenant(t, 'boris@look.example', 'Boris Tours');
  await attach(t, anna);
  await attach(t, boris);
});
afterAll(() => t.close());

const get = (path: string, who = anna, extra = '') => call(t, 'GET', `/crm/api/site/${path}?${q(who, extra)}`, who);
const post = (path: string, body: unknown, who = anna) => call(t, 'POST', `/crm/api/site/${path}?${q(who)}`, who, body);
const digest = async () =>
  JSON.stringify([await t.database.db.select().from(sites), await t.database.db.select().from(siteFonts)]);

describe('presets', () => {
  it('lists five presets with real colours and fonts, changes and updates the site’s', async () => {
    const list = siteApi.getPresetList.response.parse((await get('get-preset-list')).body);
    expect(list.map((p) => p.preset_type)).toEqual([...SITE_PRESET_TYPES]);
    expect(new Set(list.map((p) => p.colors.primary)).size).toBe(5);
    expect((await get('get-preset')).body).toMatchObject({ preset_type: 'forest', colors: list[0]!.colors });

    const sea = await post('change-preset', { preset_type: 'sea' });
    expect(sea.body).toEqual(list[1]);
    const updated = await post('update-preset-data', { colors: { primary: '#123456' }, radius: 4, heading_font_id: 3 });
    expect(updated.body).toMatchObject({
      preset_type: 'sea',
      colors: { ...list[1]!.colors, primary: '#123456' },
      radius: 4,
      heading_font_id: 3,
      body_font_id: list[1]!.body_font_id,
    });
    expect((await get('get-preset')).body).toEqual(updated.body);
    const before = await digest();
    expect((await post('update-preset-data', { body_font_id: 999 })).body.codes).toEqual({
      body_font_id: [{ code: 'site_font_not_found' }],
    });
    expect((await post('update-preset-data', { colors: { text: 'red' } })).status).toBe(422);
    expect(await digest()).toBe(before);
  });
});

describe('fonts', () => {
  it('lists the six shipped fonts with their files, served with a long cache', async () => {
    const fonts = siteApi.getFontsForPreset.response.parse((await get('get-fonts-for-preset')).body);
    expect(fonts.map((f) => [f.id, f.name])).toEqual([
      [1, 'Inter'],
      [2, 'Montserrat'],
      [3, 'PT Serif'],
      [4, 'Lora'],
      [5, 'Playfair Display'],
      [6, 'Nunito'],
    ]);
    const inter = fonts[0]!;
    expect(inter.weights).toEqual([400, 700]);
    expect(inter.files).toHaveLength(4);
    const file = await t.app.inject({ method: 'GET', url: inter.files[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    for (const url of ['/site-assets/fonts/inter/..%2F..%2Fpackage.json', '/site-assets/fonts/nope/x.woff2'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await get('font-data', anna, '&id=5')).body.name).toBe('Playfair Display');
  });

  it('adds and updates the organizer’s font from its own font uploads only', async () => {
    const woff2 = await uploaded(t, anna, { kind: 'file', name: 'Brand.woff2' });
    const ttf = await uploaded(t, anna, { kind: 'file', name: 'Brand-Bold.TTF' });
    const pdf = await uploaded(t, anna, { kind: 'file', name: 'terms.pdf' });
    const borisFont = await uploaded(t, boris, { kind: 'file', name: 'Boris.woff2' });
    const before = await digest();
    const refused = await post('add-font', {
      name: 'Brand',
      files: [
        { weight: 400, file_id: pdf },
        { weight: 700, file_id: borisFont },
      ],
    });
    expect(refused.body.codes).toEqual({
      'files.0.file_id': [{ code: 'site_font_file' }],
      'files.1.file_id': [{ code: 'file_not_found' }],
    });
    expect(await digest()).toBe(before);

    const added = await post('add-font', { name: 'Brand', files: [{ weight: 400, file_id: woff2 }] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Brand', family: "'Brand', sans-serif", weights: [400], is_custom: true });
    const id = added.body.id as number;
    expect(id).toBeGreaterThanOrEqual(1000);
    const updated = await post('update-font', {
      id,
      files: [
        { weight: 700, file_id: ttf },
        { weight: 400, file_id: woff2 },
      ],
    });
    expect(updated.body.files).toEqual([
      { weight: 400, url: `/files/${woff2}` },
      { weight: 700, url: `/files/${ttf}` },
    ]);
    expect((await get('get-fonts-for-preset')).body).toHaveLength(7);
    expect((await post('update-preset-data', { body_font_id: id })).status).toBe(200);
    // another organizer's font is one that does not exist
    expect((await get('font-data', boris, `&id=${id}`)).status).toBe(404);
    expect((await post('update-font', { id, name: 'Mine' }, boris)).status).toBe(404);
    expect((await post('update-preset-data', { body_font_id: id }, boris)).status).toBe(422);
  });
});

describe('favicon', () => {
  it('defaults to /favicon.ico, takes the organizer’s image, refuses another’s, resets with null', async () => {
    expect((await get('get-favicon')).body).toEqual({ url: '/favicon.ico', image: null });
    const own = await uploaded(t, anna);
    const foreign = await uploaded(t, boris);
    const privateOne = await uploaded(t, anna, { isPublic: false });
    const before = await digest();
    for (const id of [foreign, privateOne])
      expect((await post('update-favicon', { file_id: id })).body.codes).toEqual({
        file_id: [{ code: 'file_not_usable' }],
      });
    expect(await digest()).toBe(before);
    expect((await post('update-favicon', { file_id: own })).body).toEqual({
      url: `/files/${own}`,
      image: { id: own, url: `/files/${own}`, alt: '' },
    });
    expect((await post('update-favicon', { file_id: null })).body).toEqual({ url: '/favicon.ico', image: null });
    expect((await post('update-favicon', { file_id: own }, boris)).status).toBe(422);
  });
});

describe('documents', () => {
  it('stores the agreement and the policy sanitised, each organizer its own', async () => {
    expect((await get('get-document', anna, '&type=policy')).body).toEqual({ type: 'policy', content: '' });
    const saved = await post('update-document', {
      type: 'agreement',
      content: '<h2>Terms</h2><p>Pay <a href="javascript:x()">here</a></p><script>x()</script><h1>t</h1>',
    });
    expect(saved.body.content).toBe(
      '<h2>Terms</h2><p>Pay <a rel="noopener noreferrer nofollow" target="_blank">here</a></p>t',
    );
    expect((await get('get-document', anna, '&type=agreement')).body.content).toBe(saved.body.content);
    expect((await get('get-document', boris, '&type=agreement')).body.content).toBe('');
    expect((await call(t, 'GET', `/crm/api/site/get-document?${q(anna, '&type=agreement')}`, boris)).status).toBe(404);
  });
});
