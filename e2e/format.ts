/** Dates and money as specs write them and as the pages render them. */

const DAY_MS = 86_400_000;

/** The calendar day `n` days from today, yyyy-MM-dd. */
export const day = (n: number): string => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/** How the page writes money: Intl's currency format, no kopecks when there are none. */
export const money = (n: number, lang: 'en' | 'ru' = 'en') =>
  new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(n)
    .replace(/[\u00a0\u202f]/g, ' ');

/** A text as the page renders it, its spaces whatever Intl put there. */
export const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));
