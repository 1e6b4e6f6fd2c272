/**
 * The PostgreSQL servers of a test run: TEST_DATABASE_URL holds one URL, or several separated by
 * commas. Vitest then runs one file per server at a time (vitest.config.ts), each worker on its
 * own server: the domain-event cursor waits for every transaction older than an event, and a
 * snapshot spans a whole server, so two files on one server would hold each other's events back.
 */
export const testDatabaseUrls = (env: NodeJS.ProcessEnv = process.env): string[] =>
  (env.TEST_DATABASE_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u.length > 0);

/** This worker's server: VITEST_POOL_ID counts the workers running at once from 1. */
export const workerDatabaseUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const urls = testDatabaseUrls(env);
  if (urls.length === 0) return undefined;
  const poolId = Number(env.VITEST_POOL_ID ?? '1');
  return urls[(Number.isInteger(poolId) && poolId > 0 ? poolId - 1 : 0) % urls.length];
};
