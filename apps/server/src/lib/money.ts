/**
 * Money: the database keeps integers in the currency's minor unit (every currency the product
 * sells in has two decimals); the API speaks the major unit with at most two decimals. Arithmetic
 * on amounts happens on the integers only.
 */

/** 1500.5 → 150050. The API's amounts are multiples of 0.01, so rounding only removes float noise. */
export const toMinor = (major: number): number => Math.round(major * 100);

/** 150050 → 1500.5 */
export const toMajor = (minor: number): number => minor / 100;

/** A numeric(…, 2) column as drizzle hands it over ('1500.50') → 150050; null stays null. */
export const numericToMinor = (value: string | null): number | null => {
  if (value === null) return null;
  const [whole = '0', fraction = ''] = value.trim().replace(/^-/, '').split('.');
  const minor = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return value.trim().startsWith('-') ? -minor : minor;
};

/**
 * `percent` % of an amount in minor units, rounded half up to the minor unit. The percent may
 * have two decimals (12.5 %). Computed on BigInt, so a large amount keeps every digit.
 */
export const percentOf = (minor: number, percent: number): number => {
  const hundredths = BigInt(Math.round(percent * 100));
  const product = BigInt(minor) * hundredths;
  const sign = product < 0n ? -1n : 1n;
  return Number((sign * (sign * product + 5_000n)) / 10_000n);
};
