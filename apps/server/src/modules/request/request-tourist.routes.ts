import type { FastifyInstance, FastifyReply } from 'fastify';
import { questionnaireApi, requestTouristApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestTouristService } from './request-tourist.service';

/** The link's answers name people: kept by no cache or proxy, and out of search engines. */
const privateAnswer = (reply: FastifyReply): void => {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
};

/** The tourists of a request (provider, signed in) and the questionnaire link (public, by uuid). */
export const requestTouristRoutes = (
  app: FastifyInstance,
  deps: { requestTourists: RequestTouristService; contextOf: ContextOf },
): void => {
  const { requestTourists: s, contextOf } = deps;
  registerRoute(app, requestTouristApi.createTourist, ({ request, body }) => s.createTourist(contextOf(request), body));
  registerRoute(app, requestTouristApi.updateTourist, ({ request, body }) => s.updateTourist(contextOf(request), body));
  registerRoute(app, requestTouristApi.setTouristCategory, ({ request, body }) =>
    s.setTouristCategory(contextOf(request), body),
  );
  registerRoute(app, requestTouristApi.removeTourist, ({ request, body }) => s.removeTourist(contextOf(request), body));
  registerRoute(app, requestTouristApi.updateTourists, ({ request, body }) =>
    s.updateTourists(contextOf(request), body),
  );

  registerRoute(app, questionnaireApi.getByUuid, ({ query, reply }) => {
    privateAnswer(reply);
    return s.getByUuid(query.uuid);
  });
  registerRoute(app, questionnaireApi.touristsInfo, ({ query, reply }) => {
    privateAnswer(reply);
    return s.touristsInfo(query.uuid);
  });
  registerRoute(app, questionnaireApi.updateTouristsQuestionnaires, ({ request, body, reply }) => {
    privateAnswer(reply);
    return s.updateQuestionnaire(contextOf(request), body);
  });
  registerRoute(app, questionnaireApi.addTourists, ({ request, body, reply }) => {
    privateAnswer(reply);
    return s.addTourists(contextOf(request), body);
  });
  registerRoute(app, questionnaireApi.unlinkTelegram, ({ request, body, reply }) => {
    privateAnswer(reply);
    return s.unlinkTelegram(contextOf(request), body.uuid);
  });
};
