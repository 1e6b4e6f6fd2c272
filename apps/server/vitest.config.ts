import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps its modules between test files: every file builds its own app and database
    // (src/test/test-app.ts), and nothing the server holds lives in module scope across apps, so
    // re-importing the whole server for each file only cost time (the import phase was ~40% of
    // the suite; docs/benchmarks.md).
    isolate: false,
  },
});
