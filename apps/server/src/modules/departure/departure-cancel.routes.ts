import type { FastifyInstance } from 'fastify';
import { departureApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { DepartureCancelService } from './departure-cancel.service';
import type { DepartureMessageService } from './departure-message.service';

/** Canceling a whole departure and messaging everyone on it (issue 29). */
export const departureCancelRoutes = (
  app: FastifyInstance,
  deps: { cancel: DepartureCancelService; message: DepartureMessageService; contextOf: ContextOf },
): void => {
  const { cancel, message, contextOf } = deps;
  registerRoute(app, departureApi.cancelPreview, ({ request, query }) =>
    cancel.preview(contextOf(request), query.organizer_id, query.tour_date_id, query.rule),
  );
  registerRoute(app, departureApi.cancel, ({ request, body }) =>
    cancel.cancel(contextOf(request), {
      organizerId: body.organizer_id,
      tourDateId: body.tour_date_id,
      rule: body.rule,
      message: body.message,
    }),
  );
  registerRoute(app, departureApi.message, ({ request, body }) =>
    message.send(contextOf(request), {
      organizerId: body.organizer_id,
      tourDateId: body.tour_date_id,
      text: body.text,
    }),
  );
};
