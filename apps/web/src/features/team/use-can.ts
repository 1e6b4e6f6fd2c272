import { useParams } from 'react-router';
import { roleCan, type Capability, type MemberRole } from '@tourdesk/contract/team-values';
import { useOrganizerList } from '../organizer';

/**
 * The caller's role in an organizer (issue 29), from the organizer list it already reads; null
 * while that list loads or when the caller is no member. Defaults to the organizer of the URL.
 */
export const useRole = (organizerId?: number): MemberRole | null => {
  const { orgId } = useParams();
  const id = organizerId ?? Number(orgId);
  const list = useOrganizerList();
  // (a screen's test may answer the list with something else: no role then)
  const organizers = Array.isArray(list.data) ? list.data : [];
  return organizers.find((o) => o.id === id)?.role ?? null;
};

/**
 * Whether the caller's role in the current organizer may do `capability` (contract team-values).
 * The server refuses anyway: this only hides what the role cannot use. While the role is unknown
 * (the list loads) nothing is hidden, so an owner never sees the screen jump.
 */
export const useCan = (capability: Capability, organizerId?: number): boolean => {
  const role = useRole(organizerId);
  return role === null ? true : roleCan(role, capability);
};
