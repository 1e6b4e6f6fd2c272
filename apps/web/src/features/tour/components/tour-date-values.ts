/**
 * Days as the departures editor handles them: 'yyyy-MM-dd' strings, counted in UTC so neither the
 * browser's time zone nor a DST change moves one; a departure is a calendar day, never an instant.
 */
import { MAX_TOUR_DATES_PER_SAVE } from '@tourdesk/contract/api/tour-routes';
import type { TourDateInput } from '@tourdesk/contract/api/tour';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDay = (value: unknown): value is string => typeof value === 'string' && ISO_DAY.test(value);

/** The day n days after (or before) `day`. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Sunday 0 … Saturday 6. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Days from `from` to `to`, both counted (1 for a one-day departure). */
export const spanDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Today in the browser's calendar. */
export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** 'yyyy-MM' of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month before or after 'yyyy-MM'. */
export const addMonths = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

/** The first and last day of a month 'yyyy-MM'. */
export const monthBounds = (month: string): { from: string; to: string } => {
  const from = `${month}-01`;
  return { from, to: addDays(`${addMonths(month, 1)}-01`, -1) };
};

/** The same day in another month, or that month's last day when it is shorter (31 Jan → 28 Feb). */
export const sameDayIn = (day: string, month: string): string => {
  const { to } = monthBounds(month);
  const wanted = `${month}-${day.slice(8, 10)}`;
  return wanted > to ? to : wanted;
};

/**
 * The first day of the week in the interface language: Monday in Russian, Sunday in English (as
 * the kit's date pickers have it, so the two calendars of one screen agree).
 */
export const weekStartOf = (language: string): 0 | 1 => (language.startsWith('ru') ? 1 : 0);

/** The seven weekdays (Sunday 0) in the order the language's week runs. */
export const weekdaysInOrder = (language: string): number[] => {
  const start = weekStartOf(language);
  return Array.from({ length: 7 }, (_, i) => (start + i) % 7);
};

/** The 6 weeks of 7 days a month is shown in (SPEC §9 calendar), from the week its first day falls in. */
export const monthGrid = (month: string, weekStart: 0 | 1): string[][] => {
  const first = `${month}-01`;
  const lead = (weekdayOf(first) - weekStart + 7) % 7;
  const start = addDays(first, -lead);
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
};

/** Day names and dates in the interface language (the day read as a calendar day, in UTC). */
export const dayFormat = (language: string, options: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
};

/** A weekday's name (Sunday 0), capitalised: 'Monday', 'Понедельник'. */
export const weekdayName = (language: string, weekday: number, width: 'long' | 'short' = 'long'): string => {
  // 2023-01-01 was a Sunday
  const name = dayFormat(language, { weekday: width })(addDays('2023-01-01', weekday));
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
};

/** What a series repeats: the departure's terms (every field but its days). */
export type SeriesTerms = Omit<TourDateInput, 'date_start' | 'date_end'>;

/** One departure of a series, before it is saved: uid names its row (save-dates echoes it back). */
export type SeriesDeparture = TourDateInput & { uid: string };

/**
 * The departures of "every <weekday> from … to …": one on each day of the period (both ends
 * included) that falls on a chosen weekday, lasting `days` days, with the same terms. Stops
 * after `limit` (one more than save-dates takes, so the caller can say there are too many).
 */
export const seriesDepartures = (
  period: { from: string; to: string; weekdays: readonly number[]; days: number },
  terms: SeriesTerms,
  limit = MAX_TOUR_DATES_PER_SAVE + 1,
): SeriesDeparture[] => {
  const rows: SeriesDeparture[] = [];
  if (!isIsoDay(period.from) || !isIsoDay(period.to) || period.to < period.from) return rows;
  const wanted = new Set(period.weekdays);
  const length = Math.max(1, Math.trunc(period.days) || 1);
  for (let day = period.from; day <= period.to && rows.length < limit; day = addDays(day, 1))
    if (wanted.has(weekdayOf(day)))
      rows.push({
        ...terms,
        uid: `${day}|${terms.time_start ?? ''}`,
        date_start: day,
        date_end: addDays(day, length - 1),
        days: length,
      });
  return rows;
};
