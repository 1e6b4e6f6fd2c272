import type { FastifyInstance } from 'fastify';
import { bookingChangeApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { BookingChangeService } from './booking-change.service';

/** A booking's price line by line, its changes, and their history (issue 26). */
export const bookingChangeRoutes = (
  app: FastifyInstance,
  deps: { bookings: BookingChangeService; contextOf: ContextOf },
): void => {
  const { bookings, contextOf } = deps;
  registerRoute(app, bookingChangeApi.pricing, ({ request, query }) =>
    bookings.pricing(contextOf(request), query.request_id),
  );
  registerRoute(app, bookingChangeApi.change, ({ request, body: { request_id, ...input } }) =>
    bookings.change(contextOf(request), request_id, input),
  );
  registerRoute(app, bookingChangeApi.changes, ({ request, query }) =>
    bookings.changes(contextOf(request), query.request_id),
  );
};
