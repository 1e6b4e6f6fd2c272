import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizerPaymentAccounts, payments } from '../../db/schema/index';

export type PaymentAccountRow = typeof organizerPaymentAccounts.$inferSelect;

/**
 * The organizers' own payment accounts (issue 27): one live per organizer; a replaced or removed
 * one that payments were made with stays, retired, for those payments (docs/decisions.md).
 */
export const createPaymentAccountRepository = (db: Db) => {
  /** Retires the account, or deletes it when no payment was ever made with it. */
  const retire = async (tx: Db, id: number): Promise<void> => {
    const used = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.payment_account_id, id))
      .limit(1);
    if (used.length === 0) await tx.delete(organizerPaymentAccounts).where(eq(organizerPaymentAccounts.id, id));
    else
      await tx
        .update(organizerPaymentAccounts)
        .set({ retired_at: sql`now()`, updated_at: sql`now()` })
        .where(eq(organizerPaymentAccounts.id, id));
  };
  const live = async (tx: Db, organizerId: number): Promise<PaymentAccountRow | null> =>
    (
      await tx
        .select()
        .from(organizerPaymentAccounts)
        .where(and(eq(organizerPaymentAccounts.organizer_id, organizerId), isNull(organizerPaymentAccounts.retired_at)))
        .limit(1)
    )[0] ?? null;

  return {
    /** The organizer's live account (the one new payments go to). */
    ofOrganizer: (organizerId: number): Promise<PaymentAccountRow | null> => live(db, organizerId),
    /** An account by id, live or retired (the one a payment was made with). */
    byId: async (id: number): Promise<PaymentAccountRow | null> =>
      (await db.select().from(organizerPaymentAccounts).where(eq(organizerPaymentAccounts.id, id)))[0] ?? null,
    /**
     * The accounts a provider's notification names by its shop (its `recipient.account_id`), live
     * ones first: a shop may be connected by several organizers, or retired and connected again.
     */
    byShop: async (provider: string, shopId: string): Promise<PaymentAccountRow[]> =>
      db
        .select()
        .from(organizerPaymentAccounts)
        .where(and(eq(organizerPaymentAccounts.provider, provider), eq(organizerPaymentAccounts.shop_id, shopId)))
        .orderBy(sql`${organizerPaymentAccounts.retired_at} IS NOT NULL`, asc(organizerPaymentAccounts.id)),
    /**
     * Connects or replaces the organizer's account: a new key of the same shop replaces the key
     * in place (YooKassa answers for the shop's payments to either); another shop retires the old
     * account (its payments keep it) and becomes the live one.
     */
    upsert: async (
      organizerId: number,
      values: { shop_id: string; secret_enc: string; secret_last4: string; verified_at: Date },
    ): Promise<PaymentAccountRow> =>
      db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const current = await live(tx, organizerId);
        if (current && current.shop_id !== values.shop_id) await retire(tx, current.id);
        return (
          await tx
            .insert(organizerPaymentAccounts)
            .values({ organizer_id: organizerId, provider: 'yookassa', ...values })
            .onConflictDoUpdate({
              target: organizerPaymentAccounts.organizer_id,
              targetWhere: sql`retired_at IS NULL`,
              set: { ...values, provider: 'yookassa', updated_at: new Date() },
            })
            .returning()
        )[0]!;
      }),
    /** Removes the organizer's live account (retired when payments were made with it); false: none. */
    remove: async (organizerId: number): Promise<boolean> =>
      db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const current = await live(tx, organizerId);
        if (!current) return false;
        await retire(tx, current.id);
        return true;
      }),
  };
};
export type PaymentAccountRepository = ReturnType<typeof createPaymentAccountRepository>;
