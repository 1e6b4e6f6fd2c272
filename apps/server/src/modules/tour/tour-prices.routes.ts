import type { FastifyInstance } from 'fastify';
import { promoCodeApi, tourPricesApi } from '@tourdesk/contract';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { PromoCodeService } from './promo-code.service';
import type { TourPricesService } from './tour-prices.service';

/** A tour's traveller categories and extras, and the organizer's promo codes (issue 26). */
export const tourPricesRoutes = (
  app: FastifyInstance,
  deps: { prices: TourPricesService; promoCodes: PromoCodeService; contextOf: ContextOf },
): void => {
  const { prices, promoCodes, contextOf } = deps;
  registerRoute(app, tourPricesApi.prices, ({ request, query }) => prices.get(contextOf(request), query.tour_id));
  registerRoute(app, tourPricesApi.saveCategories, ({ request, body }) =>
    prices.saveCategories(contextOf(request), body.tour_id, body.categories),
  );
  registerRoute(app, tourPricesApi.saveExtras, ({ request, body }) =>
    prices.saveExtras(contextOf(request), body.tour_id, body.extras),
  );
  registerRoute(app, promoCodeApi.list, ({ request, query }) =>
    promoCodes.list(contextOf(request), query.organizer_id),
  );
  registerRoute(app, promoCodeApi.create, ({ request, body: { organizer_id, ...input } }) =>
    promoCodes.create(contextOf(request), organizer_id, input),
  );
  registerRoute(app, promoCodeApi.update, ({ request, body: { id, ...input } }) =>
    promoCodes.update(contextOf(request), id, input),
  );
  registerRoute(app, promoCodeApi.remove, ({ request, body }) => promoCodes.remove(contextOf(request), body.id));
};
