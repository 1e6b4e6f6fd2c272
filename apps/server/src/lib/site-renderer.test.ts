import { describe, expect, it } from 'vitest';
import { SITE_BLOCK_TYPE } from '@tourdesk/contract/enum-values';
import { typedSiteBlockSchema } from '@tourdesk/contract/entities/site-blocks';
import {
  fixtureDocumentInput,
  fixtureMainPage,
  fixtureSiteBlocks,
  fixtureTourPage,
} from '../../../web/src/site-render/fixtures';
import { loadSiteRenderer, siteAssetsFromManifest } from './site-renderer';

describe('the site renderer', () => {
  it('renders a page with every block type from the source under vitest', async () => {
    const renderer = await loadSiteRenderer();
    expect(await loadSiteRenderer()).toBe(renderer);
    // one page holding every block type: the fixtures' main and tour blocks, each type once
    const blocks = [...fixtureMainPage.blocks, ...fixtureTourPage.blocks, ...fixtureSiteBlocks];
    const onePerType = Object.values(SITE_BLOCK_TYPE).map((type) => blocks.find((b) => b.type === type)!);
    for (const b of onePerType) expect(typedSiteBlockSchema.safeParse(b).success).toBe(true);
    const base = fixtureDocumentInput('tour');
    const input = {
      ...base,
      view: { kind: 'page' as const, page: { ...fixtureTourPage, blocks: onePerType } },
      assets: { css: ['/site-assets/app/assets/hydrate.css'], js: '/site-assets/app/assets/hydrate.js' },
    };
    const html = renderer.renderSiteDocument(input);
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    for (const [name, type] of Object.entries(SITE_BLOCK_TYPE)) {
      if (type === SITE_BLOCK_TYPE.app_header || type === SITE_BLOCK_TYPE.footer) continue; // header and footer frame the page
      expect(html, name).toContain(`data-block="${name}"`);
    }
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toContain('Altai: lakes and passes');
    expect(html).toContain('<script type="module" src="/site-assets/app/assets/hydrate.js" defer></script>');
    const markup = renderer.renderSiteMarkup(input);
    expect(html).toContain(`<div id="site-root">${markup}</div>`);
  });

  it("reads the client bundle's files off the Vite manifest", () => {
    expect(
      siteAssetsFromManifest({
        'src/site-render/hydrate.tsx': {
          file: 'assets/hydrate-1.js',
          css: ['assets/hydrate-1.css'],
          imports: ['_c.js'],
        },
        '_c.js': { file: 'assets/c-2.js', css: ['assets/c-2.css'] },
      }),
    ).toEqual({
      css: ['/site-assets/app/assets/hydrate-1.css', '/site-assets/app/assets/c-2.css'],
      js: '/site-assets/app/assets/hydrate-1.js',
    });
    expect(() => siteAssetsFromManifest({})).toThrow(/no src\/site-render\/hydrate.tsx/);
  });

  it('loads the built bundle when there is one', async () => {
    const built = await loadSiteRenderer({ source: false }).catch((err: Error) => err);
    if (built instanceof Error) {
      expect(built.message).toMatch(/not built/);
      return;
    }
    expect(built.assets.js).toMatch(/^\/site-assets\/app\/assets\/hydrate-.+\.js$/);
    expect(built.renderSiteMarkup(fixtureDocumentInput('main'))).toContain('data-block="main_intro"');
  });
});
