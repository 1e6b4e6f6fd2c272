import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '../features/auth/api/get-profile';
import { getChannelsList } from '../features/chat/api/get-channels-list';
import { api } from '../lib/api/client';
import { invalidateAfterReconnect } from '../lib/query/after-reconnect';
import { QueryLayer } from '../lib/query/query-layer';
import { createRealtimeClient } from '../lib/socket/realtime-client';
import { RealtimeProvider, useRealtimeConnection } from '../lib/socket/realtime-context';
import { StartupModals } from './startup-modals';

/** One socket for the whole signed-in session, whatever the layout (it is not re-made per screen). */
function RealtimeConnection() {
  const { data: user } = useQuery({ ...profileQueryOptions(), enabled: api.hasToken() });
  useRealtimeConnection(Boolean(user));
  return null;
}

function SignedInServices({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // after a reconnect the database is the source of truth: refetch everything on screen (but
  // what each fetch issues anew, as a connection code the user may have copied)
  const [realtime] = useState(() =>
    createRealtimeClient({
      fetchChannels: () => getChannelsList(),
      onReconnect: () => void invalidateAfterReconnect(queryClient),
    }),
  );
  useEffect(() => () => realtime.stop(), [realtime]);
  return (
    <RealtimeProvider client={realtime}>
      <RealtimeConnection />
      <StartupModals />
      {children}
    </RealtimeProvider>
  );
}

/**
 * What every screen of a signed-in user runs in: the query cache, the real-time socket and the
 * startup prompts (phone, agreement, partnership). It loads with the first signed-in screen, so
 * the sign-in screen does not download it.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  return (
    <QueryLayer>
      <SignedInServices>{children}</SignedInServices>
    </QueryLayer>
  );
}
