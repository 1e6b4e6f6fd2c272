import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatRequests, files, requests } from '../../db/schema/index';

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
  /**
   * The chats a file belongs to (issue 29): those whose messages carry it, and the chat its bucket
   * names (`chat:<id>`, `support-chat:<id>`), with the departures of those chats' requests.
   */
  chatsOf: async (file: FileRow): Promise<{ chatIds: number[]; departureIds: number[] }> => {
    const named = /^(?:chat|support-chat):(\d+)$/.exec(file.bucket ?? '');
    const chatIds = [
      ...new Set([
        ...(
          await db.select({ id: chatMessages.chat_id }).from(chatMessages).where(eq(chatMessages.file_id, file.id))
        ).map((r) => r.id),
        ...(named ? [Number(named[1])] : []),
      ]),
    ];
    if (chatIds.length === 0) return { chatIds, departureIds: [] };
    const rows = await db
      .select({ id: requests.tour_date_id })
      .from(chatRequests)
      .innerJoin(requests, eq(requests.id, chatRequests.request_id))
      .where(and(inArray(chatRequests.chat_id, chatIds), isNotNull(requests.tour_date_id)));
    return { chatIds, departureIds: rows.map((r) => r.id!) };
  },
});
export type UploadRepository = ReturnType<typeof createUploadRepository>;
