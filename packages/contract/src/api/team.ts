import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema, queryIdSchema } from '../entities/common';
import { MEMBER_ROLES } from '../team-values';
import { emailFieldSchema } from '../validation-fields';
import { successResponseSchema } from './user';
import { teamRoutes } from './team-routes';

/** One member of an organizer's team: who, with which role, since when. */
export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  joined_at: z.string(),
  /** the caller */
  is_me: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A pending invitation (neither accepted nor revoked; `expired` after its 7 days), for the owner. */
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** who sent it (a name, or the e-mail); '' when that account is gone */
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** What an invitation link invites to (no secrets): the invitation page shows it. */
export const invitationPreviewSchema = z.object({
  organizer_id: z.number().int(),
  organizer_name: z.string(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const invitationTokenSchema = z.string().trim().min(1).max(200);

/**
 * The owner's team screen (issue 29): members, a role changed, a member removed, invitations. Owner
 * only (`members`), but the invitation's preview (public) and its acceptance (any signed-in account).
 */
export const teamApi = {
  members: defineRoute({
    ...teamRoutes.members,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    /** the members, and the invitations still pending (newest first) */
    response: z.object({ items: z.array(teamMemberSchema), invitations: z.array(teamInvitationSchema) }),
  }),
  changeRole: defineRoute({
    ...teamRoutes.changeRole,
    body: z.strictObject({ organizer_id: idSchema, user_id: idSchema, role: z.enum(MEMBER_ROLES) }),
    response: teamMemberSchema,
  }),
  remove: defineRoute({
    ...teamRoutes.remove,
    body: z.strictObject({ organizer_id: idSchema, user_id: idSchema }),
    response: successResponseSchema,
  }),
  invite: defineRoute({
    ...teamRoutes.invite,
    body: z.strictObject({ organizer_id: idSchema, email: emailFieldSchema, role: z.enum(MEMBER_ROLES) }),
    response: teamInvitationSchema,
  }),
  resendInvitation: defineRoute({
    ...teamRoutes.resendInvitation,
    body: z.strictObject({ organizer_id: idSchema, invitation_id: idSchema }),
    response: teamInvitationSchema,
  }),
  revokeInvitation: defineRoute({
    ...teamRoutes.revokeInvitation,
    body: z.strictObject({ organizer_id: idSchema, invitation_id: idSchema }),
    response: successResponseSchema,
  }),
  invitation: defineRoute({
    ...teamRoutes.invitation,
    query: z.strictObject({ token: invitationTokenSchema }),
    response: invitationPreviewSchema,
  }),
  accept: defineRoute({
    ...teamRoutes.accept,
    body: z.strictObject({ token: invitationTokenSchema }),
    response: z.object({ organizer_id: z.number().int(), role: z.enum(MEMBER_ROLES) }),
  }),
};
