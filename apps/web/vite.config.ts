import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';

// Set by scripts/build.mjs; plain `vite build` falls back to brand 1 and "no build timestamp"
// (the version check then compares against the first timestamp it fetches).
const brandId = Number(process.env.BRAND_ID ?? 1) || 1;
const buildTimestamp = Number(process.env.BUILD_TIMESTAMP ?? 0) || 0;
const backend = process.env.TOURDESK_API ?? 'http://127.0.0.1:8080';

/** Writes the brand's title, favicon and colour scale into index.html, so nothing flashes. */
const brandHtml = (): Plugin => ({
  name: 'tourdesk-brand-html',
  transformIndexHtml: async (html) => {
    // brand-head.ts imports the contract's TypeScript source; Vite's module runner loads it.
    const { module } = await runnerImport<typeof import('./src/brands/brand-head')>(
      fileURLToPath(new URL('./src/brands/brand-head.ts', import.meta.url)),
    );
    const head = module.brandHead(brandId);
    return html
      .replace('%BRAND_TITLE%', head.title)
      .replace('%BRAND_FAVICON%', head.favicon)
      .replace('%BRAND_THEME_COLOR%', head.themeColor)
      .replace('/* %BRAND_THEME% */', head.css);
  },
});

/**
 * In a production build current-brand.ts becomes its value: one brand's config as a literal,
 * instead of all ten brands' configs, colour scales and logo builders (about 2 KB gzip on
 * every screen). Dev server and tests run the real module.
 */
const currentBrandLiteral = (): Plugin => ({
  name: 'tourdesk-current-brand',
  apply: 'build',
  load: async (id) => {
    if (!/[\\/]src[\\/]brands[\\/]current-brand\.ts$/.test(id)) return null;
    const { module } = await runnerImport<typeof import('./src/brands/brand-configs')>(
      fileURLToPath(new URL('./src/brands/brand-configs.ts', import.meta.url)),
    );
    const brand = module.getBrandConfig(brandId);
    return `export const BRAND_ID = ${brandId};\nexport const currentBrand = ${JSON.stringify(brand)};\n`;
  },
});

/**
 * React Router publishes no "production" export condition: every import resolves to its
 * development build, which keeps its developer warnings (and their texts) in a production
 * bundle. The build takes the production twin of the same file (they differ only in that
 * switch); the dev server keeps the warnings.
 */
const reactRouterProduction = (): Plugin => ({
  name: 'tourdesk-react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId: {
    order: 'pre',
    handler: async function (source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved
        ? { ...resolved, id: resolved.id.replace(/([\\/])dist\1development\1/, '$1dist$1production$1') }
        : null;
    },
  },
});

/** Libraries every screen (the sign-in screen first) needs before it can render. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/;
/** The query cache and forms: every screen but the sign-in screen (which does without, README "Speed"). */
const DATA_AND_FORMS =
  /node_modules[\\/](@tanstack[\\/](query-core|react-query)|use-sync-external-store|react-hook-form)[\\/]/;

/** The kit's parts (and their few dependencies) that nearly every screen, /login first, renders. */
const COMMON_KIT =
  /packages[\\/]ui[\\/]src[\\/](button|field|input|password-input|spinner|tabs|utils|cn|constants|i18n|toast)\.tsx?$|node_modules[\\/](clsx|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](shared|Icon|createLucideIcon|defaultAttributes|context))[\\/.]/;
/** The contract's modules the sign-in screen runs on (plain data and rules, like all the web takes from it). */
const CONTRACT_DATA =
  /packages[\\/]contract[\\/]src[\\/](constants|messages|validation|error-values|entities[\\/]user-values|api[\\/](user|general|captcha)-routes)\.ts$/;

const proxied = ['/crm', '/spa', '/meta', '/flags', '/files'];

export default defineConfig({
  base: '/org/',
  plugins: [reactRouterProduction(), currentBrandLiteral(), react(), tailwindcss(), brandHtml(), precompress()],
  define: {
    __BUILD_TIMESTAMP__: JSON.stringify(buildTimestamp),
    __BRAND_ID__: JSON.stringify(brandId),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs on, in a few files rather than fifty: fewer requests, and
            // one gzip window per file instead of one per module.
            { name: 'framework', test: FRAMEWORK, priority: 40 },
            { name: 'data-and-forms', test: DATA_AND_FORMS, priority: 35 },
            {
              name: 'common',
              test: (id) => COMMON_KIT.test(id) || CONTRACT_DATA.test(id),
              includeDependenciesRecursively: false,
              priority: 30,
            },
            // The entry's own static graph (router, guards, API client, providers).
            {
              name: 'shell',
              tags: ['$initial'],
              test: /apps[\\/]web[\\/]src[\\/]/,
              includeDependenciesRecursively: false,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
      '/socket.io': { target: backend, ws: true },
    },
  },
});
