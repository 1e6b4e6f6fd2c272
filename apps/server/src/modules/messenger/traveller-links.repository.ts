import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { requestMessengerLinks, requests } from '../../db/schema/index';

const live = (sourceType: string) =>
  and(eq(requestMessengerLinks.source_type, sourceType), isNull(requestMessengerLinks.unlinked_at));

/** The messenger chats travellers linked to their requests (request_messenger_links). */
export const createTravellerLinksRepository = (db: Db) => ({
  /** The request a link payload names, with what its MAC is made of. */
  findRequest: async (id: number): Promise<{ id: number; uuid: string } | undefined> =>
    (await db.select({ id: requests.id, uuid: requests.uuid }).from(requests).where(eq(requests.id, id)).limit(1))[0],

  /** Links the chat to the request; false when it already is (a replayed /start adds nothing). */
  link: async (values: { request_id: number; source_type: string; chat_id: string; language: Language }) =>
    (
      await db
        .insert(requestMessengerLinks)
        .values(values)
        .onConflictDoNothing({
          target: [requestMessengerLinks.request_id, requestMessengerLinks.source_type, requestMessengerLinks.chat_id],
          where: sql`${requestMessengerLinks.unlinked_at} is null`,
        })
        .returning({ id: requestMessengerLinks.id })
    ).length === 1,

  /** The chats linked to the request now, oldest first; `q` may be a caller's transaction. */
  liveChats: (requestId: number, sourceType: string, q: Db = db) =>
    q
      .select({ chat_id: requestMessengerLinks.chat_id, language: requestMessengerLinks.language })
      .from(requestMessengerLinks)
      .where(and(eq(requestMessengerLinks.request_id, requestId), live(sourceType)))
      .orderBy(asc(requestMessengerLinks.linked_at), asc(requestMessengerLinks.id)),

  /** The requests the chat is linked to now, oldest first. */
  liveRequestsOfChat: (sourceType: string, chatId: string) =>
    db
      .select({ request_id: requestMessengerLinks.request_id, language: requestMessengerLinks.language })
      .from(requestMessengerLinks)
      .where(and(eq(requestMessengerLinks.chat_id, chatId), live(sourceType)))
      .orderBy(asc(requestMessengerLinks.linked_at), asc(requestMessengerLinks.id)),

  /** Ends every live link of the request; answers the chats that were linked. */
  unlinkRequest: (requestId: number, sourceType: string) =>
    db
      .update(requestMessengerLinks)
      .set({ unlinked_at: new Date() })
      .where(and(eq(requestMessengerLinks.request_id, requestId), live(sourceType)))
      .returning({ chat_id: requestMessengerLinks.chat_id, language: requestMessengerLinks.language }),

  /** Ends every live link of the chat; answers the requests it was linked to. */
  unlinkChat: (sourceType: string, chatId: string) =>
    db
      .update(requestMessengerLinks)
      .set({ unlinked_at: new Date() })
      .where(and(eq(requestMessengerLinks.chat_id, chatId), live(sourceType)))
      .returning({ request_id: requestMessengerLinks.request_id, language: requestMessengerLinks.language }),
});
export type TravellerLinksRepository = ReturnType<typeof createTravellerLinksRepository>;
