import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  define: { __BUILD_TIMESTAMP__: '0', __BRAND_ID__: '1' },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/org/' } },
    setupFiles: ['./vitest.setup.ts'],
    // jsdom suites on a busy two-core CI machine: lazy page imports can take seconds
    testTimeout: 20_000,
  },
});
