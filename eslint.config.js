import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tourdeskPlugin } from './eslint-rules/module-boundaries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-site/**',
      '**/.tmp/**',
      '**/.tmp-*',
      '**/.tmp-*/**',
      'e2e/.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only (CONVENTIONS.md).' },
      ],
    },
  },
  {
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  {
    // The kit knows nothing of the API or the app (ARCHITECTURE.md).
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@tourdesk/contract', '@tourdesk/contract/*', '**/apps/**'] }],
    },
  },
  {
    // A server module or a web feature is reached from another only through its index, its
    // public face (ARCHITECTURE.md "Modules and events"); relative paths are resolved, so
    // `../payment/payment.service` is caught. Tests may reach into the module they test.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*test-utils.{ts,tsx}', '**/test-helpers.ts'],
    plugins: { tourdesk: tourdeskPlugin },
    rules: {
      'tourdesk/module-boundaries': [
        'error',
        {
          roots: [
            // app.ts, server.ts, lib and the seeds reach a server module through its face too
            {
              dir: path.join(here, 'apps/server/src/modules'),
              name: 'module',
              outside: path.join(here, 'apps/server/src'),
            },
            { dir: path.join(here, 'apps/web/src/features'), name: 'feature' },
          ],
        },
      ],
    },
  },
  {
    // Features don't import from each other; pages in app/ compose them (CONVENTIONS.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '@/features/**'],
              message: 'Features do not import from each other; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // zod stays out of the browser (docs/benchmarks.md; apps/web/src/zod-free.test.ts walks the whole
    // graph): the app takes from the contract only its zod-free modules at run time; types from
    // anywhere. Tests may build fixtures with schemas.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/**/test-utils.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'No zod in the browser.', allowTypeImports: true }],
          patterns: [
            { group: ['zod/*'], message: 'No zod in the browser.', allowTypeImports: true },
            {
              // every contract module but constants, messages, validation and the *-routes, *-rules, *-values
              // and *.generated ones (written by the contract's scripts, zod-free)
              regex:
                '^@tourdesk/contract(?!/(constants|messages|validation|(.+/)?[^/]+-(routes|rules|values)|(.+/)?[^/]+\\.generated)$)',
              message:
                'This contract module builds zod schemas: take route descriptors from api/<area>-routes, values from a *-values module (or `import type`).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Components never call fetch: the api/ layer does (CONVENTIONS.md).
    files: ['apps/web/src/**/components/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Call an api/ hook instead.' }] },
  },
);
