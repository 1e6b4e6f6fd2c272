/**
 * Intl formatters, made once per locale and options: making one costs far more than using it, and
 * dates, amounts and calendar days are formatted on every booking, message and page. null: options
 * Intl refuses (an unknown time zone or currency), for the caller's own fallback.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | null>();
const KEPT_AT_MOST = 2000;

const keep = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T | null => {
  if (kept.has(key)) return kept.get(key) as T | null;
  let made: T | null;
  try {
    made = make();
  } catch {
    made = null;
  }
  if (kept.size >= KEPT_AT_MOST) kept.delete(kept.keys().next().value!);
  kept.set(key, made);
  return made;
};

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null =>
  keep(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null =>
  keep(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
