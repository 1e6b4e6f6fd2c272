import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { organizerChannel, SOCKET_PATH, type ChannelsList } from '@tourdesk/contract';
// The web app's own real-time client, against the real server: the whole plumbing end to end.
import { createRealtimeClient } from '../../../../web/src/lib/socket/realtime-client';
import { bearer, createTestApp, createUser, signIn, type TestApp, listenOnFreePort } from '../../test/test-app';

let t: TestApp;
let base: string;
let token: string;
let organizerId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    organizerIds: [organizerId = 0],
  } = await createUser(t.database, { email: 'client@rt.example', organizers: ['Altai Trails'] }));
  ({ token } = await signIn(t.app, 'client@rt.example'));
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

/** A requisites payload told apart by its organizer id (1000 + n): the client routes payloads as they come. */
const numbered = (n: number) =>
  ({
    actor: { type: 'operator', user_id: null },
    organizer_id: 1000 + n,
    internal_check_status: 'not_performed',
    verification_status: 'not_performed',
  }) as const;
const numberOf = (p: unknown): number => ((p as { organizer_id?: number }).organizer_id ?? 0) - 1000;

const waitFor = async (check: () => boolean, ms = 5000): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the web real-time client against the server', () => {
  it('subscribes, routes events to listeners, and re-subscribes with fresh tokens after a reconnect', async () => {
    let fetches = 0;
    let reconnects = 0;
    let socket: Socket | null = null;
    const client = createRealtimeClient({
      fetchChannels: async () => {
        fetches += 1;
        const res = await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(token) });
        return res.json() as ChannelsList;
      },
      onReconnect: () => (reconnects += 1),
      createSocket: (auth) => {
        socket = io(base, {
          path: SOCKET_PATH,
          auth,
          transports: ['websocket'],
          reconnectionDelay: 50,
          reconnectionDelayMax: 100,
        });
        return socket;
      },
    });
    // a failed check must not leave the socket open (the app would never close)
    onTestFinished(() => client.stop());
    const got: unknown[] = [];
    const off = client.on('organization_requisites_was_changed_event', (payload) => got.push(payload));
    client.start();
    await waitFor(() => socket?.connected === true);

    // the subscribe acks travel before the publication; retry until the room is joined (copies of a
    // retry still in flight may arrive later, so each step waits for its own payload)
    const heard = (n: number) => got.some((p) => numberOf(p) === n);
    await waitFor(() => {
      t.app.realtime.publish(organizerChannel(organizerId), 'organization_requisites_was_changed_event', numbered(1));
      return heard(1);
    });
    expect(fetches).toBe(1);

    // drop the transport: Socket.IO reconnects, the client fetches new tokens and re-subscribes
    got.length = 0;
    (socket as unknown as Socket).io.engine.close();
    await waitFor(() => reconnects === 1);
    expect(fetches).toBe(2);
    await waitFor(() => {
      t.app.realtime.publish(organizerChannel(organizerId), 'organization_requisites_was_changed_event', numbered(2));
      return heard(2);
    });

    // a listener that went away hears nothing more, while one still there hears the event and a
    // later marker, in order: once the marker is in, the event has been delivered to the client
    const stillThere: unknown[] = [];
    client.on('organization_requisites_was_changed_event', (payload) => stillThere.push(payload));
    off();
    got.length = 0;
    t.app.realtime.publish(organizerChannel(organizerId), 'organization_requisites_was_changed_event', numbered(3));
    t.app.realtime.publish(organizerChannel(organizerId), 'organization_requisites_was_changed_event', numbered(4));
    await waitFor(() => stillThere.some((p) => numberOf(p) === 4));
    // (late copies of the retries above arrive first if at all)
    expect(stillThere.filter((p) => ![1, 2].includes(numberOf(p)))).toEqual([numbered(3), numbered(4)]);
    expect(got).toEqual([]);
    client.stop();
  });
});
