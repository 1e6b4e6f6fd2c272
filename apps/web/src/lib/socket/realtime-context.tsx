import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { RealtimeEvent } from '@tourdesk/contract/realtime';
import type { PublicationListener, RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** Runs `handler` for every publication of `event` (its payload typed by the event) while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, handler: PublicationListener<E>): void {
  const client = useContext(RealtimeContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!client) return undefined;
    return client.on<E>(event, (payload, publication) => handlerRef.current(payload, publication));
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
