import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../db/client';
import { seedCatalogue, seedPartnerSites } from '../db/seed/seed';
import { testDatabaseUrls } from './database-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated PGlite data directory each test file copies */
    pgliteTemplateDir: string;
    /** with TEST_DATABASE_URL: a migrated PostgreSQL database each test file clones */
    pgTemplateDb: string;
  }
}

const PG_TEMPLATE_DB = 'tourdesk_test_template';

/** Migrate once: a new PGlite takes seconds to initialise, a copy of a migrated one far less. */
// Vitest requires the global setup as the default export.
// eslint-disable-next-line no-restricted-syntax
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const urls = testDatabaseUrls();
  if (urls.length > 0) {
    // one template per server: each test worker clones from the server it is given
    for (const url of urls) {
      const admin = await openDatabase({ databaseUrl: url });
      await admin.db.execute(sql.raw(`drop database if exists ${PG_TEMPLATE_DB} with (force)`));
      await admin.db.execute(sql.raw(`create database ${PG_TEMPLATE_DB}`));
      await admin.close();
      const u = new URL(url);
      u.pathname = `/${PG_TEMPLATE_DB}`;
      const tpl = await openDatabase({ databaseUrl: u.toString() });
      await migrate(tpl);
      await seedPartnerSites(tpl.db);
      await seedCatalogue(tpl.db);
      await tpl.close();
    }
    project.provide('pgTemplateDb', PG_TEMPLATE_DB);
    project.provide('pgliteTemplateDir', '');
    return async () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-tpl-'));
  const db = await openDatabase({ pgliteDir: dir });
  await migrate(db);
  await seedPartnerSites(db.db);
  await seedCatalogue(db.db);
  await db.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDb', '');
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
