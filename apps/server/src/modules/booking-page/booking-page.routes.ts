import type { FastifyInstance } from 'fastify';
import { bookingPageApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { BookingPageService } from './booking-page.service';
import { attachment } from '../../lib/content-disposition';

/** The traveller's booking page routes (issue 27): public; the booking known by its link's token alone. */
export const bookingPageRoutes = (
  app: FastifyInstance,
  deps: { bookingPages: BookingPageService; contextOf: ContextOf },
) => {
  const { bookingPages: s, contextOf } = deps;
  registerRoute(app, bookingPageApi.page, ({ request, query }) => s.page(contextOf(request), query.token));
  registerRoute(app, bookingPageApi.payBalance, ({ request, body }) =>
    s.payBalance(contextOf(request), body.token, body.language),
  );
  registerRoute(app, bookingPageApi.cancelQuote, ({ request, query }) =>
    s.cancelQuote(contextOf(request), query.token),
  );
  registerRoute(app, bookingPageApi.cancel, ({ request, body }) => s.cancel(contextOf(request), body));
  registerRoute(app, bookingPageApi.contract, async ({ request, query, reply }) => {
    const pdf = await s.contract(contextOf(request), query.token);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(pdf.name))
      .header('content-length', pdf.data.length)
      .header('cache-control', 'private, no-store')
      .send(pdf.data) as unknown as Uint8Array;
  });
};
