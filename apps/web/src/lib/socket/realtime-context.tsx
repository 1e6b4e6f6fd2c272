import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { RealtimeEvent } from '@tourdesk/contract/realtime';
import type { PublicationListener, RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** Runs `handler` for every publication of `event` while the component is mounted. */
export function useRealtimeEvent(event: RealtimeEvent, handler: PublicationListener): void {
  const client = useContext(RealtimeContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.on(event, (payload, publication) => handlerRef.current(payload, publication));
  }, [client, event]);
}

/** Connects while mounted (the signed-in screens mount it). */
export function useRealtimeConnection(enabled: boolean): void {
  const client = useContext(RealtimeContext);
  useEffect(() => {
    if (!client || !enabled) return undefined;
    client.start();
    return () => client.stop();
  }, [client, enabled]);
}
