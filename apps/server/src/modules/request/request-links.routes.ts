import type { FastifyInstance } from 'fastify';
import { requestLinksApi } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { Tenancy } from '../../lib/tenancy';
import { createRequestLinksRepository } from './request-links.repository';
import { createRequestLinksService, type RequestChatLinks } from './request-links.service';

/** The request's traveller links (beyond SPEC): read and reissued by its organizer's members. */
export const registerRequestLinks = (
  app: FastifyInstance,
  deps: { db: Db; tenancy: Tenancy; chats: RequestChatLinks; contextOf: ContextOf },
): void => {
  const links = createRequestLinksService({
    repo: createRequestLinksRepository(deps.db),
    tenancy: deps.tenancy,
    chats: deps.chats,
  });
  const { contextOf } = deps;
  registerRoute(app, requestLinksApi.travellerLinks, ({ request, query }) =>
    links.get(contextOf(request), query.request_id),
  );
  registerRoute(app, requestLinksApi.reissueQuestionnaireLink, ({ request, body }) =>
    links.reissueQuestionnaire(contextOf(request), body.request_id),
  );
  registerRoute(app, requestLinksApi.reissueChatLink, ({ request, body }) =>
    links.reissueChat(contextOf(request), body.request_id),
  );
};
