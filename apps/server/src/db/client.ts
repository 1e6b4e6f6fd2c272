import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Migrations ship next to the bundle (dist/migrations) and in the source tree (src/db/migrations). */
export const migrationsFolder = (): string => {
  const candidates = [
    path.join(here, 'migrations'),
    path.join(here, 'db', 'migrations'),
    path.join(here, '..', 'src', 'db', 'migrations'),
  ];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
};

export const openDatabase = async (opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
}): Promise<Database> => {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    await pool.query('select 1');
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite(opts.pgliteDir);
  await client.waitReady;
  return { db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
};

export const migrate = async (database: Database): Promise<void> => {
  const folder = migrationsFolder();
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Several nodes may start at once: one migrates, the others wait on the advisory lock.
    await database.db.execute(sql`select pg_advisory_lock(727001)`);
    try {
      await run(database.db as never, { migrationsFolder: folder });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(727001)`);
    }
    return;
  }
  const { migrate: run } = await import('drizzle-orm/pglite/migrator');
  await run(database.db as never, { migrationsFolder: folder });
};

/**
 * A callback a service runs inside its own transaction, after its change (the operator console's
 * audit entry): the change and what is written here commit together, or neither.
 */
export type InTransaction<Info = undefined> = (tx: Db, info: Info) => Promise<void>;
