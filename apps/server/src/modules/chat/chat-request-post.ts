import { userActor, type DomainActor } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ChatCore } from './chat-core';
import type { ChatInboundRepository } from './chat-inbound.repository';
import { newLinkSecret } from './chat-token';
import type { ChatRepository, ChatRow } from './chat.repository';

type RequestChatDeps = { repo: ChatRepository & ChatInboundRepository; core: ChatCore };
type InboundRequest = NonNullable<Awaited<ReturnType<ChatInboundRepository['requestForInbound']>>>;

/** The request's chat with its traveller, made in `tx` (by `actor`) when there is none yet (as get-chat-with-organizer makes it). */
export const requestChatIn = async (
  { repo, core }: RequestChatDeps,
  tx: Db,
  request: InboundRequest,
  actor: DomainActor,
): Promise<ChatRow> => {
  const existing = await repo.chatOfRequest(request.id, tx);
  if (existing) return (await repo.chat(existing, tx))!;
  const made = await repo.insertChat(tx, {
    organizer_id: request.organizer_id,
    kind: 'tourist',
    tour_id: request.tour_id,
    traveller_name: request.customer_name,
    traveller_email: request.customer_email,
    link_secret: newLinkSecret(),
  });
  await repo.linkRequest(tx, made.id, request.id);
  await core.recordChat(tx, 'chat.created', made, actor);
  return made;
};

/**
 * A member's message into a request's chat with its traveller, made when there is none yet (as the
 * questionnaire's and the inbound e-mail's are): a message to a whole departure (issue 29) lands
 * in each of its requests' chats. The caller has checked the member may write to the departure.
 */
export const createRequestChatPoster = (deps: RequestChatDeps) => {
  const { repo, core } = deps;
  return {
    /** Posts `text` as the member `userId` into the request's chat in one transaction; answers the chat id. */
    post: async (userId: number, requestId: number, text: string): Promise<number | null> => {
      const request = await repo.requestForInbound(requestId);
      if (!request) return null;
      const authorName = await repo.userName(userId);
      return repo.transaction(async (tx: Db) => {
        const chatId = (await requestChatIn(deps, tx, request, userActor(userId))).id;
        await core.post(chatId, { author: 'organizer', userId, authorName, text, fileId: null, clientId: null }, tx);
        return chatId;
      });
    },
  };
};
export type RequestChatPoster = ReturnType<typeof createRequestChatPoster>;
