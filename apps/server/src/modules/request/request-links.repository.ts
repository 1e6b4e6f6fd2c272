import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema/index';

/** The queries of a request's traveller links: its uuid (the questionnaire link). */
export const createRequestLinksRepository = (db: Db) => ({
  request: async (id: number): Promise<{ id: number; organizer_id: number; uuid: string } | null> =>
    (
      await db
        .select({ id: requests.id, organizer_id: requests.organizer_id, uuid: requests.uuid })
        .from(requests)
        .where(eq(requests.id, id))
    )[0] ?? null,
  /** A new random uuid for the request: the old questionnaire link names nothing any more. */
  newUuid: async (id: number): Promise<string> =>
    (
      await db
        .update(requests)
        .set({ uuid: sql`gen_random_uuid()` })
        .where(eq(requests.id, id))
        .returning({ uuid: requests.uuid })
    )[0]!.uuid,
});
export type RequestLinksRepository = ReturnType<typeof createRequestLinksRepository>;
