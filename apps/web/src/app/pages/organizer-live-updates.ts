import { useQueryClient } from '@tanstack/react-query';
import { organizerChannel } from '@tourdesk/contract/realtime-values';
import { useRealtimeEvent } from '../../lib/socket/realtime-context';
import { organizerKeys } from '../../features/organizer/api/organizer-keys';
import { tourKeys } from '../../features/tour/api/tour-keys';
import { reviewKeys } from '../../features/review/api/review-keys';
import { useRequestListLiveUpdates } from '../../features/request/list/api/request-list-live-updates';

/**
 * Live updates of the organizer's requisites, verification, partner sites and the moderation of
 * its tours per site. One socket carries the channels of every organizer of the user, so a
 * `site_status_changed` is acted on only when it came on this organizer's channel.
 *
 * `site_status_changed` comes in two kinds (server: partner.service.ts and
 * tour-moderation.service.ts): a partnership's status (no `tour_id`) refetches the partner
 * sites; a tour's status on a site (`tour_id`, set by the operator's `npm run admin --
 * set-tour-site-status`) refetches the tour lists and that tour's view, so an open tours list or
 * tour editor shows the new status at once (an editor with unsaved edits keeps them: its forms
 * take new defaults only when untouched).
 *
 * Requests (SPEC §4 new_request_in_crm, request_in_crm_update_status, update_tourists_info):
 * the request lists refetch and mark the request (useRequestListLiveUpdates), and the dashboard's
 * figures, which count new requests, refetch.
 */
export function useOrganizerLiveUpdates(orgId: number) {
  const queryClient = useQueryClient();
  useRequestListLiveUpdates(orgId);
  // a review written, edited, answered, hidden or reported: the reviews screen and the menu's count
  useRealtimeEvent('review_was_changed', (_payload, publication) => {
    if (publication.channel === organizerChannel(orgId))
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all(orgId) });
  });
  const refetchDashboard = (_payload: unknown, publication: { channel: string }) => {
    if (publication.channel === organizerChannel(orgId))
      void queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(orgId) });
  };
  useRealtimeEvent('new_request_in_crm', refetchDashboard);
  useRealtimeEvent('request_in_crm_update_status', refetchDashboard);
  useRealtimeEvent('organization_requisites_was_changed_event', () => {
    void queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.verification(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.detail(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.list() });
  });
  useRealtimeEvent('site_status_changed', (payload, publication) => {
    if (publication.channel !== organizerChannel(orgId)) return;
    const tourId = payload.tour_id;
    if (typeof tourId !== 'number') {
      void queryClient.invalidateQueries({ queryKey: organizerKeys.partners(orgId) });
      return;
    }
    // every page and filter of the list; the tour's own view, not its departures beneath it
    void queryClient.invalidateQueries({ queryKey: [...tourKeys.all(orgId), 'list'] });
    void queryClient.invalidateQueries({ queryKey: tourKeys.detail(orgId, tourId), exact: true });
  });
}
