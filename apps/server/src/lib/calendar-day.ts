import { dateFormat } from './intl';

/** The calendar day (yyyy-MM-dd) of an instant in a time zone (the organizer's; UTC when none or unknown). */
export const calendarDayIn = (timeZone: string | null | undefined, at: Date): string =>
  dateFormat('en-CA', { timeZone: timeZone || 'UTC' })?.format(at) ?? at.toISOString().slice(0, 10);

/** Whole days from one calendar day to another (negative when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
