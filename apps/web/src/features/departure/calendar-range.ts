/** The views of the departures calendar and the days each shows. */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const pad = (n: number): string => String(n).padStart(2, '0');
/** yyyy-MM-dd of a date (UTC parts: every date here is made at UTC midnight). */
export const isoDay = (d: Date): string => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number): string => isoDay(new Date(parse(day).getTime() + n * 86_400_000));

/** The first and last day the view shows around `day`: the day, its week (Monday first), its month. */
export const rangeOf = (view: CalendarView, day: string): { from: string; to: string } => {
  const d = parse(day);
  if (view === 'day') return { from: day, to: day };
  if (view === 'week') {
    const from = addDays(day, -((d.getUTCDay() + 6) % 7));
    return { from, to: addDays(from, 6) };
  }
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { from: isoDay(first), to: isoDay(last) };
};

/** The day the previous (-1) or next (+1) period of the view starts. */
export const shift = (view: CalendarView, day: string, step: -1 | 1): string => {
  if (view === 'day') return addDays(day, step);
  if (view === 'week') return addDays(day, 7 * step);
  const d = parse(day);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + step, 1)));
};

/** Every day from … to. */
export const daysOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
