/**
 * Route descriptors of ./booking-page.ts, free of zod (the traveller's booking page calls the API
 * with these and never loads a schema) (issue 27).
 */
import type { RouteDescriptors } from '../route';

/** The traveller's booking page: public, the booking known by its secret link's token alone. */
export const bookingPageRoutes = {
  page: { method: 'GET', path: '/spa/booking/page', isPublic: true },
  payBalance: { method: 'POST', path: '/spa/booking/pay-balance', isPublic: true },
  cancelQuote: { method: 'GET', path: '/spa/booking/cancel-quote', isPublic: true },
  cancel: { method: 'POST', path: '/spa/booking/cancel', isPublic: true },
  contract: { method: 'GET', path: '/spa/booking/contract', isPublic: true },
} as const satisfies RouteDescriptors;

/** The booking link's token: 32 random bytes, base64url. */
export const BOOKING_LINK_TOKEN_LENGTH = 43;
