import type { DiscountKind, DiscountValueType, Penalty } from '@tourdesk/contract';
import { numericToMinor, percentOf } from '../../lib/money';
import { daysBetween } from '../../lib/calendar-day';
import type { StoredRequestDiscount } from '../../db/schema/bookings';

/**
 * The arithmetic of a request, pure and in minor units: what it costs (price × tourists, less the
 * tour's best discount) and what cancelling it costs (the penalty row that applies).
 */

export interface DiscountRow {
  kind: string;
  date_from: string | null;
  date_to: string | null;
  days_before: number | null;
  value: string;
  value_type: string;
}

/** Whether a tour discount applies to a booking made on `bookedOn` for a start on `startsOn`. */
export const discountApplies = (d: DiscountRow, bookedOn: string, startsOn: string | null): boolean => {
  const within = (day: string | null) =>
    day !== null && (d.date_from === null || day >= d.date_from) && (d.date_to === null || day <= d.date_to);
  switch (d.kind as DiscountKind) {
    case 'early_booking_dates':
      return within(bookedOn);
    case 'early_booking_days':
      return startsOn !== null && d.days_before !== null && daysBetween(bookedOn, startsOn) >= d.days_before;
    case 'seasonal':
      return within(startsOn);
    default:
      return false;
  }
};

/** What a discount takes off `gross`: a percent of it, or an amount per tourist; never more than gross. */
export const discountAmount = (
  d: Pick<DiscountRow, 'value' | 'value_type'>,
  gross: number,
  tourists: number,
): number => {
  const value = numericToMinor(d.value) ?? 0;
  const off = (d.value_type as DiscountValueType) === 'percent' ? percentOf(gross, value / 100) : value * tourists;
  return Math.min(gross, Math.max(0, off));
};

export interface Priced {
  unit_price_minor: number;
  total_minor: number;
  discount: StoredRequestDiscount | null;
}

/**
 * The price of `tourists` places at `unitMinor` each, less the discount that takes off the most
 * among those that apply (discounts do not add up: a tourist gets the best one).
 */
export const priceRequest = (
  unitMinor: number,
  tourists: number,
  discounts: readonly DiscountRow[],
  bookedOn: string,
  startsOn: string | null,
): Priced => {
  const gross = unitMinor * tourists;
  let best: StoredRequestDiscount | null = null;
  for (const d of discounts) {
    if (!discountApplies(d, bookedOn, startsOn)) continue;
    const amount = discountAmount(d, gross, tourists);
    if (amount > 0 && (best === null || amount > best.amount_minor))
      best = {
        type: d.kind as DiscountKind,
        value: Number(d.value),
        value_type: d.value_type as DiscountValueType,
        amount_minor: amount,
      };
  }
  return { unit_price_minor: unitMinor, total_minor: gross - (best?.amount_minor ?? 0), discount: best };
};

/**
 * The penalty row for cancelling `daysBefore` days before the start: of the rows whose
 * days_before is at least that (cancelling "days_before days or fewer before the start"), the one
 * with the highest percent. null: no row applies (free), or the start is unknown.
 */
export const applicablePenalty = (penalties: readonly Penalty[], daysBefore: number | null): Penalty | null => {
  if (daysBefore === null) return null;
  let best: Penalty | null = null;
  for (const p of penalties) if (daysBefore <= p.days_before && (best === null || p.percent > best.percent)) best = p;
  return best;
};

export interface CancelCost {
  penalty: Penalty | null;
  penalty_minor: number;
  refund_minor: number;
}

/** What cancelling costs: the penalty's percent of the request's price, and what is paid beyond it goes back. */
export const cancelCost = (
  penalties: readonly Penalty[],
  daysBefore: number | null,
  totalMinor: number,
  paidMinor: number,
): CancelCost => {
  const penalty = applicablePenalty(penalties, daysBefore);
  const penaltyMinor = penalty ? percentOf(totalMinor, penalty.percent) : 0;
  return { penalty, penalty_minor: penaltyMinor, refund_minor: Math.max(0, paidMinor - penaltyMinor) };
};
