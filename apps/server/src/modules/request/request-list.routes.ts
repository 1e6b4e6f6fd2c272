import type { FastifyInstance } from 'fastify';
import { requestListApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { RequestListService } from './request-list.service';

/** The request list's routes (SPEC §7 Requests): the list screen /{orgId}/bookings reads these. */
export const requestListRoutes = (app: FastifyInstance, deps: { list: RequestListService; contextOf: ContextOf }) => {
  const { list: s, contextOf } = deps;
  const api = requestListApi;
  registerRoute(app, api.groups, ({ request, query }) =>
    s.groups(contextOf(request), query.organizer_id, query.is_individual_tour),
  );
  registerRoute(app, api.listForOrg, ({ request, query }) => s.list(contextOf(request), query));
  registerRoute(app, api.countForOrg, ({ request, query }) => s.countNew(contextOf(request), query.organizer_id));
  registerRoute(app, api.getSearchFilter, ({ request, query }) =>
    s.getFilter(contextOf(request), query.organizer_id, query.is_individual_tour),
  );
  registerRoute(app, api.setSearchFilter, ({ request, body }) => s.setFilter(contextOf(request), body));
  registerRoute(app, api.tours, ({ request, query }) => s.tours(contextOf(request), query.organizer_id, false));
  registerRoute(app, api.individualTours, ({ request, query }) =>
    s.tours(contextOf(request), query.organizer_id, true),
  );
  registerRoute(app, api.getDateStartRequest, ({ request, query }) =>
    s.dateStart(contextOf(request), query.organizer_id, false),
  );
  registerRoute(app, api.getDateStartIndividualTours, ({ request, query }) =>
    s.dateStart(contextOf(request), query.organizer_id, true),
  );
  registerRoute(app, api.requestSources, ({ request, query }) =>
    s.sources(contextOf(request), query.organizer_id, query.is_individual_tour),
  );
};
