import {
  CHECKOUT_DEFAULT_HOLD_MINUTES,
  CHECKOUT_MAX_HOLD_MINUTES,
  CHECKOUT_MIN_HOLD_MINUTES,
  type CheckoutOptions,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { calendarDayIn } from '../../lib/calendar-day';
import { numericToMinor, toMajor } from '../../lib/money';
import { startOfDayIn } from '../payment/index';
import { categoryUnitPrice, storedCategoryRule } from '../request/index';
import { createTourPricesRepository, toCategory, toExtra } from '../tour/index';
import type { Tenancy } from '../../lib/tenancy';
import type { CheckoutRepository } from './checkout.repository';

export type Tour = NonNullable<Awaited<ReturnType<CheckoutRepository['tour']>>>;
export type Departure = NonNullable<Awaited<ReturnType<CheckoutRepository['departure']>>>;

/**
 * What a tour offers the checkout (issue 27): its departures from today with their free seats and
 * prices per category, and the rules that close one (started, the tour's booking end before the
 * start in the organizer's time zone, its booking period, sold out); the organizer's hold length.
 */
export const createCheckoutOptions = (repo: CheckoutRepository, tenancy: Tenancy) => {
  const prices = createTourPricesRepository(repo.db);
  const holdMinutes = (profile: Record<string, unknown>): number => {
    const v = Number(profile.checkout_hold_minutes);
    return Number.isInteger(v)
      ? Math.min(CHECKOUT_MAX_HOLD_MINUTES, Math.max(CHECKOUT_MIN_HOLD_MINUTES, v))
      : CHECKOUT_DEFAULT_HOLD_MINUTES;
  };
  const timezoneOf = (profile: Record<string, unknown>) =>
    typeof profile.timezone === 'string' ? profile.timezone : null;

  /** The published tour, else 404 (a draft or archived tour is not for sale); its organizer's members preview a draft. */
  const publicTour = async (tourId: number, q: Db = repo.db, userId = 0): Promise<Tour> => {
    const tour = await repo.tour(tourId, q);
    const preview =
      tour && tour.status === 'draft' && userId > 0 && (await tenancy.isMember(userId, tour.organizer_id));
    if (!tour || (tour.status !== 'published' && !preview)) throw AppError.notFound('tour_not_found');
    return tour;
  };

  /** Why a departure cannot be booked now; null when it can. */
  const closedReason = (
    tour: Tour,
    d: Departure,
    tz: string | null,
    now: Date,
  ): 'sold_out' | 'started' | 'booking_closed' | null => {
    const today = calendarDayIn(tz, now);
    if (d.date_start <= today) return 'started';
    const hours = tour.booking_auto_end_one_hour ? 1 : tour.booking_end_hours;
    const starts = startOfDayIn(tz, d.date_start, 0).getTime();
    if (now.getTime() > starts - hours * 3_600_000) return 'booking_closed';
    if (tour.is_request_period_limited) {
      if (tour.request_period_from && today < tour.request_period_from) return 'booking_closed';
      if (tour.request_period_to && today > tour.request_period_to) return 'booking_closed';
    }
    if (d.number_of_free_seats <= 0) return 'sold_out';
    return null;
  };

  const options = async (tourId: number, userId = 0, now = new Date()): Promise<CheckoutOptions> => {
    const tour = await publicTour(tourId, repo.db, userId);
    const profile = await repo.organizerProfile(tour.organizer_id);
    const tz = timezoneOf(profile);
    const [categories, extras, departures] = await Promise.all([
      prices.categories(tour.id),
      prices.extras(tour.id),
      repo.departuresFrom(tour.id, calendarDayIn(tz, now)),
    ]);
    return {
      tour: {
        id: tour.id,
        organizer_id: tour.organizer_id,
        name: tour.name,
        currency: tour.currency,
        instant_booking: tour.instant_booking,
        booking_end_hours: tour.booking_end_hours,
        group_min: tour.group_min,
        group_max: tour.group_max,
        min_age: tour.min_age,
        max_age: tour.max_age,
      },
      categories: categories.map(toCategory),
      extras: extras.map(toExtra),
      departures: departures.map((d) => {
        const reason = closedReason(tour, d, tz, now);
        const base = numericToMinor(d.price) ?? 0;
        return {
          id: d.id,
          date_start: d.date_start,
          date_end: d.date_end,
          time_start: d.time_start || null,
          variant: d.tour_variant || null,
          not_guaranteed: d.not_guaranteed,
          flight_included: d.flight_included,
          free_seats: Math.max(0, d.number_of_free_seats),
          bookable: reason === null,
          reason,
          prices: categories.map((c) => ({
            category_id: c.id,
            unit_price: toMajor(categoryUnitPrice(base, storedCategoryRule(c))),
          })),
        };
      }),
      hold_minutes: holdMinutes(profile),
    };
  };

  return { holdMinutes, timezoneOf, publicTour, closedReason, options };
};
