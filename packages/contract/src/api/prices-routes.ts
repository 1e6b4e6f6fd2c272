/**
 * Route descriptors and constants of ./prices.ts (issue 26), free of zod: traveller categories and
 * extras of a tour, an organizer's promo codes, and changing a booking's travellers, extras,
 * manual lines and promo code.
 */
import type { RouteDescriptors } from '../route';

/** What a category is; `custom` for the provider's own names. */
export const TRAVELLER_CATEGORY_CODES = ['adult', 'child', 'infant', 'senior', 'student', 'custom'] as const;
export type TravellerCategoryCode = (typeof TRAVELLER_CATEGORY_CODES)[number];
/**
 * How a category is priced from the departure's price: as it is (`base`, the adult's), less a
 * percent, less an amount, or a fixed amount whatever the departure.
 */
export const CATEGORY_PRICINGS = ['base', 'percent_off', 'amount_off', 'fixed'] as const;
export type CategoryPricing = (typeof CATEGORY_PRICINGS)[number];
/** An extra's price counts once per booking or once per traveller. */
export const EXTRA_PER = ['booking', 'traveller'] as const;
export type ExtraPer = (typeof EXTRA_PER)[number];
/** A manual line: a fee adds to the price, a discount takes off. */
export const ADJUSTMENT_KINDS = ['fee', 'discount'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const MAX_TOUR_CATEGORIES = 10;
export const MAX_TOUR_EXTRAS = 30;
export const MAX_REQUEST_ADJUSTMENTS = 20;
/** A promo code: 3–32 Latin letters, digits, `-` or `_`; matched without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

export const tourPricesRoutes = {
  /** the tour's traveller categories and extras */
  prices: { method: 'GET', path: '/crm/api/tour/prices' },
  saveCategories: { method: 'POST', path: '/crm/api/tour/save-traveller-categories' },
  saveExtras: { method: 'POST', path: '/crm/api/tour/save-extras' },
} as const satisfies RouteDescriptors;

export const promoCodeRoutes = {
  list: { method: 'GET', path: '/crm/api/promo-code/list' },
  create: { method: 'POST', path: '/crm/api/promo-code/create' },
  update: { method: 'POST', path: '/crm/api/promo-code/update' },
  remove: { method: 'POST', path: '/crm/api/promo-code/delete' },
} as const satisfies RouteDescriptors;

export const bookingChangeRoutes = {
  /** what a request's price is made of, and what its tour offers to change it with */
  pricing: { method: 'GET', path: '/crm/api/request/pricing' },
  change: { method: 'POST', path: '/crm/api/request/change-booking' },
  /** the request's booking changes, newest first: who, what, before and after */
  changes: { method: 'GET', path: '/crm/api/request/booking-changes' },
} as const satisfies RouteDescriptors;
