import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SiteDocumentInput } from '../../../web/src/site-render/types';

export type { SiteDocumentInput } from '../../../web/src/site-render/types';

/**
 * The public site's renderer (apps/web/src/site-render): the same React components the site's
 * browser bundle hydrates and the editor previews. In production it is the SSR bundle
 * apps/web/dist-site/server/render.js, with the client bundle's files (apps/web/dist-site/client,
 * served at /site-assets/app/) read from its Vite manifest; under vitest it is the TypeScript
 * source itself, so the server's tests need no build.
 */
export interface SiteRenderer {
  renderSiteDocument(input: SiteDocumentInput): string;
  renderSiteMarkup(input: SiteDocumentInput): string;
  /** the stylesheets and the hydration script a page links (js '' when the client is not built) */
  assets: { css: string[]; js: string };
}

/** Where the client bundle is served. */
export const SITE_ASSETS_PREFIX = '/site-assets/app/';
const ENTRY = 'src/site-render/hydrate.tsx';

/** apps/web, found upwards from this file (src/lib/ in the tests, dist/ once bundled). */
const findWebRoot = (): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'web');
    if (fs.existsSync(path.join(candidate, 'vite.site.config.ts'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/web not found beside the server');
    dir = parent;
  }
};

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The hydration entry's script and every stylesheet it and its imports need, as served URLs. */
export const siteAssetsFromManifest = (manifest: Record<string, ManifestChunk>): SiteRenderer['assets'] => {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`the site's manifest has no ${ENTRY}`);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const c of chunk.css ?? []) css.add(`${SITE_ASSETS_PREFIX}${c}`);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(ENTRY);
  return { css: [...css], js: `${SITE_ASSETS_PREFIX}${entry.file}` };
};

const readAssets = (webRoot: string, required: boolean): SiteRenderer['assets'] => {
  const file = path.join(webRoot, 'dist-site/client/.vite/manifest.json');
  if (!fs.existsSync(file)) {
    if (required) throw new Error(`the public site is not built: no ${file} (run npm run build)`);
    return { css: [], js: '' };
  }
  return siteAssetsFromManifest(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>);
};

type RenderModule = Pick<SiteRenderer, 'renderSiteDocument' | 'renderSiteMarkup'>;
let loading: Promise<SiteRenderer> | null = null;

/**
 * Loads the renderer once. `source`: the TypeScript source (the default under vitest), else the
 * built bundle (an error when it is not built).
 */
export const loadSiteRenderer = (options: { source?: boolean; webRoot?: string } = {}): Promise<SiteRenderer> => {
  const source = options.source ?? Boolean(process.env.VITEST);
  const load = async (): Promise<SiteRenderer> => {
    const webRoot = options.webRoot ?? findWebRoot();
    const file = source
      ? path.join(webRoot, 'src/site-render/render.tsx')
      : path.join(webRoot, 'dist-site/server/render.js');
    if (!fs.existsSync(file))
      throw new Error(`the public site's renderer is not built: no ${file} (run npm run build)`);
    const mod = (await import(/* @vite-ignore */ source ? file : pathToFileURL(file).href)) as RenderModule;
    return {
      renderSiteDocument: mod.renderSiteDocument,
      renderSiteMarkup: mod.renderSiteMarkup,
      assets: readAssets(webRoot, !source),
    };
  };
  if (options.webRoot !== undefined || options.source !== undefined) return load();
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
};
