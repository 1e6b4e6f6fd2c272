import type { Socket } from 'socket.io-client';
import type { Publication, RealtimeEvent, RealtimePayloads, SubscribeAck } from '@tourdesk/contract/realtime';
import { REALTIME_EVENTS, SOCKET_PATH } from '@tourdesk/contract/realtime-values';
import type { ChannelsList } from '@tourdesk/contract/api/chat';

/**
 * The envelope of contract's publicationSchema, checked without zod (this runs on every screen):
 * a known event and an object payload. Each event's payload is typed by RealtimePayloads; the
 * server's tests check what it sends against the payload schemas.
 */
const isPublication = (raw: unknown): raw is Publication => {
  if (typeof raw !== 'object' || raw === null) return false;
  const p = raw as Record<string, unknown>;
  return (
    typeof p.channel === 'string' &&
    (REALTIME_EVENTS as readonly unknown[]).includes(p.event) &&
    typeof p.payload === 'object' &&
    p.payload !== null &&
    !Array.isArray(p.payload)
  );
};

/** A listener of one event: its payload and publication typed by the event (RealtimePayloads). */
export type PublicationListener<E extends RealtimeEvent = RealtimeEvent> = (
  payload: RealtimePayloads[E],
  publication: Publication<E>,
) => void;

export interface RealtimeClientOptions {
  /** GET /crm/api/chat/channels-list; called before every (re)connection */
  fetchChannels: () => Promise<ChannelsList>;
  /** called after a reconnection: whatever happened while offline must be refetched */
  onReconnect?: () => void;
  /** for tests */
  createSocket?: (auth: (cb: (data: object) => void) => void) => Socket;
}

/**
 * The real-time plumbing of ARCHITECTURE.md: connect with the connection token, subscribe
 * every channel with its token, re-subscribe (with a fresh channels list) after a reconnect,
 * and route `publication` events to listeners by event name.
 */
export const createRealtimeClient = (options: RealtimeClientOptions) => {
  const listeners = new Map<RealtimeEvent, Set<PublicationListener>>();
  let socket: Socket | null = null;
  let channels: ChannelsList['channels'] = [];
  let connectedBefore = false;
  let started = false;

  const subscribeAll = (s: Socket): void => {
    for (const channel of channels) {
      s.emit('subscribe', { channel: channel.name, token: channel.token }, (ack?: SubscribeAck) => {
        if (ack && !ack.ok) console.warn(`Realtime: subscribe to ${channel.name} refused`, ack.message);
      });
    }
  };

  const dispatch = (raw: unknown): void => {
    if (!isPublication(raw)) return;
    for (const listener of listeners.get(raw.event) ?? []) listener(raw.payload, raw as never);
  };

  // Socket.IO calls this before each connection attempt, so a reconnect gets fresh tokens.
  const auth = (cb: (data: object) => void): void => {
    options
      .fetchChannels()
      .then((list) => {
        channels = list.channels;
        cb({ token: list.connectionToken });
      })
      .catch(() => cb({ token: '' }));
  };

  let generation = 0;

  const attach = (s: Socket): void => {
    s.on('connect', () => {
      subscribeAll(s);
      if (connectedBefore) options.onReconnect?.();
      connectedBefore = true;
    });
    s.on('publication', dispatch);
    socket = s;
  };

  const start = (): void => {
    if (socket || started) return;
    started = true;
    const current = ++generation;
    if (options.createSocket) {
      attach(options.createSocket(auth));
      return;
    }
    // socket.io-client is loaded on demand: the sign-in screen never needs it.
    void import('socket.io-client').then(({ io }) => {
      if (current !== generation || !started) return;
      attach(io({ path: SOCKET_PATH, auth, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 }));
    });
  };

  const stop = (): void => {
    started = false;
    generation += 1;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    connectedBefore = false;
  };

  const on = <E extends RealtimeEvent>(event: E, listener: PublicationListener<E>): (() => void) => {
    // stored by event: dispatch calls it with that event's publications only
    const stored = listener as unknown as PublicationListener;
    const set = listeners.get(event) ?? new Set<PublicationListener>();
    set.add(stored);
    listeners.set(event, set);
    return () => set.delete(stored);
  };

  return { start, stop, on, isStarted: () => started, dispatch };
};

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
