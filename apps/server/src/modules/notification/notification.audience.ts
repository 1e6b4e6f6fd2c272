import { MEMBER_ROLES, isDepartureScoped, roleCan, type MemberRole } from '@tourdesk/contract';
import type { NotificationKind } from './notification.texts';

/**
 * Who of the team hears of what (issue 29): requests (new, canceled) reach those who take
 * bookings (owner, manager); a payment those who handle payments (owner, manager, accountant); a
 * traveller's chat message those with `chats`. A departure-scoped member (a guide) hears of the
 * requests and chats of the departures it is assigned to only, and never of what its role cannot
 * read (payments).
 */
export const hears = (
  role: string,
  kind: NotificationKind,
  /** the departures the notice is about: the request's, or the chat's requests' */
  departureIds: readonly number[],
  /** the departures the member is assigned to as a guide */
  assigned: readonly number[],
): boolean => {
  const r: MemberRole = (MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : 'guide';
  const onTheirDeparture = departureIds.some((id) => assigned.includes(id));
  switch (kind) {
    case 'payment_received':
      return roleCan(r, 'payments') && (!isDepartureScoped(r) || onTheirDeparture);
    case 'new_request':
    case 'request_canceled':
      return isDepartureScoped(r) ? roleCan(r, 'bookings.read') && onTheirDeparture : roleCan(r, 'bookings.write');
    case 'chat_message':
      return roleCan(r, 'chats') && (!isDepartureScoped(r) || onTheirDeparture);
    default:
      return false;
  }
};
