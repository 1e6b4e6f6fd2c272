import { dateFormat } from '../../lib/intl';

/** The offset of a time zone from UTC at an instant, ms (UTC when the zone is unknown). */
const offsetAt = (timeZone: string | null, at: number): number => {
  const format = dateFormat('en-US', {
    timeZone: timeZone || 'UTC',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  if (!format) return 0;
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(at / 1000) * 1000;
};

/**
 * The instant a calendar day (yyyy-MM-dd) plus `plusDays` begins in a time zone (the
 * organizer's; UTC when none or unknown): a period of days in the organizer's calendar as instants.
 */
export const startOfDayIn = (timeZone: string | null, day: string, plusDays: number): Date => {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000;
  // the offset at the guess, then at the corrected instant (a DST change between the two)
  const first = midnightUtc - offsetAt(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetAt(timeZone, first));
};

/** yyyy-MM-dd HH:mm of an instant in a time zone (UTC when none or unknown). */
export const localDateTime = (timeZone: string | null, at: Date): string => {
  const shifted = new Date(at.getTime() + offsetAt(timeZone, at.getTime()));
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
};
