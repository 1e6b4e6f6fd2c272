import type { Capability, TourPrices, tourExtraInputSchema, travellerCategoryInputSchema } from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError, type FieldMessages, type MessageRef } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { toMinor, toMajor } from '../../lib/money';
import type { Tenancy } from '../../lib/tenancy';
import type { CategoryRow, ExtraRow, TourPricesRepository } from './tour-prices.repository';

export type CategoryInput = z.output<typeof travellerCategoryInputSchema>;
export type ExtraInput = z.output<typeof tourExtraInputSchema>;

export const toCategory = (c: CategoryRow): TourPrices['categories'][number] => ({
  id: c.id,
  code: c.code as CategoryInput['code'],
  name_en: c.name_en,
  name_ru: c.name_ru,
  age_from: c.age_from,
  age_to: c.age_to,
  pricing: c.pricing as CategoryInput['pricing'],
  value: Number(c.value),
  takes_seat: c.takes_seat,
  min_per_booking: c.min_per_booking,
  max_per_booking: c.max_per_booking,
});
export const toExtra = (e: ExtraRow): TourPrices['extras'][number] => ({
  id: e.id,
  name_en: e.name_en,
  name_ru: e.name_ru,
  price: toMajor(e.price_minor),
  per: e.per as ExtraInput['per'],
  is_mandatory: e.is_mandatory,
  stock: e.stock,
});

/** An age range's ends, open ones made 0 and ∞; null when the category has no range at all. */
const range = (c: CategoryInput): [number, number] | null =>
  c.age_from === null && c.age_to === null ? null : [c.age_from ?? 0, c.age_to ?? Number.POSITIVE_INFINITY];

/**
 * The field errors of a tour's categories (issue 26 "Bad input"): exactly one adult, priced at the
 * departure's price; no empty or overlapping age ranges (a category without any range overlaps
 * nothing); a percent at most 100; min not above max; a name in either language.
 */
export const categoryErrors = (categories: readonly CategoryInput[]): FieldMessages | null => {
  const errors: FieldMessages = {};
  const add = (path: string, code: MessageRef) => (errors[path] ??= []).push(code);
  if (categories.filter((c) => c.code === 'adult').length !== 1) add('categories', 'category_adult_required');
  categories.forEach((c, i) => {
    const at = `categories.${i}`;
    if (!c.name_en && !c.name_ru) add(`${at}.name_en`, 'required');
    if (c.code === 'adult' && c.pricing !== 'base') add(`${at}.pricing`, 'category_adult_base');
    if (c.pricing === 'percent_off' && c.value > 100) add(`${at}.value`, 'promo_percent_over_100');
    if (c.age_from !== null && c.age_to !== null && c.age_from > c.age_to) add(`${at}.age_to`, 'category_ages_empty');
    else {
      const mine = range(c);
      const other =
        mine &&
        categories.slice(0, i).find((o) => {
          const r = range(o);
          return r !== null && r[0] <= r[1] && r[0] <= mine[1] && mine[0] <= r[1];
        });
      if (other) add(`${at}.age_from`, 'category_ages_overlap');
    }
    if (c.max_per_booking !== null && c.min_per_booking > c.max_per_booking)
      add(`${at}.min_per_booking`, 'category_min_over_max');
  });
  return Object.keys(errors).length ? errors : null;
};

/** A tour's traveller categories and extras, read and saved by its organizer's members. */
export const createTourPricesService = (deps: { repo: TourPricesRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;

  const ownTour = async (ctx: ServiceContext, tourId: number, capability: Capability = 'tours.write') => {
    const tour = await repo.tour(tourId);
    if (!tour || !(await tenancy.reaches(ctx.userId, tour.organizer_id, capability)))
      throw AppError.notFound('tour_not_found');
    return tour;
  };
  const prices = async (tourId: number): Promise<TourPrices> => ({
    categories: (await repo.categories(tourId)).map(toCategory),
    extras: (await repo.extras(tourId)).map(toExtra),
  });
  const foreignIds = async (
    table: 'categories' | 'extras',
    tourId: number,
    items: readonly { id?: number }[],
    code: 'category_not_of_tour' | 'extra_not_of_tour',
  ): Promise<FieldMessages | null> => {
    const own = await repo.ownIds(
      table,
      tourId,
      items.flatMap((i) => (i.id === undefined ? [] : [i.id])),
    );
    const errors: FieldMessages = {};
    items.forEach((item, i) => {
      if (item.id !== undefined && !own.has(item.id)) errors[`${table}.${i}.id`] = [code];
    });
    return Object.keys(errors).length ? errors : null;
  };

  return {
    get: async (ctx: ServiceContext, tourId: number): Promise<TourPrices> => {
      await ownTour(ctx, tourId, 'tours.read');
      return prices(tourId);
    },

    saveCategories: async (ctx: ServiceContext, tourId: number, input: CategoryInput[]): Promise<TourPrices> => {
      await ownTour(ctx, tourId);
      const errors = categoryErrors(input) ?? (await foreignIds('categories', tourId, input, 'category_not_of_tour'));
      if (errors) throw AppError.validation(errors);
      await repo.transaction((tx) =>
        repo.replaceCategories(
          tx,
          tourId,
          // the adult always takes a seat (the seats of a booking made before categories are its adults)
          input.map((c, position) => ({
            ...c,
            tour_id: tourId,
            position,
            value: c.value.toFixed(2),
            takes_seat: c.code === 'adult' ? true : c.takes_seat,
          })),
        ),
      );
      return prices(tourId);
    },

    saveExtras: async (ctx: ServiceContext, tourId: number, input: ExtraInput[]): Promise<TourPrices> => {
      await ownTour(ctx, tourId);
      const unnamed: FieldMessages = {};
      input.forEach((e, i) => {
        if (!e.name_en && !e.name_ru) unnamed[`extras.${i}.name_en`] = ['extra_name_required'];
      });
      const errors = Object.keys(unnamed).length
        ? unnamed
        : await foreignIds('extras', tourId, input, 'extra_not_of_tour');
      if (errors) throw AppError.validation(errors);
      await repo.transaction((tx) =>
        repo.replaceExtras(
          tx,
          tourId,
          input.map(({ price, ...e }, position) => ({ ...e, tour_id: tourId, position, price_minor: toMinor(price) })),
        ),
      );
      return prices(tourId);
    },
  };
};
export type TourPricesService = ReturnType<typeof createTourPricesService>;
