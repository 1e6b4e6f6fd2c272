import { asc, eq, inArray, and, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tourExtras, tourTravellerCategories, tours } from '../../db/schema/index';

export type CategoryRow = typeof tourTravellerCategories.$inferSelect;
export type CategoryInsert = typeof tourTravellerCategories.$inferInsert;
export type ExtraRow = typeof tourExtras.$inferSelect;
export type ExtraInsert = typeof tourExtras.$inferInsert;

/** A tour's traveller categories and extras (issue 26). Each query takes the executor: the pool or a transaction. */
export const createTourPricesRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  tour: async (tourId: number, q: Db = db) =>
    (
      await q
        .select({ id: tours.id, organizer_id: tours.organizer_id, currency: tours.currency, price: tours.price })
        .from(tours)
        .where(eq(tours.id, tourId))
    )[0] ?? null,

  categories: (tourId: number, q: Db = db): Promise<CategoryRow[]> =>
    q
      .select()
      .from(tourTravellerCategories)
      .where(eq(tourTravellerCategories.tour_id, tourId))
      .orderBy(asc(tourTravellerCategories.position), asc(tourTravellerCategories.id)),

  extras: (tourId: number, q: Db = db): Promise<ExtraRow[]> =>
    q
      .select()
      .from(tourExtras)
      .where(eq(tourExtras.tour_id, tourId))
      .orderBy(asc(tourExtras.position), asc(tourExtras.id)),

  /** Keeps the rows of `keep` (updated), inserts the new ones, deletes the tour's others. */
  replaceCategories: async (q: Db, tourId: number, rows: (CategoryInsert & { id?: number })[]): Promise<void> => {
    const keep = rows.filter((r) => r.id !== undefined).map((r) => r.id!);
    await q
      .delete(tourTravellerCategories)
      .where(
        and(
          eq(tourTravellerCategories.tour_id, tourId),
          keep.length ? notInArray(tourTravellerCategories.id, keep) : undefined,
        ),
      );
    for (const { id, ...values } of rows)
      if (id === undefined) await q.insert(tourTravellerCategories).values(values);
      else
        await q
          .update(tourTravellerCategories)
          .set(values)
          .where(and(eq(tourTravellerCategories.id, id), eq(tourTravellerCategories.tour_id, tourId)));
  },

  replaceExtras: async (q: Db, tourId: number, rows: (ExtraInsert & { id?: number })[]): Promise<void> => {
    const keep = rows.filter((r) => r.id !== undefined).map((r) => r.id!);
    await q
      .delete(tourExtras)
      .where(and(eq(tourExtras.tour_id, tourId), keep.length ? notInArray(tourExtras.id, keep) : undefined));
    for (const { id, ...values } of rows)
      if (id === undefined) await q.insert(tourExtras).values(values);
      else
        await q
          .update(tourExtras)
          .set(values)
          .where(and(eq(tourExtras.id, id), eq(tourExtras.tour_id, tourId)));
  },

  /** Which of `ids` are the tour's. */
  ownIds: async (table: 'categories' | 'extras', tourId: number, ids: number[], q: Db = db): Promise<Set<number>> => {
    if (ids.length === 0) return new Set();
    const t = table === 'categories' ? tourTravellerCategories : tourExtras;
    const rows = await q
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.tour_id, tourId), inArray(t.id, ids)));
    return new Set(rows.map((r) => r.id));
  },
});
export type TourPricesRepository = ReturnType<typeof createTourPricesRepository>;
