import type { FastifyInstance } from 'fastify';
import { departureApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { DeparturePlanService } from './departure-plan.service';

/** Guides per departure and the calendar of departures (issue 29). */
export const departurePlanRoutes = (
  app: FastifyInstance,
  deps: { plan: DeparturePlanService; contextOf: ContextOf },
): void => {
  const { plan: s, contextOf } = deps;
  registerRoute(app, departureApi.guides, ({ request, query }) =>
    s.guides(contextOf(request), query.organizer_id, query.tour_date_id),
  );
  registerRoute(app, departureApi.setGuides, ({ request, body }) =>
    s.setGuides(contextOf(request), body.organizer_id, body.tour_date_id, body.guide_ids),
  );
  registerRoute(app, departureApi.calendar, ({ request, query }) =>
    s.calendar(contextOf(request), query.organizer_id, {
      from: query.from,
      to: query.to,
      tourId: query.tour_id,
      guideId: query.guide_id,
    }),
  );
  registerRoute(app, departureApi.linkGuideUser, ({ request, body }) =>
    s.linkGuideUser(contextOf(request), body.organizer_id, body.guide_id, body.user_id),
  );
};
