import { describe, expect, it } from 'vitest';
import type { StoredExtraLine, StoredTravellerLine } from '../../db/schema/bookings';
import { categoryUnitPrice, changeFigures, priceBooking, storedCategoryRule, type PromoRule } from './booking-price';
import type { DiscountRow } from './request-pricing';

const line = (code: string, count: number, unit: number, takesSeat = true): StoredTravellerLine => ({
  category_id: null,
  code,
  name_en: code,
  name_ru: code,
  count,
  unit_minor: unit,
  takes_seat: takesSeat,
});
const extra = (quantity: number, unit: number, per: 'booking' | 'traveller' = 'booking'): StoredExtraLine => ({
  extra_id: null,
  name_en: 'x',
  name_ru: 'x',
  per,
  is_mandatory: false,
  quantity,
  unit_minor: unit,
});
const discount = (value: string, value_type = 'percent'): DiscountRow => ({
  kind: 'seasonal',
  date_from: null,
  date_to: null,
  days_before: null,
  value,
  value_type,
});
const promo = (over: Partial<PromoRule>): PromoRule => ({
  promo_code_id: 1,
  code: 'SUMMER',
  value: 10,
  value_type: 'percent',
  is_combinable: true,
  ...over,
});
const base = {
  extras: [],
  adjustments: [],
  discounts: [],
  bookedOn: '2030-01-10',
  startsOn: '2030-06-01',
  promo: null,
};

describe('a category’s unit price from the departure’s 12 345.67', () => {
  it.each([
    ['base', 0, 1_234_567],
    ['percent_off 30 %: 12 345.67 − 3 703.70 (3 703.701 rounds down)', 30, 864_197],
    ['percent_off 12.5 %: 12 345.67 − 1 543.21 (1 543.20875 rounds up)', 12.5, 1_080_246],
    ['percent_off 100 %', 100, 0],
  ])('%s', (name, value, expected) => {
    const pricing = name.split(' ')[0]!;
    expect(categoryUnitPrice(1_234_567, { pricing, value })).toBe(expected);
  });
  it('amount_off takes the amount, never below 0; fixed ignores the departure', () => {
    expect(categoryUnitPrice(1_234_567, { pricing: 'amount_off', value: 500_000 })).toBe(734_567);
    expect(categoryUnitPrice(1_234_567, { pricing: 'amount_off', value: 2_000_000 })).toBe(0);
    expect(categoryUnitPrice(1_234_567, { pricing: 'fixed', value: 99_999 })).toBe(99_999);
  });
  it('reads stored rules: percent as a number, amounts to minor units', () => {
    expect(storedCategoryRule({ pricing: 'percent_off', value: '33.33' })).toEqual({
      pricing: 'percent_off',
      value: 33.33,
    });
    expect(storedCategoryRule({ pricing: 'fixed', value: '1500.05' })).toEqual({ pricing: 'fixed', value: 150_005 });
  });
});

