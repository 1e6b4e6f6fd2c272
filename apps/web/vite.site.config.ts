import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';

/**
 * The public site's build, apart from the CRM's (its own small bundle and stylesheet):
 * - `vite build -c vite.site.config.ts`: the hydration script and site.css →
 *   dist-site/client (hashed files, their .br and .gz, and .vite/manifest.json), served at /site-assets/app/;
 * - `vite build -c vite.site.config.ts --ssr src/site-render/render.tsx`: the server renderer → dist-site/server/render.js
 *   (node; react and react-dom stay external, the contract is bundled).
 */
/** The brand the checkout's phone input starts on (the kit's fields read it, as the CRM's build defines it). */
const define = { __BRAND_ID__: JSON.stringify(Number(process.env.BRAND_ID ?? 1) || 1) };

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        define,
        ssr: { noExternal: ['@tourdesk/contract'], external: ['react', 'react-dom'] },
        build: {
          ssr: 'src/site-render/render.tsx',
          outDir: 'dist-site/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          rolldownOptions: { output: { entryFileNames: 'render.js' } },
        },
      }
    : {
        base: '/site-assets/app/',
        plugins: [react(), tailwindcss(), precompress()],
        define,
        build: {
          outDir: 'dist-site/client',
          emptyOutDir: true,
          manifest: true,
          sourcemap: false,
          rolldownOptions: { input: { hydrate: 'src/site-render/hydrate.tsx' } },
        },
      },
);
