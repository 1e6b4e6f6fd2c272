import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, files } from '../../db/schema/index';

export type FileRow = typeof files.$inferSelect;

export const createUploadRepository = (db: Db) => ({
  insert: async (values: typeof files.$inferInsert): Promise<FileRow> =>
    (await db.insert(files).values(values).returning())[0]!,
  find: async (id: number): Promise<FileRow | null> =>
    (await db.select().from(files).where(eq(files.id, id)).limit(1))[0] ?? null,
  /**
   * Whether support took the file out of the chats: a deleted or hidden message carries it and no
   * message shown carries it (a chat's file is its messages'; a file in no message is not withdrawn).
   */
  isWithdrawnFromChats: async (id: number): Promise<boolean> => {
    const hidden = sql`(${chatMessages.deleted_at} IS NOT NULL OR ${chatMessages.moderated_at} IS NOT NULL)`;
    const [row] = await db
      .select({
        hidden: sql<boolean>`coalesce(bool_or(${hidden}), false)`,
        shown: sql<boolean>`coalesce(bool_or(NOT ${hidden}), false)`,
      })
      .from(chatMessages)
      .where(eq(chatMessages.file_id, id));
    return Boolean(row?.hidden) && !row?.shown;
  },
});
export type UploadRepository = ReturnType<typeof createUploadRepository>;
