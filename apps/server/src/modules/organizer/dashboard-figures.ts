import {
  DASHBOARD_WEEKS,
  type Currency,
  type CurrencyAmount,
  type DashboardUnpaid,
  type DashboardWeek,
} from '@tourdesk/contract';
import { calendarDayIn } from '../../lib/calendar-day';
import { toMajor } from '../../lib/money';
import { startOfDayIn } from '../payment';
import type { DashboardRepository } from './dashboard.repository';

const DAY_MS = 86_400_000;

/** A calendar day (yyyy-MM-dd) plus `days`. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of a calendar day's week (yyyy-MM-dd). */
export const mondayOf = (day: string): string => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
};

/**
 * The last `weeks` weeks in a time zone, this week last: each week's Monday and the instants its
 * weeks begin at, with the instant the current week ends (weeks + 1 bounds). A week is Monday 00:00
 * to the next Monday 00:00 in the organizer's calendar (a DST change makes one 167 or 169 hours).
 */
export const weeksIn = (
  timeZone: string | null,
  now: Date,
  weeks = DASHBOARD_WEEKS,
): { starts: string[]; bounds: Date[] } => {
  const thisMonday = mondayOf(calendarDayIn(timeZone, now));
  const starts = Array.from({ length: weeks }, (_, i) => addDays(thisMonday, -7 * (weeks - 1 - i)));
  const bounds = [...starts, addDays(thisMonday, 7)].map((day) => startOfDayIn(timeZone, day, 0));
  return { starts, bounds };
};

/** The dashboard's money figures and chart of an organizer, as of `now`. */
export const dashboardFigures = async (
  repo: DashboardRepository,
  organizerId: number,
  timeZone: string | null,
  now: Date,
): Promise<{
  new_requests_count: number;
  unpaid_invoices_count: number;
  unpaid_invoices: DashboardUnpaid[];
  weeks: DashboardWeek[];
}> => {
  const { starts, bounds } = weeksIn(timeZone, now);
  const [newRequests, unpaid, requestCounts, revenue] = await Promise.all([
    repo.newRequests(organizerId),
    repo.unpaidInvoices(organizerId),
    repo.requestsPerWeek(organizerId, bounds),
    repo.revenuePerWeek(organizerId, bounds),
  ]);
  const revenueOf = (week: number): CurrencyAmount[] =>
    revenue
      .filter((r) => r.week === week && r.amount_minor > 0)
      .map((r) => ({ currency: r.currency as Currency, amount: toMajor(r.amount_minor) }));
  return {
    new_requests_count: newRequests,
    unpaid_invoices_count: unpaid.reduce((n, r) => n + r.count, 0),
    unpaid_invoices: unpaid.map((r) => ({
      currency: r.currency as Currency,
      count: r.count,
      amount: toMajor(r.amount_minor),
    })),
    weeks: starts.map((week_start, i) => ({ week_start, requests: requestCounts[i] ?? 0, revenue: revenueOf(i) })),
  };
};

/** The figures a role without `reports` (a guide) gets: none of the organizer's (issue 29). */
export const hiddenFigures = (timeZone: string | null, now: Date): Awaited<ReturnType<typeof dashboardFigures>> => ({
  new_requests_count: 0,
  unpaid_invoices_count: 0,
  unpaid_invoices: [],
  weeks: weeksIn(timeZone, now).starts.map((week_start) => ({ week_start, requests: 0, revenue: [] })),
});
