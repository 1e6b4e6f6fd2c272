import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '@tourdesk/contract/team-values';
import type { InvitationPreview, TeamInvitation, TeamMember } from '@tourdesk/contract/api/team';
import { teamRoutes } from '@tourdesk/contract/api/team-routes';
import { api } from '../../lib/api/client';
import type { ApiError } from '../../lib/api/api-error';

export const teamKeys = {
  all: ['team'] as const,
  members: (organizerId: number) => [...teamKeys.all, 'members', organizerId] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};

/** GET team/members: the members with their roles and the pending invitations (owner). */
export const useTeam = (organizerId: number) =>
  useQuery({
    queryKey: teamKeys.members(organizerId),
    queryFn: ({ signal }) => api.call(teamRoutes.members, { query: { organizer_id: organizerId }, signal }),
  });

/** Every change of the team reloads its list. */
const useTeamMutation = <T, V>(organizerId: number, mutationFn: (vars: V) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(organizerId) }),
  });
};

export const useChangeRole = (organizerId: number) =>
  useTeamMutation<TeamMember, { user_id: number; role: MemberRole }>(organizerId, (body) =>
    api.call(teamRoutes.changeRole, { body: { organizer_id: organizerId, ...body } }),
  );
export const useRemoveMember = (organizerId: number) =>
  useTeamMutation<unknown, number>(organizerId, (userId) =>
    api.call(teamRoutes.remove, { body: { organizer_id: organizerId, user_id: userId } }),
  );
export const useInvite = (organizerId: number) =>
  useTeamMutation<TeamInvitation, { email: string; role: MemberRole }>(organizerId, (body) =>
    api.call(teamRoutes.invite, { body: { organizer_id: organizerId, ...body } }),
  );
export const useResendInvitation = (organizerId: number) =>
  useTeamMutation<TeamInvitation, number>(organizerId, (id) =>
    api.call(teamRoutes.resendInvitation, { body: { organizer_id: organizerId, invitation_id: id } }),
  );
export const useRevokeInvitation = (organizerId: number) =>
  useTeamMutation<unknown, number>(organizerId, (id) =>
    api.call(teamRoutes.revokeInvitation, { body: { organizer_id: organizerId, invitation_id: id } }),
  );

/** GET team/invitation: what a link invites to (public). */
export const useInvitationPreview = (token: string) =>
  useQuery<InvitationPreview, ApiError>({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => api.call(teamRoutes.invitation, { query: { token }, signal }),
    retry: false,
  });

/** POST team/accept: the signed-in account joins; the organizer list reloads (the new one in it). */
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation<{ organizer_id: number; role: MemberRole }, ApiError, string>({
    mutationFn: (token) => api.call(teamRoutes.accept, { body: { token } }),
    // the organizer guard reads the cached list: it must hold the new organizer before we go there
    onSuccess: () => queryClient.resetQueries({ queryKey: ['organizer'] }),
  });
};
