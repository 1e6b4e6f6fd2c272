import type { FastifyInstance } from 'fastify';
import { requestLinksApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestLinksService } from './request-links.service';

/** The request's traveller links (beyond SPEC): read and reissued by its organizer's members. */
export const requestLinksRoutes = (
  app: FastifyInstance,
  deps: { links: RequestLinksService; contextOf: ContextOf },
): void => {
  const { links, contextOf } = deps;
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
