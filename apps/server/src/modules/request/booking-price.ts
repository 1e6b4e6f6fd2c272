import { numericToMinor, percentOf } from '../../lib/money';
import type {
  StoredAdjustment,
  StoredExtraLine,
  StoredRequestDiscount,
  StoredRequestPromo,
  StoredTravellerLine,
} from '../../db/schema/bookings';
import { applicablePenalty, discountAmount, discountApplies, type DiscountRow } from './request-pricing';
import type { Penalty } from '@tourdesk/contract';

/**
 * The price of a booking with traveller categories, extras, the tour's discounts, a promo code and
 * manual lines (issue 26): pure, in integer minor units. The order (docs/decisions.md "Prices"):
 *
 * 1. each category's unit price from the departure's (base) price: base, less a percent (rounded
 *    half up to the kopeck), less an amount (not below 0), or a fixed amount; × its count;
 * 2. the tour's best discount on the travellers' price (a percent of it, or an amount per paying
 *    traveller: one whose category costs more than 0), as before: discounts do not add up;
 * 3. the extras: unit × quantity each;
 * 4. the promo code on what is left of travellers and extras (a percent, or an amount once per
 *    booking); a code that is not combinable with the tour's discounts replaces the discount when
 *    it takes off more, and is dropped (amount 0) otherwise: the traveller gets the better one;
 * 5. the manual lines: fees add, discounts take off; the total never goes below 0.
 */

export interface CategoryRule {
  pricing: string;
  /** percent for percent_off, minor units for amount_off and fixed */
  value: number;
}

/** A category's price of one traveller, from the departure's price. */
export const categoryUnitPrice = (baseMinor: number, rule: CategoryRule): number => {
  switch (rule.pricing) {
    case 'percent_off':
      return Math.max(0, baseMinor - percentOf(baseMinor, rule.value));
    case 'amount_off':
      return Math.max(0, baseMinor - rule.value);
    case 'fixed':
      return rule.value;
    default:
      return baseMinor;
  }
};

/** A category's rule as stored: `value` numeric text; amounts become minor units. */
export const storedCategoryRule = (row: { pricing: string; value: string }): CategoryRule =>
  row.pricing === 'percent_off'
    ? { pricing: row.pricing, value: Number(row.value) }
    : { pricing: row.pricing, value: numericToMinor(row.value) ?? 0 };

export interface PromoRule {
  promo_code_id: number;
  code: string;
  value: number;
  value_type: 'currency' | 'percent';
  is_combinable: boolean;
}

export interface BookingPriceInput {
  travellers: readonly StoredTravellerLine[];
  extras: readonly StoredExtraLine[];
  adjustments: readonly StoredAdjustment[];
  discounts: readonly DiscountRow[];
  bookedOn: string;
  startsOn: string | null;
  promo: PromoRule | null;
}

export interface BookingPrice {
  travellers_minor: number;
  extras_minor: number;
  discount: StoredRequestDiscount | null;
  promo: StoredRequestPromo | null;
  adjustments_minor: number;
  total_minor: number;
  /** every traveller, and those taking a seat */
  tourists: number;
  seats: number;
}

const lineAmount = (l: { unit_minor: number; quantity?: number; count?: number }): number =>
  l.unit_minor * (l.quantity ?? l.count ?? 0);

/** The best tour discount on the travellers' price (request-pricing's rule, per paying traveller). */
const bestDiscount = (input: BookingPriceInput, gross: number): StoredRequestDiscount | null => {
  const paying = input.travellers.reduce((n, t) => n + (t.unit_minor > 0 ? t.count : 0), 0);
  let best: StoredRequestDiscount | null = null;
  for (const d of input.discounts) {
    if (!discountApplies(d, input.bookedOn, input.startsOn)) continue;
    const amount = discountAmount(d, gross, paying);
    if (amount > 0 && (best === null || amount > best.amount_minor))
      best = {
        type: d.kind as StoredRequestDiscount['type'],
        value: Number(d.value),
        value_type: d.value_type as StoredRequestDiscount['value_type'],
        amount_minor: amount,
      };
  }
  return best;
};

const promoAmount = (p: PromoRule, on: number): number => {
  const off = p.value_type === 'percent' ? percentOf(on, p.value) : Math.round(p.value * 100);
  return Math.min(on, Math.max(0, off));
};

export const priceBooking = (input: BookingPriceInput): BookingPrice => {
  const travellersMinor = input.travellers.reduce((s, t) => s + lineAmount(t), 0);
  const extrasMinor = input.extras.reduce((s, e) => s + lineAmount(e), 0);
  let discount = bestDiscount(input, travellersMinor);
  let promo: StoredRequestPromo | null = null;
  if (input.promo) {
    const p = input.promo;
    const stored = (amount: number): StoredRequestPromo => ({ ...p, amount_minor: amount });
    const withDiscount = travellersMinor + extrasMinor - (discount?.amount_minor ?? 0);
    if (p.is_combinable || discount === null) promo = stored(promoAmount(p, withDiscount));
    else {
      const alone = promoAmount(p, travellersMinor + extrasMinor);
      if (alone > discount.amount_minor) {
        promo = stored(alone);
        discount = null;
      } else promo = stored(0);
    }
  }
  const adjustmentsMinor = input.adjustments.reduce(
    (s, a) => s + (a.kind === 'fee' ? a.amount_minor : -a.amount_minor),
    0,
  );
  const total =
    travellersMinor + extrasMinor - (discount?.amount_minor ?? 0) - (promo?.amount_minor ?? 0) + adjustmentsMinor;
  return {
    travellers_minor: travellersMinor,
    extras_minor: extrasMinor,
    discount,
    promo,
    adjustments_minor: adjustmentsMinor,
    total_minor: Math.max(0, total),
    tourists: input.travellers.reduce((n, t) => n + t.count, 0),
    seats: input.travellers.reduce((n, t) => n + (t.takes_seat ? t.count : 0), 0),
  };
};

export interface ChangeFigures {
  total_before_minor: number;
  total_after_minor: number;
  paid_minor: number;
  /** what is left to invoice: the new total less what was paid */
  balance_due_minor: number;
  /** paid beyond the new total */
  overpaid_minor: number;
  /** the penalty row's percent (of the price the change takes off) that applies today; 0: none */
  penalty_percent: number;
  penalty_minor: number;
  /** what may be refunded: the overpaid part less the penalty on the decrease */
  refund_offered_minor: number;
}

/**
 * What a change of a booking means for its money: a higher total leaves a balance to invoice; a
 * lower one offers a refund of what was paid beyond it, less the penalty the tour's cancellation
 * terms put on the part of the price given up (as if those places were cancelled today).
 */
export const changeFigures = (
  before: number,
  after: number,
  paid: number,
  penalties: readonly Penalty[],
  daysBefore: number | null,
): ChangeFigures => {
  const decrease = Math.max(0, before - after);
  const penalty = decrease > 0 ? applicablePenalty(penalties, daysBefore) : null;
  const penaltyMinor = penalty ? percentOf(decrease, penalty.percent) : 0;
  const overpaid = Math.max(0, paid - after);
  return {
    total_before_minor: before,
    total_after_minor: after,
    paid_minor: paid,
    balance_due_minor: Math.max(0, after - paid),
    overpaid_minor: overpaid,
    penalty_percent: penalty?.percent ?? 0,
    penalty_minor: penaltyMinor,
    refund_offered_minor: Math.max(0, overpaid - penaltyMinor),
  };
};
