import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A calendar day 'yyyy-MM-dd' as a Date at UTC midnight (the day itself, wherever the browser is). */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * How the list's money and days read in the interface language: an amount with its currency
 * (kopecks only when there are any, then both digits), a day ('12 Jun 2027'), a range of days, a moment ('12 Jun, 14:05').
 */
export const useRequestFormat = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const moneyFormats = new Map<string, Intl.NumberFormat>();
    // whole amounts without kopecks/cents; any fraction with both digits (1 234,50 ₽, never 1 234,5 ₽)
    const moneyFormat = (currency: string, cents: boolean) => {
      const key = `${currency}:${cents}`;
      let f = moneyFormats.get(key);
      if (!f) {
        const digits = cents ? 2 : 0;
        f = new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        moneyFormats.set(key, f);
      }
      return f;
    };
    const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const dayNoYear = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    const dayShortLocal = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    return {
      money: (amount: number, currency: string) => moneyFormat(currency, !Number.isInteger(amount)).format(amount),
      day: (d: string) => day.format(utcDay(d)),
      /** '3 Jul – 9 Jul 2027'; one day alone when start and end are the same */
      days: (start: string, end: string | null) => {
        if (!end || end === start) return day.format(utcDay(start));
        const sameYear = start.slice(0, 4) === end.slice(0, 4);
        return `${(sameYear ? dayNoYear : day).format(utcDay(start))} – ${day.format(utcDay(end))}`;
      },
      moment: (iso: string) => moment.format(new Date(iso)),
      /** a moment's day in the browser's time zone: '23 Nov' */
      dayShort: (iso: string) => dayShortLocal.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [language]);
};
