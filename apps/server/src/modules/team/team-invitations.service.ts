import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MEMBER_ROLES, type InvitationPreview, type MemberRole, type TeamInvitation } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { organizerInvitations, organizerMembers, organizers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Tenancy } from '../../lib/tenancy';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Delivery } from '../../lib/transports/index';
import { invitationMail } from './team-invitations.texts';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const asRole = (role: string): MemberRole =>
  (MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : 'guide';
const normalEmail = (email: string): string => email.trim().toLowerCase();
const nameOf = (u: { first_name: string | null; last_name: string | null; email: string | null }): string =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.email ?? '');

type InvitationRow = typeof organizerInvitations.$inferSelect;

/**
 * Invitations to an organizer's team (issue 29). The owner (`members`) invites an e-mail with any
 * role (an owner may invite a co-owner, as it may promote a member to owner), sends a pending
 * invitation again (a new token, 7 more days: the old link stops working) or revokes it. The mail,
 * in the inviter's language, links `/org/invite/<token>`; only the token's SHA-256 is stored.
 * Accepting: signed in, the account's e-mail equal to the invited one (case-insensitive), not a
 * member yet; the link is single-use, expires after 7 days and joins only its own organizer.
 */
export const createTeamInvitations = (deps: {
  db: Db;
  tenancy: Tenancy;
  delivery: Delivery;
  publicUrl: string;
  brandName: string;
}) => {
  const { db, tenancy } = deps;
  const link = (token: string) => `${deps.publicUrl.replace(/\/$/, '')}/org/invite/${encodeURIComponent(token)}`;

  const view = (r: InvitationRow, invitedBy: string, now = new Date()): TeamInvitation => ({
    id: r.id,
    email: r.email,
    role: asRole(r.role),
    invited_by: invitedBy,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    expired: r.expires_at.getTime() <= now.getTime(),
  });

  /** A new token for the invitation and its mail, in the inviter's language. */
  const send = async (q: Db, row: InvitationRow, inviterId: number): Promise<string> => {
    const [inviter] = await q.select().from(users).where(eq(users.id, inviterId));
    const [org] = await q.select({ name: organizers.name }).from(organizers).where(eq(organizers.id, row.organizer_id));
    const token = randomToken();
    const t = invitationMail(inviter?.language, deps.brandName);
    await q
      .update(organizerInvitations)
      .set({ token_hash: sha256(token) })
      .where(eq(organizerInvitations.id, row.id));
    await deps.delivery.enqueue(
      {
        channel: 'email',
        recipient: row.email,
        subject: t.subject(org?.name ?? ''),
        body: t.body({
          inviter: inviter ? nameOf(inviter) : '',
          organizer: org?.name ?? '',
          role: asRole(row.role),
          url: link(token),
        }),
      },
      { q },
    );
    return inviter ? nameOf(inviter) : '';
  };

  const pendingOf = async (organizerId: number, invitationId: number): Promise<InvitationRow> => {
    const [row] = await db
      .select()
      .from(organizerInvitations)
      .where(
        and(
          eq(organizerInvitations.id, invitationId),
          eq(organizerInvitations.organizer_id, organizerId),
          isNull(organizerInvitations.accepted_at),
          isNull(organizerInvitations.revoked_at),
        ),
      );
    if (!row) throw AppError.notFound('invitation_not_found');
    return row;
  };

  const isMemberEmail = async (q: Db, organizerId: number, email: string): Promise<boolean> => {
    const [row] = await q
      .select({ id: users.id })
      .from(organizerMembers)
      .innerJoin(users, eq(users.id, organizerMembers.user_id))
      .where(and(eq(organizerMembers.organizer_id, organizerId), sql`lower(${users.email}) = ${email}`));
    return !!row;
  };

  /** The invitation of a link, whatever its state; 404 for an unknown token. */
  const byToken = async (token: string): Promise<InvitationRow> => {
    const [row] = await db
      .select()
      .from(organizerInvitations)
      .where(eq(organizerInvitations.token_hash, sha256(token.trim())));
    if (!row || row.revoked_at) throw AppError.notFound('invitation_not_found');
    return row;
  };
  /** 422 for a link used or expired. */
  const assertOpen = (row: InvitationRow, now: Date): void => {
    if (row.accepted_at) throw AppError.validation({ token: ['invitation_used'] }, 'invitation_used');
    if (row.expires_at.getTime() <= now.getTime())
      throw AppError.validation({ token: ['invitation_expired'] }, 'invitation_expired');
  };

  return {
    /** The pending invitations of an organizer, newest first (the caller checked `members`). */
    pending: async (organizerId: number, now = new Date()): Promise<TeamInvitation[]> => {
      const rows = await db
        .select({ invitation: organizerInvitations, by: users })
        .from(organizerInvitations)
        .leftJoin(users, eq(users.id, organizerInvitations.invited_by))
        .where(
          and(
            eq(organizerInvitations.organizer_id, organizerId),
            isNull(organizerInvitations.accepted_at),
            isNull(organizerInvitations.revoked_at),
          ),
        )
        .orderBy(desc(organizerInvitations.created_at), desc(organizerInvitations.id));
      return rows.map((r) => view(r.invitation, r.by ? nameOf(r.by) : '', now));
    },

    /** Invites `email` with `role`; a pending invitation of the same address is replaced (revoked). */
    invite: async (me: number, organizerId: number, email: string, role: MemberRole): Promise<TeamInvitation> => {
      await tenancy.assertMember(me, organizerId, 'members');
      const address = normalEmail(email);
      return db.transaction(async (tx) => {
        if (await isMemberEmail(tx, organizerId, address))
          throw AppError.validation({ email: ['invitation_already_member'] }, 'invitation_already_member');
        const now = new Date();
        await tx
          .update(organizerInvitations)
          .set({ revoked_at: now })
          .where(
            and(
              eq(organizerInvitations.organizer_id, organizerId),
              eq(organizerInvitations.email, address),
              isNull(organizerInvitations.accepted_at),
              isNull(organizerInvitations.revoked_at),
            ),
          );
        const [row] = await tx
          .insert(organizerInvitations)
          .values({
            organizer_id: organizerId,
            email: address,
            role,
            // replaced at once by the mailed token's hash (send)
            token_hash: sha256(randomToken()),
            invited_by: me,
            created_at: now,
            expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
          })
          .returning();
        const by = await send(tx, row!, me);
        return view(row!, by, now);
      });
    },

    /** Sends a pending invitation again: a new link valid 7 more days; the old link opens nothing. */
    resend: async (me: number, organizerId: number, invitationId: number): Promise<TeamInvitation> => {
      await tenancy.assertMember(me, organizerId, 'members');
      const row = await pendingOf(organizerId, invitationId);
      return db.transaction(async (tx) => {
        const expires = new Date(Date.now() + INVITATION_TTL_MS);
        const [updated] = await tx
          .update(organizerInvitations)
          .set({ expires_at: expires, invited_by: me })
          .where(eq(organizerInvitations.id, row.id))
          .returning();
        const by = await send(tx, updated!, me);
        return view(updated!, by);
      });
    },

    revoke: async (me: number, organizerId: number, invitationId: number): Promise<{ success: true }> => {
      await tenancy.assertMember(me, organizerId, 'members');
      const row = await pendingOf(organizerId, invitationId);
      await db
        .update(organizerInvitations)
        .set({ revoked_at: new Date() })
        .where(and(eq(organizerInvitations.id, row.id), isNull(organizerInvitations.revoked_at)));
      return { success: true };
    },

    /** The link's organizer, role and invited e-mail; 404 unknown or revoked, 422 used or expired. */
    preview: async (token: string, now = new Date()): Promise<InvitationPreview> => {
      const row = await byToken(token);
      assertOpen(row, now);
      const [org] = await db
        .select({ name: organizers.name })
        .from(organizers)
        .where(eq(organizers.id, row.organizer_id));
      return {
        organizer_id: row.organizer_id,
        organizer_name: org?.name ?? '',
        role: asRole(row.role),
        email: row.email,
        expires_at: row.expires_at.toISOString(),
      };
    },

    /** The signed-in account joins with the invitation's role; the link is used up. */
    accept: async (
      me: number,
      token: string,
      now = new Date(),
    ): Promise<{ organizer_id: number; role: MemberRole }> => {
      const row = await byToken(token);
      assertOpen(row, now);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, me));
      if (!user?.email || normalEmail(user.email) !== row.email)
        throw AppError.validation(
          { token: [{ code: 'invitation_email_mismatch', params: { email: row.email } }] },
          { code: 'invitation_email_mismatch', params: { email: row.email } },
        );
      if ((await tenancy.roleOf(me, row.organizer_id)) !== null)
        throw AppError.validation({ token: ['invitation_already_member'] }, 'invitation_already_member');
      return db.transaction(async (tx) => {
        // single use: only one acceptance marks it
        const [used] = await tx
          .update(organizerInvitations)
          .set({ accepted_at: now })
          .where(
            and(
              eq(organizerInvitations.id, row.id),
              isNull(organizerInvitations.accepted_at),
              isNull(organizerInvitations.revoked_at),
            ),
          )
          .returning({ id: organizerInvitations.id });
        if (!used) throw AppError.validation({ token: ['invitation_used'] }, 'invitation_used');
        const role = asRole(row.role);
        const joined = await tx
          .insert(organizerMembers)
          .values({ organizer_id: row.organizer_id, user_id: me, role })
          .onConflictDoNothing()
          .returning({ user_id: organizerMembers.user_id });
        if (joined.length === 0)
          throw AppError.validation({ token: ['invitation_already_member'] }, 'invitation_already_member');
        return { organizer_id: row.organizer_id, role };
      });
    },
  };
};
export type TeamInvitations = ReturnType<typeof createTeamInvitations>;
