import { useQueryClient } from '@tanstack/react-query';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { useRealtimeEvent } from '../../../../lib/socket/realtime-context';
import { noteRequestChange, type RequestChangeKind } from '../live-changes';
import { requestListKeys } from './request-list-keys';

/**
 * The request list follows the organizer's requests live (SPEC §4): a new request
 * (new_request_in_crm), a status change (request_in_crm_update_status: a colleague, a payment, a
 * sweep) and changed tourists (update_tourists_info) refetch the list, its tabs and the filters'
 * choices, and mark the request so its row is highlighted and announced. Only events on this
 * organizer's channel count (one socket carries every organizer of the user). The navigation
 * badge refreshes itself (BookingsNavBadge), so its count is left alone here.
 */
export function useRequestListLiveUpdates(orgId: number) {
  const queryClient = useQueryClient();
  const onChange =
    (kind: RequestChangeKind) => (payload: Record<string, unknown>, publication: { channel: string }) => {
      if (publication.channel !== organizerChannel(orgId)) return;
      void queryClient.invalidateQueries({
        queryKey: requestListKeys.all(orgId),
        predicate: (q) => q.queryKey[2] !== 'count' && q.queryKey[2] !== 'saved-filter',
      });
      const requestId = payload.request_id;
      if (typeof requestId === 'number')
        noteRequestChange(orgId, {
          requestId,
          kind,
          ...(typeof payload.status === 'number' ? { status: payload.status } : {}),
        });
    };
  useRealtimeEvent('new_request_in_crm', onChange('new'));
  useRealtimeEvent('request_in_crm_update_status', onChange('status'));
  useRealtimeEvent('update_tourists_info', onChange('tourists'));
}
