import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';

export type FileRow = typeof files.$inferSelect;

export const createUploadRepository = (db: Db) => ({
  insert: async (values: typeof files.$inferInsert): Promise<FileRow> =>
    (await db.insert(files).values(values).returning())[0]!,
  find: async (id: number): Promise<FileRow | null> =>
    (await db.select().from(files).where(eq(files.id, id)).limit(1))[0] ?? null,
});
export type UploadRepository = ReturnType<typeof createUploadRepository>;
