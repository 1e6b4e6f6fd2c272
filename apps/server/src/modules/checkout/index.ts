import type { ServerModule } from '../../lib/modules';
import { createCheckoutRepository } from './checkout.repository';
import { checkoutRoutes } from './checkout.routes';
import { createCheckoutService, type CheckoutService } from './checkout.service';

declare module '../../lib/modules' {
  interface Services {
    /** the traveller's checkout (issue 27): options, quote, seat holds, the booking it makes */
    checkout: CheckoutService;
  }
}

/** The checkout module (issue 27): public routes under /spa/checkout/, and the sweep of lapsed holds. */
export const checkoutModule: ServerModule = {
  name: 'checkout',
  create: ({ db, limits, tenancy, config }, services) => ({
    checkout: createCheckoutService({
      repo: createCheckoutRepository(db),
      limits,
      tenancy,
      // used when called: by then every module is built
      requests: () => services.requests,
      bookings: () => services.bookingChanges,
      chats: () => services.chats,
      invoicesOf: (id) => services.payments.invoicesOf(id),
      bookingLink: (tx, request, language) => services.bookingPages.linkFor(tx, request, language),
      publicUrl: config.publicUrl,
    }),
  }),
  routes: (app, { checkout }, { contextOf }) => checkoutRoutes(app, { checkout, contextOf }),
  sweeps: ({ checkout }) => [
    // lapsed checkout holds give their seats and extras back
    { name: 'checkout', sweep: () => checkout.sweep(new Date()), intervalMs: 60_000 },
  ],
};
