import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, organizerChannel, type ChannelsList, type Publication } from '@tourdesk/contract';
import {
  bearer,
  createTestApp,
  createUser,
  listenAsUser,
  listenOnFreePort,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app';

/** Real-time tokens end with their session (issue 14, security 6). */
let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const channelsList = async (token: string): Promise<ChannelsList> =>
  (
    await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(token) })
  ).json() as ChannelsList;

/** Connects with a connection token; resolves on connect, rejects with the server's refusal. */
const open = (connectionToken: string): Promise<Socket> => {
  const s = connect(base, {
    path: SOCKET_PATH,
    auth: { token: connectionToken },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
};
const listen = async (token: string) => {
  const l = await listenAsUser(t.app, base, token);
  sockets.push(l.socket);
  return l;
};
/** Resolves with the reason once the server has dropped the socket. */
const disconnected = (s: Socket): Promise<string> =>
  s.disconnected ? Promise.resolve('already') : new Promise((resolve) => s.once('disconnect', resolve));
/** Resolves with the first publication of this event the socket receives. */
const nextPublication = (s: Socket, event: string): Promise<Publication> =>
  new Promise((resolve) => {
    const on = (p: Publication) => {
      if (p.event !== event) return;
      s.off('publication', on);
      resolve(p);
    };
    s.on('publication', on);
  });
const logout = (opts: { refreshCookie?: string; token?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/crm/api/user/logout',
    ...(opts.refreshCookie ? { cookies: { td_refresh: opts.refreshCookie } } : {}),
    ...(opts.token ? { headers: bearer(opts.token) } : {}),
    payload: {},
  });

describe('real-time connections end with their session', () => {
  it('refuses a connection token issued before logout', async () => {
    await createUser(t.database, { email: 'rt-old-token@example.com', organizers: ['Old Token Tours'] });
    const session = await signIn(t.app, 'rt-old-token@example.com');
    const list = await channelsList(session.token);
    await logout({ refreshCookie: session.refreshCookie });
    await expect(open(list.connectionToken)).rejects.toThrow('Unauthenticated');
  });

  it("disconnects the session's live sockets on logout; another session of the user stays and gets events", async () => {
    const { organizerIds } = await createUser(t.database, {
      email: 'rt-live@example.com',
      organizers: ['Live Socket Tours'],
    });
    const channel = organizerChannel(organizerIds[0]!);
    const ended = await signIn(t.app, 'rt-live@example.com');
    const kept = await signIn(t.app, 'rt-live@example.com');
    const endedSocket = await listen(ended.token);
    const keptSocket = await listen(kept.token);

    const dropped = disconnected(endedSocket.socket);
    await logout({ refreshCookie: ended.refreshCookie });
    expect(await dropped).toBe('io server disconnect');

    const arrived = nextPublication(keptSocket.socket, 'organization_requisites_was_changed_event');
    const requisites = {
      actor: { type: 'operator', user_id: null },
      organizer_id: organizerIds[0]!,
      internal_check_status: 'success',
      verification_status: 'success',
    } as const;
    t.app.realtime.publish(channel, 'organization_requisites_was_changed_event', requisites);
    expect(await arrived).toEqual({
      channel,
      event: 'organization_requisites_was_changed_event',
      payload: requisites,
    });
    expect(keptSocket.socket.connected).toBe(true);
    expect(endedSocket.got).toEqual([]);
  });

  it('disconnects on logout with only the access token', async () => {
    await createUser(t.database, { email: 'rt-header-logout@example.com' });
    const session = await signIn(t.app, 'rt-header-logout@example.com');
    const { socket } = await listen(session.token);
    const dropped = disconnected(socket);
    await logout({ token: session.token });
    expect(await dropped).toBe('io server disconnect');
  });

  it('disconnects the other sessions when the password changes', async () => {
    await createUser(t.database, { email: 'rt-password@example.com' });
    const other = await signIn(t.app, 'rt-password@example.com');
    const current = await signIn(t.app, 'rt-password@example.com');
    const otherSocket = await listen(other.token);
    const currentSocket = await listen(current.token);
    const dropped = disconnected(otherSocket.socket);
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/change-password',
      headers: bearer(current.token),
      payload: { password: TEST_PASSWORD, new_password: 'Another123!', confirm_password: 'Another123!' },
    });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect(currentSocket.socket.connected).toBe(true);
  });
});
