import type { FieldMessages } from '../../lib/app-error';

/**
 * The days of bookings, on the organizer's clock (`today` is calendarDayIn the organizer's time zone).
 *
 * A departure has started once its first day has come: from then on it takes no new request, no
 * request moved onto it and no confirmation — the same rule the payment sweep cancels an unpaid
 * request by (payment-sweeps.ts).
 */
export const departureStarted = (dateStart: string, today: string): boolean => dateStart <= today;

/** The first day a departure can still be booked: tomorrow on the organizer's clock. */
export const firstBookableDay = (today: string): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * An individual tour's dates as they are about to be set: none of them before `today`. A date
 * left as it is (a trip under way keeps its past start) is not checked; null when all is well.
 */
export const pastDateErrors = (
  today: string,
  next: { date_start?: string | null; date_end?: string | null },
  current: { date_start: string | null; date_end: string | null },
): FieldMessages | null => {
  const errors: FieldMessages = {};
  for (const field of ['date_start', 'date_end'] as const) {
    const day = next[field];
    if (day !== undefined && day !== null && day !== current[field] && day < today) errors[field] = ['date_in_past'];
  }
  return Object.keys(errors).length ? errors : null;
};
