import { format, isValid, parse, startOfDay } from 'date-fns';

/** A date limit: 'yyyy-MM-dd' or the word 'today'. */
export type DateLimit = string;

/** Parses a min/max limit ('yyyy-MM-dd' or 'today') to the start of that day; invalid → undefined. */
export function parseDateLimit(limit: DateLimit | undefined | null, now: Date = new Date()): Date | undefined {
  if (!limit) return undefined;
  if (limit.trim().toLowerCase() === 'today') return startOfDay(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(limit.trim())) return undefined;
  const date = parse(limit.trim(), 'yyyy-MM-dd', now);
  return isValid(date) ? startOfDay(date) : undefined;
}

/** A date as 'yyyy-MM-dd'. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Whether a day falls outside [min, max] (limits inclusive). */
export function isOutsideLimits(day: Date, min?: Date, max?: Date): boolean {
  const d = startOfDay(day).getTime();
  return (min !== undefined && d < min.getTime()) || (max !== undefined && d > max.getTime());
}
