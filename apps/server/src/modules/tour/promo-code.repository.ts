import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoCodeUses, promoCodes, tours } from '../../db/schema/index';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeInsert = typeof promoCodes.$inferInsert;

/** An organizer's promo codes and their uses (issue 26). */
export const createPromoCodeRepository = (db: Db) => ({
  db,
  list: (organizerId: number) =>
    db.select().from(promoCodes).where(eq(promoCodes.organizer_id, organizerId)).orderBy(asc(promoCodes.code)),
  byId: async (id: number): Promise<PromoCodeRow | null> =>
    (await db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0] ?? null,
  byCode: async (q: Db, organizerId: number, code: string): Promise<PromoCodeRow | null> =>
    (
      await q
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.organizer_id, organizerId), eq(promoCodes.code, code.toUpperCase())))
    )[0] ?? null,
  insert: async (values: PromoCodeInsert): Promise<PromoCodeRow> =>
    (await db.insert(promoCodes).values(values).returning())[0]!,
  update: async (id: number, values: Partial<PromoCodeInsert>): Promise<PromoCodeRow | null> =>
    (await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning())[0] ?? null,
  remove: (id: number) => db.delete(promoCodes).where(eq(promoCodes.id, id)),
  /** How many of `ids` are the organizer's tours. */
  ownTours: async (organizerId: number, ids: number[]): Promise<number> =>
    ids.length === 0
      ? 0
      : (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(tours)
            .where(and(eq(tours.organizer_id, organizerId), inArray(tours.id, ids)))
        )[0]!.n,

  /**
   * Counts one more use, in one conditional UPDATE: never past uses_total, whatever races (on
   * PostgreSQL the row lock it takes makes a concurrent one wait and re-check). false: used up.
   */
  countUse: async (q: Db, id: number): Promise<boolean> =>
    (
      await q
        .update(promoCodes)
        .set({ uses_count: sql`${promoCodes.uses_count} + 1` })
        .where(
          and(
            eq(promoCodes.id, id),
            or(isNull(promoCodes.uses_total), lt(promoCodes.uses_count, promoCodes.uses_total)),
          ),
        )
        .returning({ id: promoCodes.id })
    ).length > 0,
  /** Uses of the code for an e-mail by other requests (read after countUse, under its row lock). */
  usesByEmail: async (q: Db, id: number, email: string, requestId: number): Promise<number> =>
    (
      await q
        .select({ n: sql<number>`count(*)::int` })
        .from(promoCodeUses)
        .where(
          and(
            eq(promoCodeUses.promo_code_id, id),
            eq(sql`lower(${promoCodeUses.email})`, email.toLowerCase()),
            ne(promoCodeUses.request_id, requestId),
          ),
        )
    )[0]!.n,
  /**
   * Locks the codes' rows, lowest id first: a booking swapping its code locks both before it
   * gives one back and uses the other, so two bookings swapping the other way round never wait
   * on each other crosswise (as departures are locked, request-seats.ts).
   */
  lockRows: async (q: Db, ids: number[]): Promise<void> => {
    if (ids.length > 0)
      await q
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(inArray(promoCodes.id, ids))
        .orderBy(asc(promoCodes.id))
        .for('update');
  },
  /** The code a request uses now, if any. */
  useOf: async (q: Db, requestId: number): Promise<number | null> =>
    (
      await q
        .select({ id: promoCodeUses.promo_code_id })
        .from(promoCodeUses)
        .where(eq(promoCodeUses.request_id, requestId))
    )[0]?.id ?? null,
  insertUse: (q: Db, values: typeof promoCodeUses.$inferInsert) => q.insert(promoCodeUses).values(values),
  /** Removes the request's use and gives it back to its code. */
  releaseUse: async (q: Db, requestId: number): Promise<void> => {
    const [use] = await q
      .delete(promoCodeUses)
      .where(eq(promoCodeUses.request_id, requestId))
      .returning({ promo_code_id: promoCodeUses.promo_code_id });
    if (use)
      await q
        .update(promoCodes)
        .set({ uses_count: sql`GREATEST(0, ${promoCodes.uses_count} - 1)` })
        .where(eq(promoCodes.id, use.promo_code_id));
  },
});
export type PromoCodeRepository = ReturnType<typeof createPromoCodeRepository>;
