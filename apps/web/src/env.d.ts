/** Defined by vite.config.ts from the build environment. */
declare const __BUILD_TIMESTAMP__: number;
declare const __BRAND_ID__: number;
