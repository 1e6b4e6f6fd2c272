import { describe, expect, it } from 'vitest';
import { applicablePenalty, cancelCost, priceRequest, type DiscountRow } from './request-pricing';

const d = (over: Partial<DiscountRow>): DiscountRow => ({
  kind: 'early_booking_days',
  date_from: null,
  date_to: null,
  days_before: null,
  value: '10.00',
  value_type: 'percent',
  ...over,
});

describe('pricing a request (minor units)', () => {
  it.each([
    {
      name: 'no discount: 3 × 15 000.00 = 45 000.00',
      unit: 1_500_000,
      n: 3,
      discounts: [],
      booked: '2030-01-10',
      start: '2030-06-01',
      total: 4_500_000,
      off: null,
    },
    {
      name: '10 % early booking, 60+ days ahead: 45 000.00 − 4 500.00',
      unit: 1_500_000,
      n: 3,
      discounts: [d({ days_before: 60 })],
      booked: '2030-01-10',
      start: '2030-06-01',
      total: 4_050_000,
      off: 450_000,
    },
    {
      name: 'early booking 60 days: 59 days ahead does not get it',
      unit: 1_500_000,
      n: 1,
      discounts: [d({ days_before: 60 })],
      booked: '2030-04-03',
      start: '2030-06-01',
      total: 1_500_000,
      off: null,
    },
    {
      name: 'the best of several: 1 000.00 per tourist beats 5 % on 2 × 9 990.00',
      unit: 999_000,
      n: 2,
      discounts: [
        d({ kind: 'seasonal', date_from: '2030-05-01', date_to: '2030-09-30', value: '5.00' }),
        d({
          kind: 'early_booking_dates',
          date_from: '2030-01-01',
          date_to: '2030-01-31',
          value: '1000.00',
          value_type: 'currency',
        }),
      ],
      booked: '2030-01-10',
      start: '2030-06-01',
      total: 1_798_000,
      off: 200_000,
    },
    {
      name: 'an amount larger than the price takes the price, not below zero',
      unit: 50_000,
      n: 1,
      discounts: [d({ kind: 'seasonal', value: '900.00', value_type: 'currency' })],
      booked: '2030-01-10',
      start: '2030-06-01',
      total: 0,
      off: 50_000,
    },
    {
      name: '12.5 % of 3 × 333.33 = 999.99 → 125.00 off (half up)',
      unit: 33_333,
      n: 3,
      discounts: [d({ kind: 'seasonal', value: '12.50' })],
      booked: '2030-01-10',
      start: '2030-06-01',
      total: 87_499,
      off: 12_500,
    },
  ])('$name', ({ unit, n, discounts, booked, start, total, off }) => {
    const priced = priceRequest(unit, n, discounts, booked, start);
    expect(priced.total_minor).toBe(total);
    expect(priced.discount?.amount_minor ?? null).toBe(off);
  });
});

describe('the penalty of cancelling', () => {
  const rows = [
    { days_before: 30, percent: 10 },
    { days_before: 14, percent: 50 },
    { days_before: 3, percent: 100 },
  ];
  it.each([
    // days before the start → the row that applies
    [45, null],
    [31, null],
    [30, 10],
    [20, 10],
    [14, 50],
    [10, 50],
    [3, 100],
    [0, 100],
    [-2, 100],
  ])('%s day(s) before → %s %%', (days, percent) => {
    expect(applicablePenalty(rows, days)?.percent ?? null).toBe(percent);
  });

  it('no start date: free', () => expect(applicablePenalty(rows, null)).toBeNull());

  it.each([
    // total, paid, days → penalty, refund
    [4_500_000, 1_350_000, 10, 2_250_000, 0],
    [4_500_000, 4_500_000, 10, 2_250_000, 2_250_000],
    [4_500_000, 1_350_000, 20, 450_000, 900_000],
    [4_500_000, 0, 45, 0, 0],
    [99_999, 99_999, 1, 99_999, 0],
  ])('price %s, paid %s, %s days before → penalty %s, refund %s', (total, paid, days, penalty, refund) => {
    const cost = cancelCost(rows, days, total, paid);
    expect(cost.penalty_minor).toBe(penalty);
    expect(cost.refund_minor).toBe(refund);
  });
});
