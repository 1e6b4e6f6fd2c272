/**
 * Route descriptors and constants of ./departure.ts (issue 29), free of zod: the web calls the
 * API with these and never loads a schema.
 */

/** The calendar answers at most this many days at once (from … to, both included). */
export const DEPARTURE_CALENDAR_MAX_DAYS = 92;
/** At most this many guides run one departure. */
export const MAX_DEPARTURE_GUIDES = 20;

/** How full a departure is, for its colour (and its text: never colour only). */
export const DEPARTURE_FULLNESS = ['low', 'medium', 'high', 'full'] as const;
export type DepartureFullness = (typeof DEPARTURE_FULLNESS)[number];
/** Taken (booked + held) of capacity: < 50 % low, 50–90 % medium, ≥ 90 % high, nothing free full. */
export const departureFullness = (taken: number, capacity: number, free: number): DepartureFullness => {
  if (free <= 0 || capacity <= 0) return 'full';
  const share = taken / capacity;
  if (share >= 0.9) return 'high';
  if (share >= 0.5) return 'medium';
  return 'low';
};

/** How a canceled departure's travellers are refunded: all they paid, by the tour's penalty terms, nothing. */
export const DEPARTURE_REFUND_RULES = ['full', 'penalties', 'none'] as const;
export type DepartureRefundRule = (typeof DEPARTURE_REFUND_RULES)[number];
/** A message to everyone on a departure, and a cancel's note to them, at most this long. */
export const DEPARTURE_MESSAGE_MAX_LENGTH = 2000;
/** A departure in the calendar: on sale as planned, or canceled by the provider. */
export const DEPARTURE_STATUSES = ['scheduled', 'canceled'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

export { departureRoutes } from './departure-routes';
