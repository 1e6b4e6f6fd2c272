import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderSiteBlockFields, siteBlockFieldDescriptions } from '../../scripts/gen-site-block-fields';
import { SITE_BLOCK_TYPE } from '../enum-values';
import { siteBlockDataSchemas } from './site-blocks';
import { SITE_BLOCK_DEFAULT_DATA, SITE_BLOCK_FIELDS, SITE_BLOCK_SETTINGS_FIELDS } from './site-block-fields.generated';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', GENERATED_PATH);

describe('the site editor’s generated block fields', () => {
  it('are what the block schemas give (npm run gen:site-block-fields rewrites them)', async () => {
    const fresh = await renderSiteBlockFields(file);
    // the npm script runs this test with WRITE_GENERATED=1 to write the file
    if (process.env.WRITE_GENERATED === '1') fs.writeFileSync(file, fresh);
    expect(fs.readFileSync(file, 'utf8'), `${GENERATED_PATH} is stale: run npm run gen:site-block-fields`).toBe(fresh);
  }, 15_000);

  it('describe every block type, its fields in the schema’s order', () => {
    expect(Object.keys(SITE_BLOCK_FIELDS).sort()).toEqual(Object.keys(SITE_BLOCK_TYPE).sort());
    for (const [name, schema] of Object.entries(siteBlockDataSchemas))
      expect(SITE_BLOCK_FIELDS[name as keyof typeof SITE_BLOCK_FIELDS].map((f) => f.name)).toEqual(
        Object.keys(schema.shape),
      );
  });

  it('turn the shared shapes into their own kinds, with the limits of the schema', () => {
    const byName = (type: keyof typeof SITE_BLOCK_FIELDS) =>
      Object.fromEntries(SITE_BLOCK_FIELDS[type].map((f) => [f.name, f]));
    const header = byName('app_header');
    expect(header.site_name).toMatchObject({ kind: 'text', max: 160, default: '' });
    expect(header.logo).toMatchObject({ kind: 'media', nullable: true, default: null });
    expect(header.button).toMatchObject({ kind: 'link', nullable: true });
    expect(header.menu).toMatchObject({
      kind: 'array',
      max: 8,
      scalar: true,
      of: [{ name: 'value', kind: 'menu-item' }],
    });
    expect(byName('tours').tour_ids).toMatchObject({ kind: 'ids', max: 50 });
    expect(byName('tours').layout).toMatchObject({ kind: 'select', options: ['grid', 'list'], default: 'grid' });
    expect(byName('schedule').months_ahead).toMatchObject({
      kind: 'number',
      min: 1,
      max: 24,
      integer: true,
      default: 6,
    });
    expect(byName('text').html).toMatchObject({ kind: 'richtext', max: 50_000 });
    expect(byName('about_info').text).toMatchObject({ kind: 'textarea', max: 5000 });
    expect(byName('footer').show_documents).toMatchObject({ kind: 'boolean', default: true });
    expect(byName('gallery').items).toMatchObject({ kind: 'array', max: 40, scalar: true, of: [{ kind: 'media' }] });
    expect(byName('reviews').items?.of?.map((f) => [f.name, f.kind])).toEqual([
      ['author', 'text'],
      ['text', 'textarea'],
      ['rating', 'number'],
      ['date', 'text'],
    ]);
    expect(SITE_BLOCK_SETTINGS_FIELDS.map((f) => f.name)).toEqual(['background', 'spacing', 'anchor']);
  });

  it('give each type’s empty data, which its schema accepts as it is', () => {
    const { defaults } = siteBlockFieldDescriptions();
    expect(SITE_BLOCK_DEFAULT_DATA).toEqual(defaults);
    for (const [name, schema] of Object.entries(siteBlockDataSchemas))
      expect(schema.parse(SITE_BLOCK_DEFAULT_DATA[name as keyof typeof SITE_BLOCK_DEFAULT_DATA])).toEqual(
        SITE_BLOCK_DEFAULT_DATA[name as keyof typeof SITE_BLOCK_DEFAULT_DATA],
      );
  });
});
