import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutApi } from '@tourdesk/contract';
import type { ServiceContext } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import type { CheckoutService } from './checkout.service';
import type { CheckoutRecovery } from './checkout-recovery';

/** The traveller's checkout routes (issue 27): public; a hold is known by its secret token. */
export const checkoutRoutes = (
  app: FastifyInstance,
  deps: {
    checkout: CheckoutService;
    recovery: CheckoutRecovery;
    contextOf: (request: FastifyRequest) => ServiceContext;
  },
): void => {
  const { checkout, recovery, contextOf } = deps;
  // its organizer's members preview a draft tour's checkout
  registerRoute(app, checkoutApi.options, ({ query, userId }) => checkout.options(query.tour_id, userId));
  registerRoute(app, checkoutApi.quote, ({ request, body }) => checkout.quote(contextOf(request), body));
  registerRoute(app, checkoutApi.hold, ({ request, body }) => checkout.hold(contextOf(request), body));
  registerRoute(app, checkoutApi.extend, ({ body }) => checkout.extend(body.token));
  registerRoute(app, checkoutApi.release, ({ body }) => checkout.release(body.token));
  registerRoute(app, checkoutApi.confirm, ({ request, body }) => checkout.confirm(contextOf(request), body));
  registerRoute(app, checkoutApi.contact, ({ body }) => recovery.saveContact(body));
  registerRoute(app, checkoutApi.recover, ({ request, body }) => recovery.recover(contextOf(request), body));
};
