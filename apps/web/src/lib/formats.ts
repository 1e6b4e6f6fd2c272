import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Money and dates as the reader's language writes them. Amounts are in the currency's major unit
 * as the API sends them; nothing here adds amounts of different currencies.
 */
export const useFormats = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const moneyFormats = new Map<string, Intl.NumberFormat>();
    const money = (amount: number, currency: string, whole = false): string => {
      const key = `${currency}:${whole}`;
      let f = moneyFormats.get(key);
      if (!f) {
        f = new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          minimumFractionDigits: whole ? 0 : 2,
          maximumFractionDigits: whole ? 0 : 2,
        });
        moneyFormats.set(key, f);
      }
      return f.format(amount);
    };
    /** a short amount for a chart's axis: 12 500 → 12.5K (12,5 тыс.) */
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const dayMonth = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const calendar = (iso: string) => new Date(`${iso}T00:00:00Z`);
    return {
      money,
      compact: (n: number) => compact.format(n),
      /** a calendar day (YYYY-MM-DD) */
      day: (iso: string) => day.format(calendar(iso)),
      /** a calendar day, short: 12 Jan */
      dayMonth: (iso: string) => dayMonth.format(calendar(iso)),
      /** an instant, in the reader's time zone */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** an instant's calendar day in the reader's time zone */
      dayOfInstant: (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)),
      /** a span of calendar days */
      days: (from: string | null, to: string | null): string =>
        !from ? '' : !to || to === from ? day.format(calendar(from)) : day.formatRange(calendar(from), calendar(to)),
    };
  }, [language]);
};
export type Formats = ReturnType<typeof useFormats>;
