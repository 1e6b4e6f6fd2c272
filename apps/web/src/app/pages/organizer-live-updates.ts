import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/socket/realtime-context';
import { organizerKeys } from '../../features/organizer/api/organizer-keys';

/** Live updates of the organizer's requisites, verification and partner sites. */
export function useOrganizerLiveUpdates(orgId: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('organization_requisites_was_changed_event', () => {
    void queryClient.invalidateQueries({ queryKey: organizerKeys.dashboard(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.verification(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.detail(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizerKeys.list() });
  });
  useRealtimeEvent(
    'site_status_changed',
    () => void queryClient.invalidateQueries({ queryKey: organizerKeys.partners(orgId) }),
  );
}
