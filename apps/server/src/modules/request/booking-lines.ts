import { coded } from '@tourdesk/contract';
import type { StoredExtraLine, StoredTravellerLine } from '../../db/schema/bookings';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { CategoryRow, ExtraRow } from '../tour';
import { categoryUnitPrice, storedCategoryRule } from './booking-price';
import type { BookingChangeInput } from './booking-change.service';

const fail = (errors: FieldMessages): never => {
  throw AppError.validation(errors);
};

/**
 * A booking's lines as a change (or a new booking) asks for them, checked against the tour's
 * categories and extras (issue 26). Lines already on the booking (`before`) keep the price they
 * were sold at; a category or extra added now is priced by the tour's rules of today.
 */
export const travellerLines = (
  before: StoredTravellerLine[],
  input: NonNullable<BookingChangeInput['travellers']>,
  categories: CategoryRow[],
  baseMinor: number,
): StoredTravellerLine[] => {
  const errors: FieldMessages = {};
  const counts = new Map<number, number>();
  input.forEach((t, i) => {
    if (!categories.some((c) => c.id === t.category_id))
      errors[`travellers.${i}.category_id`] = ['category_not_of_tour'];
    else counts.set(t.category_id, (counts.get(t.category_id) ?? 0) + t.count);
  });
  if (Object.keys(errors).length) fail(errors);
  categories.forEach((c) => {
    const n = counts.get(c.id) ?? 0;
    const at = input.findIndex((t) => t.category_id === c.id);
    const path = at < 0 ? 'travellers' : `travellers.${at}.count`;
    if (n > 0 && n < c.min_per_booking) errors[path] = [coded('category_count_below_min', { min: c.min_per_booking })];
    if (c.max_per_booking !== null && n > c.max_per_booking)
      errors[path] = [coded('category_count_over_max', { max: c.max_per_booking })];
  });
  if (Object.keys(errors).length) fail(errors);
  return categories
    .filter((c) => (counts.get(c.id) ?? 0) > 0)
    .map((c) => {
      const kept = before.find((t) => t.category_id === c.id);
      return {
        category_id: c.id,
        code: c.code,
        name_en: c.name_en,
        name_ru: c.name_ru,
        count: counts.get(c.id)!,
        unit_minor: kept ? kept.unit_minor : categoryUnitPrice(baseMinor, storedCategoryRule(c)),
        takes_seat: c.takes_seat,
      };
    });
};

/** Mandatory extras always; optional ones as chosen (or as they were); per-traveller ones at most one each. */
export const extraLines = (
  before: StoredExtraLine[],
  input: BookingChangeInput['extras'],
  extras: ExtraRow[],
  tourists: number,
): StoredExtraLine[] => {
  const errors: FieldMessages = {};
  input?.forEach((e, i) => {
    const extra = extras.find((x) => x.id === e.extra_id);
    if (!extra) errors[`extras.${i}.extra_id`] = ['extra_not_of_tour'];
    else if (extra.per === 'traveller' && e.quantity > tourists)
      errors[`extras.${i}.quantity`] = [coded('extra_over_travellers', { count: tourists })];
  });
  if (Object.keys(errors).length) fail(errors);
  const chosen =
    input ??
    before
      .filter((e) => !e.is_mandatory && e.extra_id !== null)
      .map((e) => ({
        extra_id: e.extra_id!,
        quantity: e.per === 'traveller' ? Math.min(e.quantity, tourists) : e.quantity,
      }));
  const line = (x: ExtraRow, quantity: number): StoredExtraLine => {
    const kept = before.find((e) => e.extra_id === x.id);
    return {
      extra_id: x.id,
      name_en: x.name_en,
      name_ru: x.name_ru,
      per: x.per as StoredExtraLine['per'],
      is_mandatory: x.is_mandatory,
      quantity,
      unit_minor: kept ? kept.unit_minor : x.price_minor,
    };
  };
  return extras.flatMap((x) => {
    if (x.is_mandatory) return [line(x, x.per === 'traveller' ? tourists : 1)];
    const q = chosen.filter((c) => c.extra_id === x.id).reduce((n, c) => n + c.quantity, 0);
    return q > 0 && (x.per !== 'traveller' || tourists > 0) ? [line(x, q)] : [];
  });
};
