import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; each workspace is a project.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free: on a two-core machine that is one file at a time,
    // while most files spend part of their time waiting (sockets, timers, PostgreSQL). Two files at
    // once took the whole run from 17 to 13½ minutes there, every test passing (docs/benchmarks.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: ['packages/contract', 'packages/ui', 'apps/server', 'apps/web', 'eslint-rules'],
  },
});
