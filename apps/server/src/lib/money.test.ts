import { describe, expect, it } from 'vitest';
import { numericToMinor, percentOf, toMajor, toMinor } from './money';

describe('money in minor units', () => {
  it.each([
    [1500.5, 150050],
    [0.29, 29],
    [0.1 + 0.2, 30],
    [19999999.99, 1999999999],
  ])('toMinor(%s) = %s', (major, minor) => expect(toMinor(major)).toBe(minor));

  it('toMajor is the inverse', () => expect(toMajor(150050)).toBe(1500.5));

  it.each([
    ['1500.50', 150050],
    ['1500.5', 150050],
    ['0.07', 7],
    ['12', 1200],
    ['-3.10', -310],
  ])('numericToMinor(%s) = %s', (text, minor) => expect(numericToMinor(text)).toBe(minor));

  it.each([
    // 30 % of 3 × 15 000.00 = 13 500.00
    [4_500_000, 30, 1_350_000],
    // 12.5 % of 999.99 = 124.99875 → 125.00 (half up)
    [99_999, 12.5, 12_500],
    // 33.33 % of 100.00 = 33.33
    [10_000, 33.33, 3_333],
    // 0.5 kopeck rounds up
    [1, 50, 1],
    [0, 100, 0],
    [100, 100, 100],
    // a large amount keeps every digit
    [900_000_000_000_000, 12.34, 111_060_000_000_000],
  ])('percentOf(%s, %s) = %s', (minor, percent, expected) => expect(percentOf(minor, percent)).toBe(expected));
});
