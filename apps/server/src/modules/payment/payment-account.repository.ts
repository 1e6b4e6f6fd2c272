import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizerPaymentAccounts } from '../../db/schema/index';

export type PaymentAccountRow = typeof organizerPaymentAccounts.$inferSelect;

/** The organizers' own payment accounts (issue 27): one per organizer. */
export const createPaymentAccountRepository = (db: Db) => ({
  ofOrganizer: async (organizerId: number): Promise<PaymentAccountRow | null> =>
    (
      await db
        .select()
        .from(organizerPaymentAccounts)
        .where(eq(organizerPaymentAccounts.organizer_id, organizerId))
        .limit(1)
    )[0] ?? null,
  /** The account a provider's notification names by its shop (its `recipient.account_id`). */
  byShop: async (provider: string, shopId: string): Promise<PaymentAccountRow | null> =>
    (
      await db
        .select()
        .from(organizerPaymentAccounts)
        .where(and(eq(organizerPaymentAccounts.provider, provider), eq(organizerPaymentAccounts.shop_id, shopId)))
        .limit(1)
    )[0] ?? null,
  /** Connects or replaces the organizer's account (one per organizer). */
  upsert: async (
    organizerId: number,
    values: { shop_id: string; secret_enc: string; secret_last4: string; verified_at: Date },
  ): Promise<PaymentAccountRow> =>
    (
      await db
        .insert(organizerPaymentAccounts)
        .values({ organizer_id: organizerId, provider: 'yookassa', ...values })
        .onConflictDoUpdate({
          target: organizerPaymentAccounts.organizer_id,
          set: { ...values, provider: 'yookassa', updated_at: new Date() },
        })
        .returning()
    )[0]!,
  remove: async (organizerId: number): Promise<boolean> =>
    (
      await db
        .delete(organizerPaymentAccounts)
        .where(eq(organizerPaymentAccounts.organizer_id, organizerId))
        .returning({ id: organizerPaymentAccounts.id })
    ).length > 0,
});
export type PaymentAccountRepository = ReturnType<typeof createPaymentAccountRepository>;
