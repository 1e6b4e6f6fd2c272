import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contractData } from './contract-data-plugin';

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
    const { module } = await runnerImport<typeof import('./src/brands/brand-head')>(fileURLToPath(new URL('./src/brands/brand-head.ts', import.meta.url)));
    const head = module.brandHead(brandId);
    return html
      .replace('%BRAND_TITLE%', head.title)
      .replace('%BRAND_FAVICON%', head.favicon)
      .replace('%BRAND_THEME_COLOR%', head.themeColor)
      .replace('/* %BRAND_THEME% */', head.css);
  },
});

/** Libraries every screen (the sign-in screen first) needs before it can render. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|react-hook-form)[\\/]/;

const proxied = ['/crm', '/spa', '/meta', '/flags', '/files'];

export default defineConfig({
  base: '/org/',
  plugins: [contractData(), react(), tailwindcss(), brandHtml()],
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
            // What every screen runs on, in one file: one request and one gzip window instead of ten.
            { name: 'framework', test: FRAMEWORK, priority: 20 },
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
