import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  demoAccountExists,
  seedCatalogue,
  seedDemo,
  seedPartnerSites,
} from './db/seed/seed';
import { seedDemoPhotos } from './db/seed/demo-photos';
import { seedDemoBookings } from './db/seed/demo-bookings';
import { seedDemoChats } from './db/seed/demo-chats';
import { seedDemoReviews } from './db/seed/demo-reviews';
import { seedDemoSchedule } from './db/seed/demo-schedule';
import { readBuildInfo } from './lib/build-info';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { loadSecrets } from './lib/secrets';
import path from 'node:path';
import { startSweeps } from './lib/sweeps';
import { NOTIFICATION_SUBSCRIBER } from './modules/notification/index';

const SHUTDOWN_TIMEOUT_MS = 15_000;

const main = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }

  // PGlite must be the only process on its files; with PostgreSQL, DATA_DIR still holds uploads.
  let lock: { release: () => void };
  try {
    lock = lockDataDir(config.dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (err) =>
      process.stderr.write(`${JSON.stringify({ level: 40, msg: 'idle database client error', err: err.message })}\n`),
  });
  await migrate(database);
  await seedPartnerSites(database.db);
  await seedCatalogue(database.db);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db) : false;

  const app = await buildApp({ config, database, secrets: loadSecrets(config), buildInfo: readBuildInfo() });
  // the demo tours' photos go through the upload and tour services, so they need the app
  if (seeded)
    // the seeded history (its payments, its cancellations) is not news: nobody is notified of it
    await app.services.events.skipping([NOTIFICATION_SUBSCRIBER], async () => {
      await seedDemoPhotos(app.services, database.db, app.log);
      await seedDemoSchedule(app.services, database.db, app.log);
      await seedDemoBookings(app.services, database.db, app.log);
      await seedDemoChats(app.services, database.db, app.log);
      await seedDemoReviews(database.db, app.log);
    });

  // Timed work (lib/sweeps.ts): each module's sweeps (week schedules hourly; unpaid requests and
  // balance reminders every 10 minutes; seat holds and ended trips every minute) and the platform's
  // (the domain events every 3 s, pruned hourly; queued messages every 15 s). On PostgreSQL each
  // sweep takes an advisory lock or claims its rows FOR UPDATE SKIP LOCKED: one node at a time.
  const stopSweeps = startSweeps(app.sweeps, (err, name) => app.log.error({ err }, `${name} sweep failed`));

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      lock.release();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await stopSweeps();
      await app.close();
      await database.close();
      app.log.info('database closed');
    } finally {
      lock.release();
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}/org`;
  app.log.info({ url, database: database.kind, seeded }, 'Tourdesk is running');
  // the demo sign-in only where there is a demo account (SEED_DEMO=false on a fresh DATA_DIR has none)
  const demo = (await demoAccountExists(database.db)) ? `  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n` : '';
  process.stdout.write(`\n  Tourdesk is running at ${url}\n${demo}\n`);
};

main().catch((e: unknown) => {
  process.stderr.write(`Tourdesk failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
