import { questionnairePath, travellerChatPath, type Capability, type TravellerLinks } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { RequestLinksRepository } from './request-links.repository';

/** The chat module's part: a request's chat link, and a new one. */
export interface RequestChatLinks {
  linkOfRequest: (requestId: number) => Promise<string | null>;
  reissueLinkOfRequest: (requestId: number) => Promise<string | null>;
}

/**
 * The links a request's travellers hold (beyond SPEC): the questionnaire link (the request's
 * uuid) and the link of the request's chat with its traveller. The provider reads both and
 * reissues either when one went to the wrong person: the old one answers 404 from then on.
 */
export const createRequestLinksService = (deps: {
  repo: RequestLinksRepository;
  tenancy: Tenancy;
  chats: RequestChatLinks;
}) => {
  const { repo, tenancy, chats } = deps;

  /** Another organizer's request is one that does not exist. */
  const ownRequest = async (ctx: ServiceContext, requestId: number, capability: Capability = 'bookings.write') => {
    const request = await repo.request(requestId);
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, capability)))
      throw AppError.notFound('request_not_found');
    return request;
  };
  const linksOf = (uuid: string, chatToken: string | null): TravellerLinks => ({
    questionnaire_path: questionnairePath(uuid),
    chat_path: chatToken === null ? null : travellerChatPath(chatToken),
  });

  return {
    get: async (ctx: ServiceContext, requestId: number): Promise<TravellerLinks> => {
      const request = await ownRequest(ctx, requestId, 'bookings.read');
      return linksOf(request.uuid, await chats.linkOfRequest(request.id));
    },

    reissueQuestionnaire: async (ctx: ServiceContext, requestId: number): Promise<TravellerLinks> => {
      const request = await ownRequest(ctx, requestId);
      const uuid = await repo.newUuid(request.id);
      ctx.log.info({ request_id: request.id }, 'questionnaire link reissued');
      return linksOf(uuid, await chats.linkOfRequest(request.id));
    },

    reissueChat: async (ctx: ServiceContext, requestId: number): Promise<TravellerLinks> => {
      const request = await ownRequest(ctx, requestId);
      const token = await chats.reissueLinkOfRequest(request.id);
      if (token === null)
        throw AppError.validation({ request_id: ['request_chat_not_started'] }, 'request_chat_not_started');
      ctx.log.info({ request_id: request.id }, 'chat link reissued');
      return linksOf(request.uuid, token);
    },
  };
};
export type RequestLinksService = ReturnType<typeof createRequestLinksService>;
