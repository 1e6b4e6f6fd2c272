import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  operatorAudit,
  operatorRefreshTokens,
  operatorSessions,
  operators,
  organizerSites,
  organizers,
  partnerSites,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';

export type OperatorRow = typeof operators.$inferSelect;
export type AuditRow = typeof operatorAudit.$inferSelect;
export type NewAuditEntry = typeof operatorAudit.$inferInsert;

/** Writes one audit entry on the given connection: pass the action's transaction. */
export const writeAudit = async (db: Db, entry: NewAuditEntry): Promise<void> => {
  await db.insert(operatorAudit).values(entry);
};

/** The operators, their sessions and the audit log. */
export const createOperatorRepository = (db: Db) => ({
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  insertOperator: async (
    row: Pick<OperatorRow, 'email' | 'name' | 'password_hash' | 'role' | 'totp_secret_enc'>,
    tx: Db = db,
  ): Promise<OperatorRow | null> => {
    const [created] = await tx.insert(operators).values(row).onConflictDoNothing().returning();
    return created ?? null;
  },
  findByEmail: async (email: string): Promise<OperatorRow | null> =>
    (await db.select().from(operators).where(eq(operators.email, email)).limit(1))[0] ?? null,
  findById: async (id: number, q: Db = db): Promise<OperatorRow | null> =>
    (await q.select().from(operators).where(eq(operators.id, id)).limit(1))[0] ?? null,
  /** Changes an operator's role or activity (in the caller's transaction). */
  updateOperator: async (tx: Db, id: number, values: Partial<Pick<OperatorRow, 'role' | 'is_active'>>) =>
    (await tx.update(operators).set(values).where(eq(operators.id, id)).returning())[0]!,
  /** Ends every live session of an operator; the ended sessions' ids. */
  revokeSessionsOf: async (tx: Db, operatorId: number, reason: string): Promise<number[]> =>
    (
      await tx
        .update(operatorSessions)
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where(and(eq(operatorSessions.operator_id, operatorId), isNull(operatorSessions.revoked_at)))
        .returning({ id: operatorSessions.id })
    ).map((r) => r.id),
  list: (): Promise<OperatorRow[]> => db.select().from(operators).orderBy(asc(operators.id)),
  /** Counts a failed sign-in; locks the account for `lockMs` at `maxFailures` in a row. */
  countFailure: async (id: number, maxFailures: number, lockMs: number): Promise<OperatorRow | null> => {
    const [row] = await db
      .update(operators)
      .set({
        failed_attempts: sql`${operators.failed_attempts} + 1`,
        locked_until: sql`case when ${operators.failed_attempts} + 1 >= ${maxFailures} then now() + (${lockMs} * interval '1 millisecond') else ${operators.locked_until} end`,
      })
      .where(eq(operators.id, id))
      .returning();
    return row ?? null;
  },
  /** A good sign-in: the failures reset and the TOTP step is used up (false: the step was used already). */
  acceptSignIn: async (id: number, step: number, tx: Db = db): Promise<boolean> =>
    (
      await tx
        .update(operators)
        .set({ failed_attempts: 0, locked_until: null, totp_last_step: step })
        .where(and(eq(operators.id, id), sql`${operators.totp_last_step} < ${step}`))
        .returning({ id: operators.id })
    ).length === 1,

  createSession: async (operatorId: number, userAgent: string | null, ip: string | null, tx: Db = db) =>
    (await tx.insert(operatorSessions).values({ operator_id: operatorId, user_agent: userAgent, ip }).returning())[0]!,
  findSession: async (id: number) =>
    (await db.select().from(operatorSessions).where(eq(operatorSessions.id, id)).limit(1))[0] ?? null,
  revokeSession: async (id: number, reason: string): Promise<void> => {
    await db
      .update(operatorSessions)
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revoked_at)));
  },
  insertRefreshToken: async (sessionId: number, tokenHash: string, expiresAt: Date, tx: Db = db): Promise<void> => {
    await tx
      .insert(operatorRefreshTokens)
      .values({ session_id: sessionId, token_hash: tokenHash, expires_at: expiresAt });
  },
  findRefreshToken: async (tokenHash: string) =>
    (
      await db
        .select({
          id: operatorRefreshTokens.id,
          session_id: operatorRefreshTokens.session_id,
          expires_at: operatorRefreshTokens.expires_at,
          used_at: operatorRefreshTokens.used_at,
          operator_id: operatorSessions.operator_id,
          revoked_at: operatorSessions.revoked_at,
        })
        .from(operatorRefreshTokens)
        .innerJoin(operatorSessions, eq(operatorSessions.id, operatorRefreshTokens.session_id))
        .where(eq(operatorRefreshTokens.token_hash, tokenHash))
        .limit(1)
    )[0] ?? null,
  /** Marks a refresh token used; false when another call used it first. */
  markRefreshTokenUsed: async (id: number): Promise<boolean> =>
    (
      await db
        .update(operatorRefreshTokens)
        .set({ used_at: new Date() })
        .where(and(eq(operatorRefreshTokens.id, id), isNull(operatorRefreshTokens.used_at)))
        .returning({ id: operatorRefreshTokens.id })
    ).length === 1,

  listAudit: (filter: { operatorId?: number; action?: string; objectType?: string; limit: number }) => {
    const where: SQL[] = [];
    if (filter.operatorId) where.push(eq(operatorAudit.operator_id, filter.operatorId));
    if (filter.action) where.push(eq(operatorAudit.action, filter.action));
    if (filter.objectType) where.push(eq(operatorAudit.object_type, filter.objectType));
    return db
      .select()
      .from(operatorAudit)
      .where(and(...where))
      .orderBy(desc(operatorAudit.id))
      .limit(filter.limit);
  },
});
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;

