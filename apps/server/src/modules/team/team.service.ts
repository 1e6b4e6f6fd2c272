import { and, asc, eq } from 'drizzle-orm';
import {
  MEMBER_ROLES,
  organizerChannel,
  type MemberRole,
  type TeamInvitation,
  type TeamMember,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { organizerMembers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Tenancy } from '../../lib/tenancy';
import type { TeamInvitations } from './team-invitations.service';

const asRole = (role: string): MemberRole =>
  (MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : 'guide';

/**
 * An organizer's team (issue 29): its members and their roles, for the owner (`members`). An
 * organizer keeps at least one owner; nobody changes their own role or removes themselves. A
 * member removed loses access at once: tenancy reads the members' table on every call, and their
 * sockets leave the organizer's channel (its old channel token opens it no more: app.ts).
 */
export const createTeamService = (deps: {
  db: Db;
  tenancy: Tenancy;
  removeUserFromChannel: (userId: number, channel: string) => void;
  invitations: TeamInvitations;
}) => {
  const { db, tenancy } = deps;
  const rows = (organizerId: number, userId?: number) =>
    db
      .select({
        user_id: organizerMembers.user_id,
        role: organizerMembers.role,
        created_at: organizerMembers.created_at,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      })
      .from(organizerMembers)
      .innerJoin(users, eq(users.id, organizerMembers.user_id))
      .where(
        and(
          eq(organizerMembers.organizer_id, organizerId),
          userId === undefined ? undefined : eq(organizerMembers.user_id, userId),
        ),
      )
      .orderBy(asc(organizerMembers.created_at), asc(organizerMembers.user_id));
  const view =
    (me: number) =>
    (r: Awaited<ReturnType<typeof rows>>[number]): TeamMember => ({
      user_id: r.user_id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || (r.email ?? ''),
      email: r.email ?? '',
      role: asRole(r.role),
      joined_at: r.created_at.toISOString(),
      is_me: r.user_id === me,
    });
  /** The other member (not the caller) of the organizer, for a change; 404 when there is none. */
  const other = async (me: number, organizerId: number, userId: number) => {
    await tenancy.assertMember(me, organizerId, 'members');
    if (userId === me) throw AppError.validation({ user_id: ['member_self_change'] }, 'member_self_change');
    const [row] = await rows(organizerId, userId);
    if (!row) throw AppError.notFound('member_not_found');
    return row;
  };
  /** Whether another owner than `userId` remains. */
  const otherOwnerLeft = async (organizerId: number, userId: number): Promise<boolean> =>
    (await rows(organizerId)).some((r) => r.role === 'owner' && r.user_id !== userId);

  return {
    members: async (
      me: number,
      organizerId: number,
    ): Promise<{ items: TeamMember[]; invitations: TeamInvitation[] }> => {
      await tenancy.assertMember(me, organizerId, 'members');
      return {
        items: (await rows(organizerId)).map(view(me)),
        invitations: await deps.invitations.pending(organizerId),
      };
    },
    changeRole: async (me: number, organizerId: number, userId: number, role: MemberRole): Promise<TeamMember> => {
      const row = await other(me, organizerId, userId);
      if (row.role === 'owner' && role !== 'owner' && !(await otherOwnerLeft(organizerId, userId)))
        throw AppError.validation({ role: ['member_last_owner'] }, 'member_last_owner');
      await db
        .update(organizerMembers)
        .set({ role })
        .where(and(eq(organizerMembers.organizer_id, organizerId), eq(organizerMembers.user_id, userId)));
      return view(me)({ ...row, role });
    },
    remove: async (me: number, organizerId: number, userId: number): Promise<{ success: true }> => {
      const row = await other(me, organizerId, userId);
      if (row.role === 'owner' && !(await otherOwnerLeft(organizerId, userId)))
        throw AppError.validation({ user_id: ['member_last_owner'] }, 'member_last_owner');
      await db
        .delete(organizerMembers)
        .where(and(eq(organizerMembers.organizer_id, organizerId), eq(organizerMembers.user_id, userId)));
      deps.removeUserFromChannel(userId, organizerChannel(organizerId));
      return { success: true };
    },
    invite: deps.invitations.invite,
    resendInvitation: deps.invitations.resend,
    revokeInvitation: deps.invitations.revoke,
    invitation: deps.invitations.preview,
    accept: deps.invitations.accept,
  };
};
export type TeamService = ReturnType<typeof createTeamService>;
