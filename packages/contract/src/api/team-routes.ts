/**
 * Route descriptors (method, path, flags) of ./team.ts, free of zod: the web calls the API with
 * these and never loads a schema.
 */
import type { RouteDescriptors } from '../route';

/** The routes of teamApi (./team.ts): an organizer's members and their roles (issue 29). */
export const teamRoutes = {
  members: { method: 'GET', path: '/crm/api/team/members' },
  changeRole: { method: 'POST', path: '/crm/api/team/change-role' },
  remove: { method: 'POST', path: '/crm/api/team/remove' },
  /** invites by e-mail with a role: a mail with the link /org/invite/<token>, valid 7 days (owner) */
  invite: { method: 'POST', path: '/crm/api/team/invite' },
  /** sends a pending invitation again: a new link, 7 more days; the old link stops working (owner) */
  resendInvitation: { method: 'POST', path: '/crm/api/team/resend-invitation' },
  /** revokes a pending invitation: its link stops working (owner) */
  revokeInvitation: { method: 'POST', path: '/crm/api/team/revoke-invitation' },
  /** what an invitation link invites to: organizer, role, invited e-mail (public; the token is the key) */
  invitation: { method: 'GET', path: '/crm/api/team/invitation', isPublic: true },
  /** the signed-in account joins the organizer of the link with its role (its e-mail must be the invited one) */
  accept: { method: 'POST', path: '/crm/api/team/accept' },
} as const satisfies RouteDescriptors;