/** The queues: what waits for the marketplace's moderation, oldest first. */
export const createQueueRepository = (db: Db) => {
  const onSite = (siteId: number | undefined, organizerId: SQL | typeof organizers.id) =>
    siteId
      ? sql`exists (select 1 from ${organizerSites} where ${organizerSites.organizer_id} = ${organizerId} and ${organizerSites.site_id} = ${siteId})`
      : undefined;
  const verificationWhere = (siteId?: number) =>
    and(eq(organizers.verification_status, 'in_progress'), onSite(siteId, organizers.id));
  const partnershipWhere = (siteId?: number) =>
    and(eq(organizerSites.status, 'moderation'), siteId ? eq(organizerSites.site_id, siteId) : undefined);
  const tourWhere = (siteId?: number) =>
    and(eq(tourSiteStatuses.status, 'moderation'), siteId ? eq(tourSiteStatuses.site_id, siteId) : undefined);
  const count = async (q: Promise<{ n: number }[]>): Promise<number> => Number((await q)[0]?.n ?? 0);

  return {
    counts: async (siteId?: number) => ({
      verification: await count(
        db
          .select({ n: sql<number>`count(*)` })
          .from(organizers)
          .where(verificationWhere(siteId)),
      ),
      partnerships: await count(
        db
          .select({ n: sql<number>`count(*)` })
          .from(organizerSites)
          .where(partnershipWhere(siteId)),
      ),
      tours: await count(
        db
          .select({ n: sql<number>`count(*)` })
          .from(tourSiteStatuses)
          .where(tourWhere(siteId)),
      ),
    }),
    verification: (siteId?: number) =>
      db
        .select({
          organizer: organizers,
          site_ids: sql<
            number[] | null
          >`(select array_agg(${organizerSites.site_id} order by ${organizerSites.site_id}) from ${organizerSites} where ${organizerSites.organizer_id} = ${organizers.id})`,
        })
        .from(organizers)
        .where(verificationWhere(siteId))
        .orderBy(
          sql`${organizers.profile}->'verification_submission'->>'submitted_at' asc nulls first`,
          asc(organizers.id),
        )
        .limit(200),
    partnerships: (siteId?: number) =>
      db
        .select({
          organizer_id: organizerSites.organizer_id,
          organizer_name: organizers.name,
          site_id: organizerSites.site_id,
          site_name: partnerSites.name,
          status: organizerSites.status,
          signed_at: organizerSites.signed_at,
        })
        .from(organizerSites)
        .innerJoin(organizers, eq(organizers.id, organizerSites.organizer_id))
        .innerJoin(partnerSites, eq(partnerSites.id, organizerSites.site_id))
        .where(partnershipWhere(siteId))
        .orderBy(asc(organizerSites.signed_at), asc(organizerSites.organizer_id))
        .limit(200),
    findPartnership: async (organizerId: number, siteId: number) =>
      (
        await db
          .select()
          .from(organizerSites)
          .where(and(eq(organizerSites.organizer_id, organizerId), eq(organizerSites.site_id, siteId)))
          .limit(1)
      )[0] ?? null,
    tours: (siteId?: number) =>
      db
        .select({
          tour_id: tours.id,
          tour_name: tours.name,
          description: tours.description,
          days: tours.duration,
          organizer_id: tours.organizer_id,
          organizer_name: organizers.name,
          site_id: tourSiteStatuses.site_id,
          site_name: partnerSites.name,
          status: tourSiteStatuses.status,
          waiting_since: tourSiteStatuses.updated_at,
        })
        .from(tourSiteStatuses)
        .innerJoin(tours, eq(tours.id, tourSiteStatuses.tour_id))
        .innerJoin(organizers, eq(organizers.id, tours.organizer_id))
        .innerJoin(partnerSites, eq(partnerSites.id, tourSiteStatuses.site_id))
        .where(tourWhere(siteId))
        .orderBy(asc(tourSiteStatuses.updated_at), asc(tourSiteStatuses.tour_id))
        .limit(200),
    findTourStatus: async (tourId: number, siteId: number) =>
      (
        await db
          .select()
          .from(tourSiteStatuses)
          .where(and(eq(tourSiteStatuses.tour_id, tourId), eq(tourSiteStatuses.site_id, siteId)))
          .limit(1)
      )[0] ?? null,
    siteExists: async (siteId: number): Promise<boolean> =>
      (await db.select({ id: partnerSites.id }).from(partnerSites).where(eq(partnerSites.id, siteId)).limit(1))
        .length === 1,
    sites: () =>
      db.select({ id: partnerSites.id, name: partnerSites.name }).from(partnerSites).orderBy(asc(partnerSites.id)),
  };
};
export type QueueRepository = ReturnType<typeof createQueueRepository>;
