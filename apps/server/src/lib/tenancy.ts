import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  MEMBER_ROLES,
  isDepartureScoped,
  roleCan,
  type Capability,
  type MemberActor,
  type MemberRole,
} from '@tourdesk/contract';
import type { Db } from '../db/client';
import { guides, organizerMembers, tourDateGuides } from '../db/schema/index';
import { AppError } from './app-error';

const asRole = (role: string): MemberRole =>
  (MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : 'guide';

/**
 * A member's role now, as a column of a query about what they did (issue 29: "Anna · Manager"):
 * null when `userId` is null or no longer a member of `organizerId`.
 */
export const memberRoleSql = (organizerId: AnyColumn | SQL, userId: AnyColumn | SQL): SQL<string | null> =>
  sql<
    string | null
  >`(SELECT ${organizerMembers.role} FROM ${organizerMembers} WHERE ${organizerMembers.organizer_id} = ${organizerId} AND ${organizerMembers.user_id} = ${userId})`;

/** Who acted as the API tells it: null for the system (no user); a member who left keeps their name, without a role. */
export const memberActorOf = (userId: number | null, name: string, role: string | null): MemberActor | null =>
  userId === null ? null : { user_id: userId, name, role: role === null ? null : asRole(role) };

/**
 * Tenancy: an organizer's data is its members' only. Every organizer-scoped service checks it
 * here, once per call, so no domain depends on the organizer module for it. To anyone else
 * another tenant's organizer does not exist: 404, the same as an id that was never made. A member
 * whose role (issue 29, contract team-values.ts) lacks the capability gets 403
 * `member_role_forbidden`.
 */
export const createTenancy = (db: Db) => {
  const roleOf = async (userId: number, organizerId: number): Promise<MemberRole | null> => {
    const [row] = await db
      .select({ role: organizerMembers.role })
      .from(organizerMembers)
      .where(and(eq(organizerMembers.user_id, userId), eq(organizerMembers.organizer_id, organizerId)))
      .limit(1);
    return row ? asRole(row.role) : null;
  };
  const isMember = async (userId: number, organizerId: number): Promise<boolean> =>
    (await roleOf(userId, organizerId)) !== null;
  const assignedDepartureIds = async (userId: number, organizerId: number): Promise<number[]> =>
    (
      await db
        .select({ id: tourDateGuides.tour_date_id })
        .from(tourDateGuides)
        .innerJoin(guides, eq(guides.id, tourDateGuides.guide_id))
        .where(and(eq(guides.user_id, userId), eq(guides.organizer_id, organizerId)))
    ).map((r) => r.id);
  const forbidden = () => new AppError('forbidden', { message: 'member_role_forbidden' });

  return {
    roleOf,
    isMember,
    /**
     * 404 `organizer_not_found` unless the user is a member of the organizer; with a capability,
     * 403 `member_role_forbidden` unless the member's role has it. Answers the member's role.
     */
    assertMember: async (userId: number, organizerId: number, capability?: Capability): Promise<MemberRole> => {
      const role = await roleOf(userId, organizerId);
      if (role === null) throw AppError.notFound('organizer_not_found');
      if (capability && !roleCan(role, capability)) throw forbidden();
      return role;
    },
    /**
     * Whether the user reaches one record of the organizer with the capability: false (the caller
     * answers its 404) for a non-member, or for a departure-scoped member (a guide) when the
     * record's departure (`tourDateId`; null = none) is not one it is assigned to; 403
     * `member_role_forbidden` when the role lacks the capability. Without `tourDateId` the record
     * belongs to no departure: out of a departure-scoped member's reach.
     */
    reaches: async (
      userId: number,
      organizerId: number,
      capability: Capability,
      tourDateId?: number | null,
    ): Promise<boolean> => {
      const role = await roleOf(userId, organizerId);
      if (role === null) return false;
      if (!roleCan(role, capability)) throw forbidden();
      if (!isDepartureScoped(role)) return true;
      if (tourDateId === undefined || tourDateId === null) return false;
      return (await assignedDepartureIds(userId, organizerId)).includes(tourDateId);
    },
    /** The departures a member reaches: null for all (not departure-scoped), else the assigned ids. */
    departureReach: async (userId: number, organizerId: number): Promise<number[] | null> => {
      const role = await roleOf(userId, organizerId);
      return role !== null && isDepartureScoped(role) ? assignedDepartureIds(userId, organizerId) : null;
    },
    /**
     * The departures (tour_dates ids) a member is assigned to as a guide of this organizer: the
     * reach of a departure-scoped role (a guide).
     */
    assignedDepartureIds,
    isDepartureScoped,
  };
};
export type Tenancy = ReturnType<typeof createTenancy>;
