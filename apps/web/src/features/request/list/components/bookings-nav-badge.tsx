import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { useRealtimeEvent } from '../../../../lib/socket/realtime-context';
import { useRequestCount } from '../api/request-count';
import { requestListKeys } from '../api/request-list-keys';

/** More than this shows as "99+". */
const BADGE_MAX = 99;

/**
 * The Bookings navigation item's badge: how many new requests (status 1) wait for the provider
 * (count-for-org). It refreshes itself on every screen the navigation shows on: a new request, or
 * a request leaving or entering status 1, on this organizer's channel. Nothing shows at 0.
 */
export function BookingsNavBadge({ orgId }: { orgId: number }) {
  // the bookings texts may not be loaded on this screen yet: the number shows meanwhile
  const { t, ready } = useTranslation('bookings', { useSuspense: false });
  const queryClient = useQueryClient();
  const count = useRequestCount(orgId);
  const refresh = (_payload: unknown, publication: { channel: string }) => {
    if (publication.channel === organizerChannel(orgId))
      void queryClient.invalidateQueries({ queryKey: requestListKeys.count(orgId) });
  };
  useRealtimeEvent('new_request_in_crm', refresh);
  useRealtimeEvent('request_in_crm_update_status', refresh);
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <span
      data-testid="bookings-badge"
      className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-semibold text-on-primary tabular-nums"
    >
      <span aria-hidden="true">{n > BADGE_MAX ? `${BADGE_MAX}+` : n}</span>
      <span className="sr-only">{ready ? t('nav.newRequests', { count: n }) : n}</span>
    </span>
  );
}
