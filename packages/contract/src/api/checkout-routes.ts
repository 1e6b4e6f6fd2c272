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
