import type { FastifyInstance } from 'fastify';
import { requestApi, requestIndividualApi, thirdPartyAgentRequestApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestIndividualService } from './request-individual.service';
import type { RequestService } from './request.service';

/** The request core's routes (SPEC §7 Requests; third-party agent requests). */
export const requestRoutes = (
  app: FastifyInstance,
  deps: { requests: RequestService; individual: RequestIndividualService; contextOf: ContextOf },
): void => {
  const { requests: s, individual: i, contextOf } = deps;
  registerRoute(app, requestApi.get, ({ request, query }) => s.get(contextOf(request), query.id));
  registerRoute(app, requestApi.createRequestWithOwnType, ({ request, body }) =>
    s.create(contextOf(request), body, 'own'),
  );
  registerRoute(app, requestApi.updateRequestWithOwnType, ({ request, body }) =>
    s.update(contextOf(request), body, 'own'),
  );
  registerRoute(app, requestApi.update, ({ request, body }) => s.update(contextOf(request), body));
  registerRoute(app, requestApi.confirm, ({ request, body }) => s.confirm(contextOf(request), body.id));
  registerRoute(app, requestApi.extendHold, ({ request, body }) =>
    s.extendHold(contextOf(request), body.id, body.seconds),
  );
  registerRoute(app, requestApi.tourDates, ({ request, body }) =>
    s.tourDates(contextOf(request), body.request_id, body.with_variants),
  );
  registerRoute(app, requestApi.cancelRequestPopupData, ({ request, query }) =>
    s.cancelPopupData(contextOf(request), query.id),
  );
  registerRoute(app, requestApi.cancel, ({ request, body }) => s.cancel(contextOf(request), body));
  registerRoute(app, requestApi.baseSaleStatusesByRequestId, ({ request, query }) =>
    s.baseSaleStatuses(contextOf(request), query.id),
  );
  registerRoute(app, requestApi.changeBaseSaleStatus, ({ request, body }) =>
    s.changeBaseSaleStatus(contextOf(request), body.id, body.base_sale_status),
  );
  registerRoute(app, thirdPartyAgentRequestApi.create, ({ request, body }) =>
    s.create(contextOf(request), body, 'third_party_agent'),
  );
  registerRoute(app, thirdPartyAgentRequestApi.update, ({ request, body }) =>
    s.update(contextOf(request), body, 'third_party_agent'),
  );
  registerRoute(app, requestIndividualApi.individualDates, ({ request, query }) =>
    i.dates(contextOf(request), query.request_id, query.from_source ?? false),
  );
  registerRoute(app, requestIndividualApi.saveIndividualDates, ({ request, body }) =>
    i.saveDates(contextOf(request), body),
  );
  registerRoute(app, requestIndividualApi.individual, ({ request, query }) =>
    i.get(contextOf(request), query.request_id),
  );
  registerRoute(app, requestIndividualApi.saveIndividual, ({ request, body }) => i.save(contextOf(request), body));
  registerRoute(app, requestIndividualApi.individualClearDraft, ({ request, body }) =>
    i.clearDraft(contextOf(request), body.request_id),
  );
};
