import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { NewDomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { authCodes, files, messengerChats, refreshTokenFamilies, refreshTokens, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type AuthCodeRow = typeof authCodes.$inferSelect;

const queries = (db: Db) => ({
  /** Records a domain event with this executor's writes (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),
  findUserById: async (id: number): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
  findUserByEmail: async (email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0],
  findUserByPhone: async (phone: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0],
  createUser: async (values: NewUser): Promise<UserRow> => (await db.insert(users).values(values).returning())[0]!,
  updateUser: async (id: number, patch: Partial<NewUser>): Promise<UserRow | undefined> =>
    (
      await db
        .update(users)
        .set({ ...patch, updated_at: sql`now()` })
        .where(eq(users.id, id))
        .returning()
    )[0],
  touchActivity: async (id: number): Promise<void> => {
    await db
      .update(users)
      .set({ last_activity_at: sql`now()` })
      .where(eq(users.id, id));
  },
  findUserImage: async (fileId: number, userId: number) =>
    (
      await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.user_id, userId), eq(files.kind, 'image')))
        .limit(1)
    )[0],

  createFamily: async (userId: number, userAgent: string | null, ip: string | null): Promise<number> => {
    const [row] = await db
      .insert(refreshTokenFamilies)
      .values({ user_id: userId, user_agent: userAgent, ip })
      .returning({ id: refreshTokenFamilies.id });
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
    await db
      .update(refreshTokenFamilies)
      .set({ last_used_at: sql`now()` })
      .where(eq(refreshTokenFamilies.id, familyId));
  },
  revokeFamily: async (familyId: number, reason: string): Promise<void> => {
    await db
      .update(refreshTokenFamilies)
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revoked_at)));
  },
  /** Revokes every live session of the user but `keepFamilyId`; returns the revoked family ids. */
  revokeUserFamilies: async (userId: number, keepFamilyId: number | null, reason: string): Promise<number[]> => {
    const rows = await db
      .update(refreshTokenFamilies)
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where(
        and(
          eq(refreshTokenFamilies.user_id, userId),
          isNull(refreshTokenFamilies.revoked_at),
          ...(keepFamilyId ? [ne(refreshTokenFamilies.id, keepFamilyId)] : []),
        ),
      )
      .returning({ id: refreshTokenFamilies.id });
    return rows.map((r) => r.id);
  },
  /** The family's owner and whether it is revoked (one primary-key lookup). */
  findFamily: async (familyId: number) =>
    (
      await db
        .select({ user_id: refreshTokenFamilies.user_id, revoked_at: refreshTokenFamilies.revoked_at })
        .from(refreshTokenFamilies)
        .where(eq(refreshTokenFamilies.id, familyId))
        .limit(1)
    )[0],

  // ─── One-time codes and link tokens ────────────────────────────────────────

  insertCode: async (values: typeof authCodes.$inferInsert): Promise<AuthCodeRow> =>
    (await db.insert(authCodes).values(values).returning())[0]!,
  /** Only the newest code of a purpose and target works: older unused ones end now. */
  expireCodes: async (purpose: string, target: string): Promise<void> => {
    await db
      .update(authCodes)
      .set({ expires_at: sql`now()` })
      .where(
        and(
          eq(authCodes.purpose, purpose),
          eq(authCodes.target, target),
          isNull(authCodes.used_at),
          gt(authCodes.expires_at, sql`now()`),
        ),
      );
  },
  expireUserCodes: async (purposes: string[], userId: number): Promise<void> => {
    await db
      .update(authCodes)
      .set({ expires_at: sql`now()` })
      .where(
        and(
          inArray(authCodes.purpose, purposes),
          eq(authCodes.user_id, userId),
          isNull(authCodes.used_at),
          gt(authCodes.expires_at, sql`now()`),
        ),
      );
  },
  /** The newest live code (unused, unexpired) of a purpose and target. */
  findLiveCode: async (purpose: string, target: string): Promise<AuthCodeRow | undefined> =>
    (
      await db
        .select()
        .from(authCodes)
        .where(
          and(
            eq(authCodes.purpose, purpose),
            eq(authCodes.target, target),
            isNull(authCodes.used_at),
            gt(authCodes.expires_at, sql`now()`),
          ),
        )
        .orderBy(desc(authCodes.id))
        .limit(1)
    )[0],
  findLiveCodeByHash: async (purpose: string, codeHash: string): Promise<AuthCodeRow | undefined> =>
    (
      await db
        .select()
        .from(authCodes)
        .where(
          and(
            eq(authCodes.code_hash, codeHash),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.used_at),
            gt(authCodes.expires_at, sql`now()`),
          ),
        )
        .limit(1)
    )[0],
  /** Counts a wrong guess; returns the attempts made so far. */
  addAttempt: async (id: number): Promise<number> =>
    (
      await db
        .update(authCodes)
        .set({ attempts: sql`${authCodes.attempts} + 1` })
        .where(eq(authCodes.id, id))
        .returning({ attempts: authCodes.attempts })
    )[0]?.attempts ?? 0,
  /** Single use: false when another request used it first. */
  markCodeUsed: async (id: number): Promise<boolean> =>
    (
      await db
        .update(authCodes)
        .set({ used_at: sql`now()` })
        .where(and(eq(authCodes.id, id), isNull(authCodes.used_at)))
        .returning({ id: authCodes.id })
    ).length === 1,

  /** The user's linked chat of a messenger (the newest), for delivery of codes. */
  findMessengerChat: async (userId: number, sourceType: string) =>
    (
      await db
        .select()
        .from(messengerChats)
        .where(and(eq(messengerChats.user_id, userId), eq(messengerChats.source_type, sourceType)))
        .orderBy(desc(messengerChats.id))
        .limit(1)
    )[0],
});
export type AuthRepository = ReturnType<typeof queries> & {
  /** Runs fn with a repository bound to one transaction. */
  transaction: <T>(fn: (repo: AuthRepository) => Promise<T>) => Promise<T>;
};

export const createAuthRepository = (db: Db): AuthRepository => ({
  ...queries(db),
  transaction: (fn) => db.transaction((tx) => fn(createAuthRepository(tx as unknown as Db))),
});
