import { useQueryClient } from '@tanstack/react-query';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { useRealtimeEvent } from '../../../../lib/socket/realtime-context';
import { isOwnAnswerEcho } from '../../../../lib/socket/own-answers';
import { useProfile } from '../../../auth';
import { requestPageKeys, requestAnswerKey } from './request-keys';

/**
 * The open request refetches when it changes anywhere else: its status, departure or money
 * (request_in_crm_update_status: a colleague, a payment, the hold sweep) and its tourists
 * (update_tourists_info: a colleague, or a tourist through the questionnaire link). Only events
 * of this request on its organizer's channel count; the page's own keys are all it touches. The
 * echo of this tab's own change (the event's `actor` is the signed-in user, and this tab stored
 * the server's answer moments ago or is waiting for it: request.ts, request-tourists.ts)
 * refetches nothing.
 */
export function useRequestLiveUpdates(orgId: number, requestId: number) {
  const queryClient = useQueryClient();
  const { data: me } = useProfile();
  const refetch = (payload: Record<string, unknown>, channel: string) => {
    if (channel !== organizerChannel(orgId) || payload.request_id !== requestId) return;
    // a change of this tab still in flight stores its own answer when it comes
    if (isOwnAnswerEcho(payload, me?.id, requestAnswerKey(requestId), { pending: queryClient.isMutating() > 0 }))
      return;
    void queryClient.invalidateQueries({ queryKey: requestPageKeys.all(requestId) });
  };
  useRealtimeEvent('request_in_crm_update_status', (payload, publication) => refetch(payload, publication.channel));
  useRealtimeEvent('update_tourists_info', (payload, publication) => refetch(payload, publication.channel));
}
