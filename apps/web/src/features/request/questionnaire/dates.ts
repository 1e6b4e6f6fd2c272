/** A 'yyyy-MM-dd' day as a calendar date (no time zone shifts it). */
const asDay = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

const dayFormat = (language: string) =>
  new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** '12 June 2026' / '12 июня 2026 г.' */
export const formatDay = (iso: string, language: string): string => dayFormat(language).format(asDay(iso));

/** '12–16 June 2026' / '12–16 июня 2026 г.'; one day when both are the same. */
export const formatDays = (start: string, end: string | null, language: string): string =>
  end && end !== start
    ? dayFormat(language).formatRange(asDay(start), asDay(end))
    : dayFormat(language).format(asDay(start));

/** Today as 'yyyy-MM-dd' in the browser's own calendar (a birthday input's upper bound). */
export const todayIso = (): string => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
