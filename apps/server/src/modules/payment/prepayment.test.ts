import { describe, expect, it } from 'vitest';
import { prepaymentSizeIssue } from '@tourdesk/contract';
import { toMinor } from '../../lib/money';
import { departurePrepaymentMinor, percentOfWhole, prepaymentMinor } from './prepayment';
import { decimalToMinor, minorToDecimal } from './payment-provider';

/**
 * Worked examples, by hand: the prepayment is taken of the whole price (place × tourists) and
 * rounded half up to the kopeck once; a fixed prepayment is per tourist, at most a place's price.
 */
const PERCENT: [string, { price: number; tourists: number; percent: number }, number][] = [
  // 30 % of 3 × 1 000.05 = 30 % of 3 000.15 = 900.045 → 900.05 (not 3 × 300.02 = 900.06)
  ['half a kopeck rounds up, on the whole', { price: 1000.05, tourists: 3, percent: 30 }, 900.05],
  // 50 % of 0.05 = 0.025 → 0.03
  ['the smallest half up', { price: 0.05, tourists: 1, percent: 50 }, 0.03],
  // 12.5 % of 7 × 999.99 = 12.5 % of 6 999.93 = 874.99125 → 874.99
  ['a percent with decimals, rounding down', { price: 999.99, tourists: 7, percent: 12.5 }, 874.99],
  // 33.33 % of 2 × 45 000 = 33.33 % of 90 000 = 29 997
  ['two-decimal percent, exact', { price: 45000, tourists: 2, percent: 33.33 }, 29997],
  // 15 % of 1 × 0.10 = 0.015 → 0.02
  ['1.5 kopecks → 2', { price: 0.1, tourists: 1, percent: 15 }, 0.02],
  // 100 % is the whole price; 0 % nothing
  ['100 % is the whole price', { price: 12345.67, tourists: 4, percent: 100 }, 49382.68],
  ['0 % is nothing', { price: 12345.67, tourists: 4, percent: 0 }, 0],
  // 10 % of 1000 × 99 999 999.99 — beyond 2^53 as a product of percent hundredths; BigInt keeps it exact
  ['a large total keeps every digit', { price: 99_999_999.99, tourists: 1000, percent: 10 }, 9_999_999_999],
];

const CURRENCY: [string, { price: number; tourists: number; size: number }, number][] = [
  // 5 000 per tourist × 4
  ['a fixed deposit per tourist', { price: 12000, tourists: 4, size: 5000 }, 20000],
  // 0.01 × 3
  ['one kopeck each', { price: 100, tourists: 3, size: 0.01 }, 0.03],
  // the deposit of a whole place × 2
  ['the whole place', { price: 7777.77, tourists: 2, size: 7777.77 }, 15555.54],
];

describe('prepayment arithmetic (worked examples)', () => {
  it.each(PERCENT)('percent: %s', (_, x, expected) => {
    const minor = prepaymentMinor({
      unitPriceMinor: toMinor(x.price),
      touristsCount: x.tourists,
      type: 'percent',
      size: x.percent,
    });
    expect(minor).toBe(Math.round(expected * 100));
    expect(Number.isInteger(minor)).toBe(true);
  });

  it.each(CURRENCY)('currency: %s', (_, x, expected) => {
    expect(
      prepaymentMinor({
        unitPriceMinor: toMinor(x.price),
        touristsCount: x.tourists,
        type: 'currency',
        size: toMinor(x.size),
      }),
    ).toBe(Math.round(expected * 100));
  });

  it('a departure’s prepayment: percent of its price, or its fixed amount per tourist; 0 without one', () => {
    const d = { unitPriceMinor: 1_000_005, touristsCount: 3 };
    expect(departurePrepaymentMinor({ ...d, prepaymentType: 'percent', prepaymentSize: '30.00' })).toBe(900_005);
    expect(departurePrepaymentMinor({ ...d, prepaymentType: 'currency', prepaymentSize: '2500.50' })).toBe(750_150);
    expect(departurePrepaymentMinor({ ...d, prepaymentType: 'percent', prepaymentSize: '0' })).toBe(0);
    expect(departurePrepaymentMinor({ ...d, prepaymentType: 'percent', prepaymentSize: null })).toBe(0);
  });

  it('the prepayment as a percent of the total: two decimals, half up; null of nothing', () => {
    expect(percentOfWhole(900_005, 300_015 * 10)).toBe(30);
    // 1 of 3 = 33.333… → 33.33; 2 of 3 = 66.666… → 66.67
    expect(percentOfWhole(1, 3)).toBe(33.33);
    expect(percentOfWhole(2, 3)).toBe(66.67);
    expect(percentOfWhole(5, 5)).toBe(100);
    expect(percentOfWhole(0, 0)).toBeNull();
  });

  it('a prepayment over 100 %, or a fixed one over the price of a place, is max_value', () => {
    expect(prepaymentSizeIssue({ prepayment_type: 'percent', prepayment_size: 100.01, price: 10 })).toEqual({
      code: 'max_value',
      params: { max: 100 },
    });
    expect(prepaymentSizeIssue({ prepayment_type: 'percent', prepayment_size: 100, price: 10 })).toBeNull();
    expect(prepaymentSizeIssue({ prepayment_type: 'currency', prepayment_size: 15000, price: 12000 })).toEqual({
      code: 'max_value',
      params: { max: 12000 },
    });
    expect(prepaymentSizeIssue({ prepayment_type: 'currency', prepayment_size: 12000, price: 12000 })).toBeNull();
  });

  it('providers’ decimal strings and minor units convert exactly', () => {
    expect(minorToDecimal(123_45)).toBe('123.45');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(100)).toBe('1.00');
    expect(decimalToMinor('123.45')).toBe(12345);
    expect(decimalToMinor('0.1')).toBe(10);
    expect(decimalToMinor('7')).toBe(700);
    expect(decimalToMinor('1.234')).toBeNull();
    expect(decimalToMinor('-1.00')).toBeNull();
    expect(decimalToMinor('abc')).toBeNull();
  });
});
