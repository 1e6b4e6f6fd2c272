/**
 * Route descriptors of ./checkout.ts, free of zod (the site's checkout island calls the API with
 * these and never loads a schema), and the checkout's limits the page checks too (issue 27).
 */
import type { RouteDescriptors } from '../route';

/** The traveller's checkout: public, found by the tour; the hold by its secret token. */
export const checkoutRoutes = {
  options: { method: 'GET', path: '/spa/checkout/options', isPublic: true },
  quote: { method: 'POST', path: '/spa/checkout/quote', isPublic: true },
  hold: { method: 'POST', path: '/spa/checkout/hold', isPublic: true },
  extend: { method: 'POST', path: '/spa/checkout/extend', isPublic: true },
  release: { method: 'POST', path: '/spa/checkout/release', isPublic: true },
  confirm: { method: 'POST', path: '/spa/checkout/confirm', isPublic: true },
  /** the traveller left an e-mail: kept on the hold for the abandoned checkout's one message */
  contact: { method: 'POST', path: '/spa/checkout/contact', isPublic: true },
  /** the abandoned checkout's link: the same choice held again (fresh seats), the contact filled */
  recover: { method: 'POST', path: '/spa/checkout/recover', isPublic: true },
} as const satisfies RouteDescriptors;

/** How long a hold lasts unless the organizer sets its own (profile `checkout_hold_minutes`). */
export const CHECKOUT_DEFAULT_HOLD_MINUTES = 15;
export const CHECKOUT_MIN_HOLD_MINUTES = 5;
export const CHECKOUT_MAX_HOLD_MINUTES = 60;
/** Activity extends a hold by its length again, never past this long after it was taken. */
export const CHECKOUT_MAX_HOLD_TOTAL_MINUTES = 45;
/** The most travellers one checkout books. */
export const CHECKOUT_MAX_TRAVELLERS = 20;
export const CHECKOUT_TOKEN_LENGTH = 43;
/** An abandoned checkout (an e-mail left, not booked) gets its one message this long after it began. */
export const CHECKOUT_RECOVERY_DELAY_MINUTES = 120;
/** ...and none once it is older than this (a server that was down does not send yesterday's). */
export const CHECKOUT_RECOVERY_MAX_AGE_HOURS = 24;
