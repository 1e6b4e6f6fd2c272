import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { organizerChannel, type RealtimeEvent } from '@tourdesk/contract/realtime-values';
import { createRealtimeClient } from '../../../../lib/socket/realtime-client';
import { RealtimeProvider } from '../../../../lib/socket/realtime-context';
import { clearOwnAnswers, noteOwnAnswer, OWN_ANSWER_WINDOW_MS } from '../../../../lib/socket/own-answers';
import { userKeys } from '../../../auth/api/user-keys';
import { requestAnswerKey, requestPageKeys } from './request-keys';
import { useRequestLiveUpdates } from './request-live-updates';

const ORG = 7;
const REQUEST = 5;
const ME = 3;

const setup = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const realtime = createRealtimeClient({ fetchChannels: async () => ({ connectionToken: 't', channels: [] }) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime}>{children}</RealtimeProvider>
    </QueryClientProvider>
  );
  queryClient.setQueryData(userKeys.profile(), { id: ME });
  const refetched = () => queryClient.getQueryState(requestPageKeys.detail(REQUEST))?.isInvalidated === true;
  const publish = (event: RealtimeEvent, actor: { type: string; user_id: number | null }) =>
    act(() =>
      realtime.dispatch({
        channel: organizerChannel(ORG),
        event,
        payload: { actor, organizer_id: ORG, request_id: REQUEST, status: 2, source: 'provider' },
      }),
    );
  const reset = () => queryClient.setQueryData(requestPageKeys.detail(REQUEST), { cached: true });
  reset();
  renderHook(() => useRequestLiveUpdates(ORG, REQUEST), { wrapper });
  return { refetched, publish, reset, queryClient };
};

afterEach(() => clearOwnAnswers());

describe('useRequestLiveUpdates: who acted (issue 23)', () => {
  it.each(['request_in_crm_update_status', 'update_tourists_info'] as const)(
    "%s: the echo of this tab's own answer refetches nothing; a colleague's, the system's or another tab's change does",
    (event) => {
      const { refetched, publish, reset } = setup();
      // a colleague
      publish(event, { type: 'user', user_id: ME + 1 });
      expect(refetched()).toBe(true);
      reset();
      // a payment, a sweep
      publish(event, { type: 'system', user_id: null });
      expect(refetched()).toBe(true);
      reset();
      // this user in another tab: this one stored no answer
      publish(event, { type: 'user', user_id: ME });
      expect(refetched()).toBe(true);
      reset();
      // this tab's own change, its answer stored
      noteOwnAnswer(requestAnswerKey(REQUEST));
      publish(event, { type: 'user', user_id: ME });
      expect(refetched()).toBe(false);
      // long after the answer it is news again
      noteOwnAnswer(requestAnswerKey(REQUEST), Date.now() - OWN_ANSWER_WINDOW_MS - 1);
      publish(event, { type: 'user', user_id: ME });
      expect(refetched()).toBe(true);
    },
  );
});

describe('useRequestLiveUpdates: the booking’s prices (issue 26)', () => {
  it.each(['request_in_crm_update_status', 'update_tourists_info'] as const)(
    '%s refetches the price lines and the booking changes with the request',
    (event) => {
      const { publish, queryClient } = setup();
      const keys = [requestPageKeys.pricing(REQUEST), requestPageKeys.bookingChanges(REQUEST)];
      for (const key of keys) queryClient.setQueryData(key, { cached: true });
      publish(event, { type: 'user', user_id: ME + 1 });
      for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    },
  );
});
