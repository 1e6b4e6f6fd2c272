import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { organizerChannel, type RealtimeEvent } from '@tourdesk/contract/realtime-values';
import { createRealtimeClient } from '../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../lib/socket/realtime-context';
import { organizerKeys } from '../../features/organizer/api/organizer-keys';
import { tourKeys } from '../../features/tour/api/tour-keys';
import { tourDateKeys } from '../../features/tour/api/tour-dates';
import { useOrganizerLiveUpdates } from './organizer-live-updates';

const ORG = 7;
const OTHER_ORG = 8;
const TOUR = 41;
const filters = { status: 'published' } as const;

const setup = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const realtime = createRealtimeClient({ fetchChannels: async () => ({ connectionToken: 't', channels: [] }) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>{children}</RealtimeProvider>
    </QueryClientProvider>
  );
  // what the screens have cached: two pages of the list, two tours, a tour's departures, the partners
  const cached: Record<string, QueryKey> = {
    list: tourKeys.list(ORG, filters),
    listPage2: tourKeys.list(ORG, { ...filters, page: 2 }),
    tour: tourKeys.detail(ORG, TOUR),
    otherTour: tourKeys.detail(ORG, TOUR + 1),
    dates: tourDateKeys.all(ORG, TOUR),
    partners: organizerKeys.partners(ORG),
    otherOrgList: tourKeys.list(OTHER_ORG, filters),
    otherOrgPartners: organizerKeys.partners(OTHER_ORG),
  };
  for (const key of Object.values(cached)) queryClient.setQueryData(key, { cached: true });
  const invalidated = () =>
    Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  /** What the server publishes, as the socket hands it to the client. */
  const publish = (channel: string, event: RealtimeEvent, payload: Record<string, unknown>) =>
    act(() => realtime.dispatch({ channel, event, payload }));
  return { queryClient, wrapper, invalidated, publish };
};

describe('useOrganizerLiveUpdates', () => {
  it("a tour's status on a site (operator's moderation) refetches the tour lists and that tour's view only", () => {
    const { wrapper, invalidated, publish } = setup();
    renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    publish(organizerChannel(ORG), 'site_status_changed', {
      organizer_id: ORG,
      tour_id: TOUR,
      site_id: 3,
      status: 'published',
    });
    expect(invalidated()).toEqual(['list', 'listPage2', 'tour']);
  });

  it('an open tours list refetches at once when the event arrives', async () => {
    const { wrapper, publish } = setup();
    let fetched = 0;
    const { result } = renderHook(
      () => {
        useOrganizerLiveUpdates(ORG);
        return useQuery({
          queryKey: tourKeys.list(ORG, {}),
          queryFn: async () => {
            fetched += 1;
            return { status: fetched === 1 ? 'moderation' : 'published' };
          },
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual({ status: 'moderation' }));
    publish(organizerChannel(ORG), 'site_status_changed', { organizer_id: ORG, tour_id: TOUR, status: 'published' });
    await waitFor(() => expect(result.current.data).toEqual({ status: 'published' }));
    expect(fetched).toBe(2);
  });

  it("a partnership's status (no tour_id) refetches the partner sites, not the tours", () => {
    const { wrapper, invalidated, publish } = setup();
    renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    publish(organizerChannel(ORG), 'site_status_changed', {
      organizer_id: ORG,
      site_id: 3,
      status: 'published',
      is_published_on_site: true,
    });
    expect(invalidated()).toEqual(['partners']);
  });

  it("another organizer's event (same socket, its own channel) changes nothing of this one", () => {
    const { wrapper, invalidated, publish } = setup();
    renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    publish(organizerChannel(OTHER_ORG), 'site_status_changed', { organizer_id: OTHER_ORG, tour_id: 99, site_id: 3 });
    publish(organizerChannel(OTHER_ORG), 'site_status_changed', { organizer_id: OTHER_ORG, site_id: 3 });
    expect(invalidated()).toEqual([]);
  });

  it('stops listening when the screen closes', () => {
    const { wrapper, invalidated, publish } = setup();
    const { unmount } = renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    unmount();
    publish(organizerChannel(ORG), 'site_status_changed', { organizer_id: ORG, tour_id: TOUR, site_id: 3 });
    expect(invalidated()).toEqual([]);
  });
});
