import type { PrepaymentType } from '@tourdesk/contract';
import { percentOf } from '../../lib/money';

/**
 * The prepayment arithmetic, on integers in minor units only (lib/money.ts).
 *
 * - `percent`: `size` % of the whole price (the price of one place × the tourists), rounded half
 *   up to the kopeck once, on the whole: 30 % of 3 × 1 000.05 is 900.05 (of 3 000.15 → 900.045 →
 *   900.05), not 3 × 300.02.
 * - `currency`: `size` is a fixed deposit per tourist, in the request's currency, at most the
 *   price of one place (a deposit per place, as a departure's fixed prepayment means): size × tourists.
 */
export interface PrepaymentInput {
  /** the price of one place, minor units */
  unitPriceMinor: number;
  touristsCount: number;
  type: PrepaymentType;
  /** percent (two decimals) or, for `currency`, minor units per tourist */
  size: number;
}

export const prepaymentMinor = (p: PrepaymentInput): number => {
  const total = p.unitPriceMinor * p.touristsCount;
  if (p.type === 'percent') return percentOf(total, Math.min(Math.max(p.size, 0), 100));
  return Math.min(Math.max(p.size, 0), p.unitPriceMinor) * p.touristsCount;
};

/**
 * `part` as a percent of `whole`, two decimals, half up; null when `whole` is 0. (BigInt: the
 * product of two large amounts keeps every digit.)
 */
export const percentOfWhole = (part: number, whole: number): number | null => {
  if (whole <= 0) return null;
  const hundredths = (BigInt(part) * 10_000n * 2n + BigInt(whole)) / (BigInt(whole) * 2n);
  return Math.min(Number(hundredths) / 100, 100);
};

/** The prepayment a departure asks of a request (its prepayment_type and prepayment_size), minor units. */
export const departurePrepaymentMinor = (d: {
  unitPriceMinor: number;
  touristsCount: number;
  prepaymentType: string;
  /** numeric column: percent, or major units per tourist */
  prepaymentSize: string | null;
}): number => {
  const size = Number(d.prepaymentSize ?? 0);
  if (!(size > 0)) return 0;
  const type: PrepaymentType = d.prepaymentType === 'currency' ? 'currency' : 'percent';
  return prepaymentMinor({
    unitPriceMinor: d.unitPriceMinor,
    touristsCount: d.touristsCount,
    type,
    size: type === 'percent' ? size : Math.round(size * 100),
  });
};
