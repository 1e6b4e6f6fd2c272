import type { tourSaveWeekScheduleBodySchema, TourWeekScheduleResponse } from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { weekScheduleOf } from './tour.mapper';
import type { TourRepository } from './tour.repository';
import type {
  NewScheduleDeparture,
  ScheduleToSweep,
  WeekScheduleQueries,
  WeekScheduleRepository,
} from './week-schedule.repository';
import { calendarDayIn as dayIn } from '../../lib/calendar-day';

export type WeekScheduleFields = Omit<z.output<typeof tourSaveWeekScheduleBodySchema>, 'id'>;

/** What one sweep did: departures made and removed. */
export interface SweepResult {
  created: number;
  removed: number;
}

/** YYYY-MM-DD plus n calendar days (date arithmetic in UTC, so no time zone or DST gets in). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Sunday 0 … Saturday 6 of a calendar day. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

const keyOf = (d: { date_start: string; time_start?: string; tour_variant?: string }): string =>
  `${d.date_start}|${d.time_start ?? ''}|${d.tour_variant ?? ''}`;

/**
 * The departures a schedule wants from `today` (the organizer's calendar day): each day of the
 * next publish_count_days, up to last_tour_date, outside the excluded periods, at each start time
 * of its weekday. A departure is a local day and a local time (HH:mm), never an instant, so a DST
 * change neither moves nor doubles one.
 */
export const wantedDepartures = (s: ScheduleToSweep, today: string): NewScheduleDeparture[] => {
  const { schedule } = s;
  const timesByDay = new Map<number, string[]>();
  for (const t of s.times) timesByDay.set(t.day_of_week, [...(timesByDay.get(t.day_of_week) ?? []), t.time]);
  const days = schedule.days ?? s.duration ?? 1;
  const rows: NewScheduleDeparture[] = [];
  for (let i = 0; i < schedule.publish_count_days; i++) {
    const day = addDays(today, i);
    if (schedule.last_tour_date && day > schedule.last_tour_date) break;
    if (s.excluded.some((p) => p.date_from <= day && day <= p.date_to)) continue;
    for (const time of timesByDay.get(weekdayOf(day)) ?? [])
      rows.push({
        date_start: day,
        date_end: addDays(day, days - 1),
        time_start: time,
        tour_variant: '',
        price: schedule.price,
        days,
        number_of_seats: schedule.number_of_seats,
        number_of_free_seats: schedule.number_of_seats,
        full_payment_days: schedule.full_payment_days,
        prepayment_type: schedule.prepayment_type,
        prepayment_size: schedule.prepayment_size,
        not_guaranteed: schedule.not_guaranteed,
        flight_included: schedule.flight_included,
        commentary: schedule.commentary,
        is_from_schedule: true,
      });
  }
  return rows;
};

/**
 * Brings one tour's schedule-made departures in line with its schedule: makes the missing ones
 * (ON CONFLICT DO NOTHING on the departure index, so never twice) and removes those from today on
 * that it no longer wants, unless they have bookings.
 */
const sweepTour = async (repo: WeekScheduleQueries, tourId: number, now: Date): Promise<SweepResult> => {
  const s = await repo.find(tourId);
  if (!s) return { created: 0, removed: 0 };
  const today = dayIn(s.timezone, now);
  const wanted = wantedDepartures(s, today);
  const created = await repo.insertMissing(tourId, wanted);
  const keep = new Set(wanted.map(keyOf));
  const stale = (await repo.scheduleDepartures(tourId, today)).filter((d) => !keep.has(keyOf(d))).map((d) => d.id);
  const removed = stale.length ? await repo.deleteFree(stale) : 0;
  return { created, removed };
};

const toResponse = (s: ScheduleToSweep): TourWeekScheduleResponse => ({
  tour_id: s.schedule.tour_id,
  ...weekScheduleOf(s),
});

/** Week schedules (SPEC §3): saved by the organizer, kept as concrete departures by the sweep. */
export const createWeekScheduleService = (deps: {
  repo: WeekScheduleRepository;
  tours: TourRepository;
  tenancy: Tenancy;
  dialect: 'pglite' | 'postgres';
}) => {
  const { repo, tours, tenancy, dialect } = deps;
  return {
    /** Stores the schedule (the tour becomes weekly) and sweeps that tour at once, in one transaction. */
    save: async (
      ctx: ServiceContext,
      tourId: number,
      f: WeekScheduleFields,
      now: Date = new Date(),
    ): Promise<TourWeekScheduleResponse> => {
      const tour = await tours.findTour(tourId);
      if (!tour || !(await tenancy.reaches(ctx.userId, tour.organizer_id, 'tours.write')))
        throw AppError.notFound('tour_not_found');
      const times = f.days_data.flatMap((d) =>
        [...new Set(d.times)].map((time) => ({ day_of_week: d.day_of_week, time })),
      );
      const stored = await repo.transaction(async (r) => {
        await r.save(
          tour.id,
          {
            publish_count_days: f.publish_count_days,
            last_tour_date: f.last_tour_date,
            price: f.price.toFixed(2),
            days: f.days,
            number_of_seats: f.number_of_seats,
            full_payment_days: f.full_payment_days,
            prepayment_type: f.prepayment_type,
            prepayment_size: f.prepayment_size.toFixed(2),
            not_guaranteed: f.not_guaranteed,
            flight_included: f.flight_included,
            commentary: f.commentary,
          },
          times,
          f.excluded_periods_data,
        );
        await sweepTour(r, tour.id, now);
        return r.find(tour.id);
      });
      return toResponse(stored!);
    },

    /**
     * The sweep of every weekly, non-archived tour, as of `now`; idempotent. On PostgreSQL it runs
     * under an advisory lock so one node at a time does it: null when another node holds it.
     */
    sweepWeekSchedules: (now: Date = new Date()): Promise<SweepResult | null> =>
      repo.withSweepLock(dialect, async (r) => {
        const total: SweepResult = { created: 0, removed: 0 };
        for (const id of await r.sweptTourIds()) {
          const one = await sweepTour(r, id, now);
          total.created += one.created;
          total.removed += one.removed;
        }
        return total;
      }),
  };
};
export type WeekScheduleService = ReturnType<typeof createWeekScheduleService>;

/** How often the server sweeps the week schedules. */
export const WEEK_SCHEDULE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
