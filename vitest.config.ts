import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; each workspace is a project.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free: on a two-core machine that is one file at a time,
    // while most files spend part of their time waiting (sockets, timers). Two files at once took
    // the whole run from 17 to 12½ minutes there, every test passing (docs/benchmarks.md). Not on
    // PostgreSQL (TEST_DATABASE_URL): the test files' databases share one server, whose snapshots
    // span them all, so one file's open transaction holds back the domain events another file
    // waits for (lib/domain-events: only events older than every running transaction are read).
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : Math.max(2, os.availableParallelism() - 1),
    projects: ['packages/contract', 'packages/ui', 'apps/server', 'apps/web', 'eslint-rules'],
  },
});
