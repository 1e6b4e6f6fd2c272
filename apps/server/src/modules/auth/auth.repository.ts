import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokenFamilies, refreshTokens, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

export const createAuthRepository = (db: Db) => ({
  findUserById: async (id: number): Promise<UserRow | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
  findUserByEmail: async (email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0],
  findUserByPhone: async (phone: string): Promise<UserRow | undefined> => (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0],

  createFamily: async (userId: number, userAgent: string | null, ip: string | null): Promise<number> => {
    const [row] = await db.insert(refreshTokenFamilies).values({ user_id: userId, user_agent: userAgent, ip }).returning({ id: refreshTokenFamilies.id });
    return row!.id;
  },
  insertRefreshToken: async (familyId: number, tokenHash: string, expiresAt: Date): Promise<void> => {
    await db.insert(refreshTokens).values({ family_id: familyId, token_hash: tokenHash, expires_at: expiresAt });
  },
  findRefreshToken: async (tokenHash: string) =>
    (
      await db
        .select({
          id: refreshTokens.id,
          family_id: refreshTokens.family_id,
          expires_at: refreshTokens.expires_at,
          used_at: refreshTokens.used_at,
          user_id: refreshTokenFamilies.user_id,
          family_revoked_at: refreshTokenFamilies.revoked_at,
        })
        .from(refreshTokens)
        .innerJoin(refreshTokenFamilies, eq(refreshTokens.family_id, refreshTokenFamilies.id))
        .where(eq(refreshTokens.token_hash, tokenHash))
        .limit(1)
    )[0],
  /** Marks a token used; false when another request already did (a concurrent reuse). */
  markRefreshTokenUsed: async (id: number): Promise<boolean> => {
    const rows = await db
      .update(refreshTokens)
      .set({ used_at: sql`now()` })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.used_at)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },
  touchFamily: async (familyId: number): Promise<void> => {
    await db.update(refreshTokenFamilies).set({ last_used_at: sql`now()` }).where(eq(refreshTokenFamilies.id, familyId));
  },
  revokeFamily: async (familyId: number, reason: string): Promise<void> => {
    await db
      .update(refreshTokenFamilies)
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revoked_at)));
  },
});
export type AuthRepository = ReturnType<typeof createAuthRepository>;
