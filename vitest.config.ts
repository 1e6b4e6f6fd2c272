import os from 'node:os';
import { defineConfig } from 'vitest/config';

const pgServers = (process.env.TEST_DATABASE_URL ?? '').split(',').filter((u) => u.trim()).length;

// One runner for every unit and integration suite; each workspace is a project.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free: on a two-core machine that is one file at a time,
    // while most files spend part of their time waiting (sockets, timers). Two files at once took
    // the whole run from 17 to 12½ minutes there, every test passing (docs/benchmarks.md). On
    // PostgreSQL (TEST_DATABASE_URL) one file per server at a time: a server's snapshots span all
    // its databases, so one file's open transaction would hold back the domain events another file
    // waits for (lib/domain-events: only events older than every running transaction are read).
    // Give several servers, comma-separated, to run that many files at once
    // (apps/server/src/test/database-urls.ts).
    maxWorkers: pgServers > 0 ? pgServers : Math.max(2, os.availableParallelism() - 1),
    projects: ['packages/contract', 'packages/ui', 'apps/server', 'apps/web', 'eslint-rules'],
  },
});
