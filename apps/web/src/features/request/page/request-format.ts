import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A calendar day 'yyyy-MM-dd' as a Date at UTC midnight: formatted in UTC, it is that day everywhere. */
const utcDay = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** How the request page writes money, days and moments in the interface language. */
export const useRequestFormat = (currency: string) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const money = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    const day = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    return {
      language,
      money: (n: number) => money.format(n),
      day: (iso: string) => day.format(utcDay(iso)),
      moment: (iso: string) => moment.format(new Date(iso)),
      percent: (n: number) => `${percent.format(n)}%`,
      /** 'Jul 3, 2027 – Jul 9, 2027, 10:00' */
      when: (from: string | null, to: string | null, time?: string | null) =>
        from
          ? `${day.format(utcDay(from))}${to && to !== from ? ` – ${day.format(utcDay(to))}` : ''}${
              time ? `, ${time}` : ''
            }`
          : '',
    };
  }, [language, currency]);
};
export type RequestFormat = ReturnType<typeof useRequestFormat>;
