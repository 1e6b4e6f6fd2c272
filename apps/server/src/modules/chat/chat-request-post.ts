import { userActor } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ChatCore } from './chat-core';
import type { ChatInboundRepository } from './chat-inbound.repository';
import { newLinkSecret } from './chat-token';
import type { ChatRepository } from './chat.repository';

/**
 * A member's message into a request's chat with its traveller, made when there is none yet (as the
 * questionnaire's and the inbound e-mail's are): a message to a whole departure (issue 29) lands
 * in each of its requests' chats. The caller has checked the member may write to the departure.
 */
export const createRequestChatPoster = (deps: { repo: ChatRepository & ChatInboundRepository; core: ChatCore }) => {
  const { repo, core } = deps;
  return {
    /** Posts `text` as the member `userId` into the request's chat in one transaction; answers the chat id. */
    post: async (userId: number, requestId: number, text: string): Promise<number | null> => {
      const request = await repo.requestForInbound(requestId);
      if (!request) return null;
      const authorName = await repo.userName(userId);
      return repo.transaction(async (tx: Db) => {
        let chatId = await repo.chatOfRequest(request.id, tx);
        if (!chatId) {
          const made = await repo.insertChat(tx, {
            organizer_id: request.organizer_id,
            kind: 'tourist',
            tour_id: request.tour_id,
            traveller_name: request.customer_name,
            traveller_email: request.customer_email,
            link_secret: newLinkSecret(),
          });
          await repo.linkRequest(tx, made.id, request.id);
          await core.recordChat(tx, 'chat.created', made, userActor(userId));
          chatId = made.id;
        }
        await core.post(chatId, { author: 'organizer', userId, authorName, text, fileId: null, clientId: null }, tx);
        return chatId;
      });
    },
  };
};
export type RequestChatPoster = ReturnType<typeof createRequestChatPoster>;
