import type {
  Currency,
  Language,
  PrepaymentType,
  TourDate,
  TourDatesResponse,
  tourDateInputSchema,
  Capability,
} from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { TourDateFilter, TourDateRow, TourDateValues, TourRepository, TourRow } from './tour.repository';
import { isUniqueViolation } from '../../lib/db-errors';

export type TourDateFields = z.output<typeof tourDateInputSchema>;

const DAY_MS = 86_400_000;
/** Days a departure spans, both ends counted. */
const spanDays = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

const formatters = new Map<Language, Intl.DateTimeFormat>();
/** '12 Jun 2026' / '12 июн. 2026 г.': the date as the provider reads it. */
export const formatDay = (day: string, lang: Language): string => {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(lang, f);
  }
  return f.format(new Date(`${day}T00:00:00Z`));
};

/** The stored departure as SPEC §3 Tour date. */
export const toTourDate = (
  row: TourDateRow,
  currency: string,
  lang: Language,
  uid: string | null = null,
): TourDate => ({
  id: row.id,
  tour_id: row.tour_id,
  uid,
  date_start: row.date_start,
  date_end: row.date_end,
  date_start_formatted: formatDay(row.date_start, lang),
  date_end_formatted: formatDay(row.date_end, lang),
  time_start: row.time_start || null,
  price: Number(row.price),
  currency: currency as Currency,
  days: row.days,
  number_of_seats: row.number_of_seats,
  number_of_free_seats: row.number_of_free_seats,
  full_payment_days: row.full_payment_days,
  prepayment_type: row.prepayment_type as PrepaymentType,
  prepayment_size: Number(row.prepayment_size),
  not_guaranteed: row.not_guaranteed,
  flight_included: row.flight_included,
  tour_variant: row.tour_variant || null,
  commentary: row.commentary,
  // seats are held by bookings: such a departure is not removed
  is_busy: row.number_of_free_seats < row.number_of_seats,
  is_from_schedule: row.is_from_schedule,
});

const valuesOf = (f: TourDateFields): TourDateValues => ({
  date_start: f.date_start,
  date_end: f.date_end,
  time_start: f.time_start ?? '',
  price: f.price.toFixed(2),
  days: f.days ?? spanDays(f.date_start, f.date_end),
  number_of_seats: f.number_of_seats,
  full_payment_days: f.full_payment_days,
  prepayment_type: f.prepayment_type,
  prepayment_size: f.prepayment_size.toFixed(2),
  not_guaranteed: f.not_guaranteed,
  flight_included: f.flight_included,
  tour_variant: f.tour_variant ?? '',
  commentary: f.commentary,
});
/** What makes a departure one: its day, time and variant. */
const keyOf = (v: Pick<TourDateValues, 'date_start' | 'time_start' | 'tour_variant'>): string =>
  `${v.date_start}|${v.time_start ?? ''}|${v.tour_variant ?? ''}`;

/** Departures (SPEC §3 Tour date) of a tour: listed, saved one by one or in bulk, removed while unbooked. */
export const createTourDateService = (deps: { repo: TourRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  const ownTour = async (ctx: ServiceContext, id: number, capability: Capability = 'tours.write'): Promise<TourRow> => {
    const row = await repo.findTour(id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, capability)))
      throw AppError.notFound('tour_not_found');
    return row;
  };
  const dateNotFound = () => AppError.notFound('tour_date_not_found');

  return {
    list: async (
      ctx: ServiceContext,
      q: {
        tour_id: number;
        page: number;
        limit: number;
        with_variants?: boolean;
        schedule_type?: 1 | 2;
        period: TourDateFilter['period'];
      },
    ): Promise<TourDatesResponse> => {
      const tour = await ownTour(ctx, q.tour_id, 'tours.read');
      const filter: TourDateFilter = {
        period: q.period,
        withVariants: q.with_variants ?? true,
        fromSchedule: q.schedule_type === undefined ? undefined : q.schedule_type === 2,
      };
      const { rows, total } = await repo.dates(tour.id, filter, q.page, q.limit);
      return { items: rows.map((r) => toTourDate(r, tour.currency, ctx.lang)), total, page: q.page, limit: q.limit };
    },

    /** A new departure, or a change to one (its booked seats kept); a second departure of the same day, time and variant is refused. */
    save: async (
      ctx: ServiceContext,
      tourId: number,
      dateId: number | undefined,
      uid: string | undefined,
      fields: TourDateFields,
    ): Promise<TourDate> => {
      const tour = await ownTour(ctx, tourId);
      const values = valuesOf(fields);
      const existing = dateId === undefined ? null : await repo.findDate(tour.id, dateId);
      if (dateId !== undefined && !existing) throw dateNotFound();
      const clash = (await repo.datesOnDays(tour.id, [values.date_start])).some(
        (d) => d.id !== dateId && keyOf(d) === keyOf(values),
      );
      if (clash) throw AppError.validation({ date_start: ['tour_date_duplicate'] });
      try {
        const row = existing
          ? await repo.updateDate(existing.id, values)
          : (await repo.insertDates(tour.id, [values]))[0]!;
        if (!row) {
          const booked = existing!.number_of_seats - existing!.number_of_free_seats;
          throw AppError.validation({
            number_of_seats: [{ code: 'tour_date_seats_below_booked', params: { booked } }],
          });
        }
        return toTourDate(row, tour.currency, ctx.lang, uid ?? null);
      } catch (e) {
        if (isUniqueViolation(e)) throw AppError.validation({ date_start: ['tour_date_duplicate'] });
        throw e;
      }
    },

    /** New departures at once: all or none; a duplicate (of a stored one or within the batch) is an error on its row. */
    saveMany: async (
      ctx: ServiceContext,
      tourId: number,
      dates: (TourDateFields & { uid?: string })[],
    ): Promise<{ items: TourDate[] }> => {
      const tour = await ownTour(ctx, tourId);
      const values = dates.map(valuesOf);
      const stored = new Set(
        (await repo.datesOnDays(tour.id, [...new Set(values.map((v) => v.date_start))])).map(keyOf),
      );
      const seen = new Set<string>();
      const errors: FieldMessages = {};
      values.forEach((v, i) => {
        const key = keyOf(v);
        if (stored.has(key) || seen.has(key)) errors[`dates.${i}.date_start`] = ['tour_date_duplicate'];
        seen.add(key);
      });
      if (Object.keys(errors).length) throw AppError.validation(errors);
      try {
        const rows = await repo.transaction((r) => r.insertDates(tour.id, values));
        const byKey = new Map(rows.map((row) => [keyOf(row), row]));
        return {
          items: values.map((v, i) => toTourDate(byKey.get(keyOf(v))!, tour.currency, ctx.lang, dates[i]!.uid ?? null)),
        };
      } catch (e) {
        if (isUniqueViolation(e)) throw AppError.validation({ dates: ['tour_date_duplicate'] });
        throw e;
      }
    },

    /** A saved departure without bookings; an unsaved row (date_uid) has nothing stored to remove. */
    remove: async (ctx: ServiceContext, tourId: number, dateId: number | undefined): Promise<{ success: boolean }> => {
      const tour = await ownTour(ctx, tourId);
      if (dateId === undefined) return { success: true };
      if (!(await repo.findDate(tour.id, dateId))) throw dateNotFound();
      if (!(await repo.deleteFreeDate(dateId))) throw AppError.validation({ date_id: ['tour_date_busy'] });
      return { success: true };
    },
  };
};
export type TourDateService = ReturnType<typeof createTourDateService>;