describe('pricing a booking (minor units, exact to the kopeck)', () => {
  const family = [line('adult', 2, 1_500_000), line('child', 1, 1_050_000), line('infant', 1, 0, false)];

  it('categories × counts: 2 × 15 000 + 10 500 + a free infant on a lap; 4 tourists, 3 seats', () => {
    expect(priceBooking({ ...base, travellers: family })).toEqual({
      travellers_minor: 4_050_000,
      extras_minor: 0,
      discount: null,
      promo: null,
      adjustments_minor: 0,
      total_minor: 4_050_000,
      tourists: 4,
      seats: 3,
    });
  });

  it('extras add unit × quantity: a single room 7 000.50 once, insurance 333.33 × 4', () => {
    const p = priceBooking({ ...base, travellers: family, extras: [extra(1, 700_050), extra(4, 33_333, 'traveller')] });
    expect(p.extras_minor).toBe(833_382);
    expect(p.total_minor).toBe(4_883_382);
  });

  it('a percent tour discount applies to the category prices only, not to the extras', () => {
    const p = priceBooking({ ...base, travellers: family, extras: [extra(1, 100_000)], discounts: [discount('7.5')] });
    // 7.5 % of 40 500.00 = 3 037.50
    expect(p.discount).toEqual({ type: 'seasonal', value: 7.5, value_type: 'percent', amount_minor: 303_750 });
    expect(p.total_minor).toBe(4_050_000 + 100_000 - 303_750);
  });

  it('an amount discount counts the paying travellers only (the free infant gets none)', () => {
    const p = priceBooking({ ...base, travellers: family, discounts: [discount('1000.00', 'currency')] });
    expect(p.discount?.amount_minor).toBe(300_000);
    expect(p.total_minor).toBe(3_750_000);
  });

  it('a combinable promo code takes its percent of what the discount left, extras included', () => {
    const p = priceBooking({
      ...base,
      travellers: family,
      extras: [extra(1, 100_001)],
      discounts: [discount('10')],
      promo: promo({ value: 5 }),
    });
    // 40 500.00 + 1 000.01 − 4 050.00 = 37 450.01; 5 % = 1 872.5005 → 1 872.50
    expect(p.promo?.amount_minor).toBe(187_250);
    expect(p.total_minor).toBe(3_745_001 - 187_250);
  });

  it('a promo that is not combinable replaces the tour discount when it takes off more', () => {
    const p = priceBooking({
      ...base,
      travellers: family,
      discounts: [discount('10')],
      promo: promo({ value: 15, is_combinable: false }),
    });
    expect(p.discount).toBeNull();
    expect(p.promo?.amount_minor).toBe(607_500);
    expect(p.total_minor).toBe(3_442_500);
  });

  it('a promo that is not combinable and takes off less is dropped: the discount stays', () => {
    const p = priceBooking({
      ...base,
      travellers: family,
      discounts: [discount('10')],
      promo: promo({ value: 2500, value_type: 'currency', is_combinable: false }),
    });
    expect(p.discount?.amount_minor).toBe(405_000);
    expect(p.promo).toMatchObject({ code: 'SUMMER', amount_minor: 0 });
    expect(p.total_minor).toBe(3_645_000);
  });

  it('an amount promo comes off once per booking and never below zero', () => {
    expect(
      priceBooking({ ...base, travellers: family, promo: promo({ value: 999.99, value_type: 'currency' }) })
        .total_minor,
    ).toBe(4_050_000 - 99_999);
    const tiny = priceBooking({
      ...base,
      travellers: [line('adult', 1, 50_000)],
      promo: promo({ value: 900, value_type: 'currency' }),
    });
    expect(tiny.promo?.amount_minor).toBe(50_000);
    expect(tiny.total_minor).toBe(0);
  });

  it('manual lines: a fee adds, a discount takes off, the total stays ≥ 0', () => {
    const p = priceBooking({
      ...base,
      travellers: family,
      adjustments: [
        { kind: 'fee', amount_minor: 150_050, reason: 'late change' },
        { kind: 'discount', amount_minor: 10_001, reason: 'loyal client' },
      ],
    });
    expect(p.adjustments_minor).toBe(140_049);
    expect(p.total_minor).toBe(4_190_049);
    const all = priceBooking({
      ...base,
      travellers: [line('adult', 1, 100)],
      adjustments: [{ kind: 'discount', amount_minor: 101, reason: 'x' }],
    });
    expect(all.total_minor).toBe(0);
  });
});

describe('what a change means for the money', () => {
  const penalties = [
    { days_before: 30, percent: 25 },
    { days_before: 7, percent: 100 },
  ];
  it('a higher total leaves a balance to invoice, no refund', () => {
    expect(changeFigures(4_050_000, 5_550_000, 1_215_000, penalties, 10)).toEqual({
      total_before_minor: 4_050_000,
      total_after_minor: 5_550_000,
      paid_minor: 1_215_000,
      balance_due_minor: 4_335_000,
      overpaid_minor: 0,
      penalty_percent: 0,
      penalty_minor: 0,
      refund_offered_minor: 0,
    });
  });
  it('a lower total, paid in full, 20 days ahead: the refund is the decrease less 25 % of it', () => {
    const f = changeFigures(4_050_000, 2_550_001, 4_050_000, penalties, 20);
    expect(f).toMatchObject({ overpaid_minor: 1_499_999, penalty_percent: 25, balance_due_minor: 0 });
    // 25 % of 14 999.99 = 3 749.9975 → 3 750.00
    expect(f.penalty_minor).toBe(375_000);
    expect(f.refund_offered_minor).toBe(1_124_999);
  });
  it('far ahead no penalty applies; paid less than the new total, nothing to refund', () => {
    expect(changeFigures(4_050_000, 3_000_000, 4_050_000, penalties, 60).refund_offered_minor).toBe(1_050_000);
    expect(changeFigures(4_050_000, 3_000_000, 1_000_000, penalties, 20)).toMatchObject({
      balance_due_minor: 2_000_000,
      refund_offered_minor: 0,
    });
  });
});
