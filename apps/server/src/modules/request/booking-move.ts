import type { StoredTravellerLine } from '../../db/schema/bookings';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CategoryRow } from '../tour';
import { categoryUnitPrice, storedCategoryRule } from './booking-price';
import { departureStarted } from './request-dates';
import type { RequestRepository } from './request.repository';

/**
 * The departure a booking moves to (change-booking's `tour_date_id`, request/update's): one of
 * its own tour's, not started yet by the organizer's calendar; 422 on tour_date_id otherwise.
 */
export const createMoveTarget =
  (repo: RequestRepository) => async (tx: Db, tourId: number | null, tourDateId: number, today: string) => {
    const target = await repo.departure(tx, tourDateId);
    if (!target || target.tour_id !== tourId) throw AppError.validation({ tour_date_id: ['departure_not_of_tour'] });
    if (departureStarted(target.date_start, today)) throw AppError.validation({ tour_date_id: ['departure_started'] });
    return target;
  };

/**
 * The travellers at another departure's price: each category still on the tour priced by its rule
 * from that departure's base price (a line whose category is gone keeps what it was sold at).
 */
export const repricedAt = (
  travellers: StoredTravellerLine[],
  categories: CategoryRow[],
  baseMinor: number,
): StoredTravellerLine[] =>
  travellers.map((t) => {
    const category = categories.find((c) => c.id === t.category_id);
    return category ? { ...t, unit_minor: categoryUnitPrice(baseMinor, storedCategoryRule(category)) } : t;
  });
