import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, organizers } from '../../db/schema/index';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankAccountValues = Omit<
  typeof bankAccounts.$inferInsert,
  'id' | 'organizer_id' | 'created_at' | 'updated_at'
>;

const queries = (db: Db) => ({
  list: (organizerId: number) =>
    db.select().from(bankAccounts).where(eq(bankAccounts.organizer_id, organizerId)).orderBy(asc(bankAccounts.id)),
  find: async (organizerId: number, id: number): Promise<BankAccountRow | null> =>
    (
      await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organizer_id, organizerId)))
        .limit(1)
    )[0] ?? null,
  insert: async (organizerId: number, values: BankAccountValues): Promise<BankAccountRow> =>
    (
      await db
        .insert(bankAccounts)
        .values({ ...values, organizer_id: organizerId })
        .returning()
    )[0]!,
  update: async (organizerId: number, id: number, values: BankAccountValues): Promise<BankAccountRow | null> =>
    (
      await db
        .update(bankAccounts)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organizer_id, organizerId)))
        .returning()
    )[0] ?? null,
  /** Only one default account per organizer. */
  clearOtherDefaults: async (organizerId: number, keepId: number): Promise<void> => {
    await db
      .update(bankAccounts)
      .set({ is_default: false })
      .where(and(eq(bankAccounts.organizer_id, organizerId), ne(bankAccounts.id, keepId)));
  },
  hasDefault: async (organizerId: number): Promise<boolean> =>
    (
      await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.organizer_id, organizerId), eq(bankAccounts.is_default, true)))
        .limit(1)
    ).length > 0,
  /** Makes the oldest account the default (after the default one was deleted); none left, nothing. */
  promoteOldestToDefault: async (organizerId: number): Promise<void> => {
    const oldest = (
      await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(eq(bankAccounts.organizer_id, organizerId))
        .orderBy(asc(bankAccounts.id))
        .limit(1)
    )[0];
    if (oldest)
      await db
        .update(bankAccounts)
        .set({ is_default: true, updated_at: new Date() })
        .where(eq(bankAccounts.id, oldest.id));
  },
  delete: async (organizerId: number, id: number): Promise<{ id: number; is_default: boolean } | null> =>
    (
      await db
        .delete(bankAccounts)
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organizer_id, organizerId)))
        .returning({ id: bankAccounts.id, is_default: bankAccounts.is_default })
    )[0] ?? null,
  ownRequestAccountId: async (organizerId: number): Promise<number | null> =>
    (
      await db
        .select({ id: organizers.own_request_bank_account_id })
        .from(organizers)
        .where(eq(organizers.id, organizerId))
    )[0]?.id ?? null,
  clearOwnRequestAccount: async (organizerId: number, id: number): Promise<void> => {
    await db
      .update(organizers)
      .set({ own_request_bank_account_id: null, updated_at: new Date() })
      .where(and(eq(organizers.id, organizerId), eq(organizers.own_request_bank_account_id, id)));
  },
});
export type BankAccountQueries = ReturnType<typeof queries>;

export const createBankAccountRepository = (db: Db) => ({
  ...queries(db),
  transaction: <T>(fn: (repo: BankAccountQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db))),
});
export type BankAccountRepository = ReturnType<typeof createBankAccountRepository>;
