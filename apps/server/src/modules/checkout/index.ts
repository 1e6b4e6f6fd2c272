import type { ServerModule } from '../../lib/modules';
import { createCheckoutRepository } from './checkout.repository';
import { checkoutRoutes } from './checkout.routes';
import { createCheckoutService, type CheckoutService } from './checkout.service';
import { createCheckoutRecovery, recoverySweepMs, type CheckoutRecovery } from './checkout-recovery';

declare module '../../lib/modules' {
  interface Services {
    /** the traveller's checkout (issue 27): options, quote, seat holds, the booking it makes */
    checkout: CheckoutService;
    /** the abandoned checkout's one message and the link that restores it (issue 27) */
    checkoutRecovery: CheckoutRecovery;
  }
}

/** The checkout module (issue 27): public routes under /spa/checkout/, and the sweep of lapsed holds. */
export const checkoutModule: ServerModule = {
  name: 'checkout',
  create: ({ db, limits, tenancy, config, log }, services) => {
    const repo = createCheckoutRepository(db);
    const checkout = createCheckoutService({
      repo,
      limits,
      tenancy,
      // used when called: by then every module is built
      requests: () => services.requests,
      bookings: () => services.bookingChanges,
      chats: () => services.chats,
      invoicesOf: (id) => services.payments.invoicesOf(id),
      bookingLink: (tx, request, language) => services.bookingPages.linkFor(tx, request, language),
      publicUrl: config.publicUrl,
    });
    const checkoutRecovery = createCheckoutRecovery({
      repo,
      hold: (ctx, body) => checkout.hold(ctx, body),
      // the traveller-message and site modules are built after this one: read when called
      send: (tx, message) => services.checkoutRecoveryMessages.send(tx, message),
      kick: () => services.checkoutRecoveryMessages.kick(),
      bookingUrl: (organizerId, tourId, dateId, extra) =>
        services.sitePublic.bookingUrl(organizerId, tourId, dateId, extra),
      log,
      delayMinutes: config.CHECKOUT_RECOVERY_DELAY_MINUTES,
    });
    return { checkout, checkoutRecovery };
  },
  routes: (app, { checkout, checkoutRecovery }, { contextOf }) =>
    checkoutRoutes(app, { checkout, recovery: checkoutRecovery, contextOf }),
  sweeps: ({ checkout, checkoutRecovery }, { config }) => [
    // lapsed checkout holds give their seats and extras back
    { name: 'checkout', sweep: () => checkout.sweep(new Date()), intervalMs: 60_000 },
    // an abandoned checkout's one message, about two hours after it began
    {
      name: 'checkout recovery',
      sweep: () => checkoutRecovery.sweep(new Date()),
      intervalMs: recoverySweepMs(config.CHECKOUT_RECOVERY_DELAY_MINUTES),
    },
  ],
};
