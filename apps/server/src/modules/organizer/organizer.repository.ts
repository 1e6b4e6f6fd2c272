import { and, asc, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { NewDomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { bankAccounts, files, organizerMembers, organizers, tourDates, tours, users } from '../../db/schema/index';
import { createDashboardRepository } from './dashboard.repository';

export type OrganizerRow = typeof organizers.$inferSelect;
export type OrganizerPatch = Partial<
  Pick<
    OrganizerRow,
    | 'name'
    | 'logo_file_id'
    | 'profile'
    | 'own_request_bank_account_id'
    | 'internal_check_status'
    | 'verification_status'
    | 'verification_reason'
    | 'commission_percent'
    | 'agreement_version_accepted'
  >
>;

const queries = (db: Db) => ({
  /** Records a domain event with this executor's writes (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),
  listForUser: (userId: number) =>
    db
      .select({
        id: organizers.id,
        name: organizers.name,
        logo_file_id: organizers.logo_file_id,
        internal_check_status: organizers.internal_check_status,
        role: organizerMembers.role,
      })
      .from(organizers)
      .innerJoin(organizerMembers, eq(organizerMembers.organizer_id, organizers.id))
      .where(eq(organizerMembers.user_id, userId))
      .orderBy(asc(organizers.id)),
  findById: async (id: number): Promise<OrganizerRow | null> =>
    (await db.select().from(organizers).where(eq(organizers.id, id)).limit(1))[0] ?? null,
  /** Locks the row for a read-modify-write of the profile. */
  findByIdForUpdate: async (id: number): Promise<OrganizerRow | null> =>
    (await db.select().from(organizers).where(eq(organizers.id, id)).limit(1).for('update'))[0] ?? null,
  insert: async (values: {
    name: string;
    logo_file_id: number | null;
    profile: Record<string, unknown>;
  }): Promise<OrganizerRow> => (await db.insert(organizers).values(values).returning())[0]!,
  addMember: async (organizerId: number, userId: number, role = 'owner'): Promise<void> => {
    await db.insert(organizerMembers).values({ organizer_id: organizerId, user_id: userId, role });
  },
  update: async (id: number, patch: OrganizerPatch): Promise<OrganizerRow | null> =>
    (
      await db
        .update(organizers)
        .set({ ...patch, updated_at: new Date() })
        .where(eq(organizers.id, id))
        .returning()
    )[0] ?? null,
  listAll: () =>
    db
      .select({
        id: organizers.id,
        name: organizers.name,
        internal_check_status: organizers.internal_check_status,
        verification_status: organizers.verification_status,
        commission_percent: organizers.commission_percent,
        members: sql<
          string[]
        >`coalesce(array_agg(coalesce(${users.email}, ${users.phone}, '')) filter (where ${users.id} is not null), '{}')`,
      })
      .from(organizers)
      .leftJoin(organizerMembers, eq(organizerMembers.organizer_id, organizers.id))
      .leftJoin(users, eq(users.id, organizerMembers.user_id))
      .groupBy(organizers.id)
      .orderBy(asc(organizers.id)),
  findFile: async (id: number) =>
    (
      await db
        .select({ id: files.id, kind: files.kind, organizer_id: files.organizer_id, user_id: files.user_id })
        .from(files)
        .where(eq(files.id, id))
        .limit(1)
    )[0] ?? null,
  attachFile: async (fileId: number, organizerId: number): Promise<void> => {
    await db.update(files).set({ organizer_id: organizerId }).where(eq(files.id, fileId));
  },
  /** Departures of the organizer's tours (archived ones aside) starting on a day in [from, to). */
  /** `onlyIds`: of these departures only (a guide's reach). */
  countDepartures: async (organizerId: number, from: string, to: string, onlyIds?: number[] | null): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tour_id))
        .where(
          and(
            eq(tours.organizer_id, organizerId),
            ne(tours.status, 'archived'),
            gte(tourDates.date_start, from),
            lt(tourDates.date_start, to),
            onlyIds ? inArray(tourDates.id, [...onlyIds, 0]) : undefined,
          ),
        )
    )[0]?.n ?? 0,
  hasBankAccount: async (organizerId: number, accountId: number): Promise<boolean> =>
    (
      await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.organizer_id, organizerId)))
        .limit(1)
    ).length === 1,
});
export type OrganizerQueries = ReturnType<typeof queries>;

export const createOrganizerRepository = (db: Db) => ({
  ...queries(db),
  /** the dashboard's figures (requests, invoices, payments) */
  dashboard: createDashboardRepository(db),
  /** Runs fn with the queries bound to one transaction. */
  transaction: <T>(fn: (repo: OrganizerQueries, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db), tx as unknown as Db)),
});
export type OrganizerRepository = ReturnType<typeof createOrganizerRepository>;
