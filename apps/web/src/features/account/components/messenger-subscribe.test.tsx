import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { createTestI18n } from '../../../lib/i18n/resources';
import { invalidateAfterReconnect } from '../../../lib/query/after-reconnect';
import { createRealtimeClient } from '../../../lib/socket/realtime-client';
import { MessengerSubscribe } from './messenger-subscribe';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname;

/** A socket whose `connect` the test fires: the first connection, then reconnections. */
const fakeSocket = () => {
  const handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  const socket = {
    on: (event: string, fn: (...a: unknown[]) => void) => {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    emit: () => socket,
    removeAllListeners: () => socket,
    disconnect: () => socket,
  };
  return { socket: socket as unknown as Socket, connect: () => handlers.get('connect')?.forEach((fn) => fn()) };
};

/** Another query on screen: a reconnect refetches it. */
let otherFetches = 0;
function Other() {
  const q = useQuery({ queryKey: ['other'], queryFn: async () => ++otherFetches });
  return <p>other {q.data}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the messenger connection code (issue 23, item 16)', () => {
  it('stays the same across socket reconnects (the code the user copied keeps working); other queries refetch', async () => {
    let issued = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = pathOf(input);
      if (path === '/crm/api/chat/generate-connection-code')
        return json(200, { code: `CODE${++issued}AB`, expires_in: 300, url: null });
      return json(404, { message: 'Not found' });
    });
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { socket, connect } = fakeSocket();
    // as the signed-in shell wires it
    const realtime = createRealtimeClient({
      fetchChannels: async () => ({ connectionToken: 't', channels: [] }),
      onReconnect: () => void invalidateAfterReconnect(queryClient),
      createSocket: () => socket,
    });
    realtime.start();
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <MessengerSubscribe source="telegram" />
          <Other />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: /CODE1AB/ })).toBeInTheDocument();
    const calls = (path: string) => fetch.mock.calls.filter(([input]) => pathOf(input) === path).length;
    await waitFor(() => expect(otherFetches).toBe(1));

    act(() => connect());
    act(() => connect());
    act(() => connect());
    await waitFor(() => expect(otherFetches).toBe(3));
    expect(calls('/crm/api/chat/generate-connection-code')).toBe(1);
    expect(screen.getByRole('button', { name: /CODE1AB/ })).toBeInTheDocument();
    realtime.stop();
  });
});
