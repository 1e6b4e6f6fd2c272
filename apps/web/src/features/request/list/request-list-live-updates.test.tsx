import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { organizerChannel, type RealtimeEvent } from '@tourdesk/contract/realtime-values';
import { createRealtimeClient } from '../../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../../lib/socket/realtime-context';
import { organizerKeys } from '../../organizer/api/organizer-keys';
import { useOrganizerLiveUpdates } from '../../../app/pages/organizer-live-updates';
import { useRequestListLiveUpdates } from './api/request-list-live-updates';
import { requestListKeys, type RequestListParams } from './api/request-list-keys';
import { clearRequestChanges, useRequestChanges } from './live-changes';

const ORG = 7;
const params: RequestListParams = { kind: 0, groupId: 1, page: 1, filters: {}, baseSaleStatus: null };

const setup = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const realtime = createRealtimeClient({ fetchChannels: async () => ({ connectionToken: 't', channels: [] }) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>{children}</RealtimeProvider>
    </QueryClientProvider>
  );
  // what the screens have cached
  const cached: Record<string, QueryKey> = {
    list: requestListKeys.list(ORG, params),
    listPage2: requestListKeys.list(ORG, { ...params, page: 2 }),
    groups: requestListKeys.groups(ORG, 0),
    tours: requestListKeys.tours(ORG, 0),
    sources: requestListKeys.sources(ORG, 1),
    departures: requestListKeys.departures(ORG, 11),
    count: requestListKeys.count(ORG),
    savedFilter: requestListKeys.savedFilter(ORG, 0),
    dashboard: organizerKeys.dashboard(ORG),
    otherOrgList: requestListKeys.list(ORG + 1, params),
  };
  for (const key of Object.values(cached)) queryClient.setQueryData(key, { cached: true });
  const invalidated = () =>
    Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const publish = (channel: string, event: RealtimeEvent, payload: Record<string, unknown>) =>
    act(() => realtime.dispatch({ channel, event, payload }));
  return { wrapper, invalidated, publish };
};

afterEach(() => clearRequestChanges());

describe('useRequestListLiveUpdates', () => {
  it.each([
    ['new_request_in_crm', 'new'],
    ['request_in_crm_update_status', 'status'],
    ['update_tourists_info', 'tourists'],
  ] as const)(
    '%s refetches the lists, tabs and choices of the organizer (not the badge, not the saved filter) and marks the request',
    (event, kind) => {
      const { wrapper, invalidated, publish } = setup();
      const { result } = renderHook(
        () => {
          useRequestListLiveUpdates(ORG);
          return useRequestChanges(ORG);
        },
        { wrapper },
      );
      publish(organizerChannel(ORG), event, { request_id: 5, organizer_id: ORG, status: 2 });
      expect(invalidated()).toEqual(['departures', 'groups', 'list', 'listPage2', 'sources', 'tours']);
      expect(result.current).toEqual([expect.objectContaining({ requestId: 5, kind })]);
    },
  );

  it("another organizer's events change nothing here", () => {
    const { wrapper, invalidated, publish } = setup();
    const { result } = renderHook(
      () => {
        useRequestListLiveUpdates(ORG);
        return useRequestChanges(ORG);
      },
      { wrapper },
    );
    publish(organizerChannel(ORG + 1), 'new_request_in_crm', { request_id: 5, organizer_id: ORG + 1, status: 1 });
    expect(invalidated()).toEqual([]);
    expect(result.current).toEqual([]);
  });

  it('a new request changed again stays "new"', () => {
    const { wrapper, publish } = setup();
    const { result } = renderHook(
      () => {
        useRequestListLiveUpdates(ORG);
        return useRequestChanges(ORG);
      },
      { wrapper },
    );
    publish(organizerChannel(ORG), 'new_request_in_crm', { request_id: 5, organizer_id: ORG, status: 1 });
    publish(organizerChannel(ORG), 'request_in_crm_update_status', { request_id: 5, organizer_id: ORG, status: 2 });
    expect(result.current).toEqual([expect.objectContaining({ requestId: 5, kind: 'new', status: 2 })]);
  });
});

describe('useOrganizerLiveUpdates and requests', () => {
  it("a new request or a status change refetches the request lists and the dashboard's figures", () => {
    const { wrapper, invalidated, publish } = setup();
    renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    publish(organizerChannel(ORG), 'new_request_in_crm', { request_id: 5, organizer_id: ORG, status: 1 });
    expect(invalidated()).toEqual(['dashboard', 'departures', 'groups', 'list', 'listPage2', 'sources', 'tours']);
  });

  it("another organizer's request leaves this dashboard alone", () => {
    const { wrapper, invalidated, publish } = setup();
    renderHook(() => useOrganizerLiveUpdates(ORG), { wrapper });
    publish(organizerChannel(ORG + 1), 'request_in_crm_update_status', { request_id: 5, organizer_id: 8, status: 2 });
    expect(invalidated()).toEqual([]);
  });
});
