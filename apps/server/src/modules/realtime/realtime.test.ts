import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  organizerChannel,
  userChannel,
  type ChannelsList,
  type Publication,
  type SubscribeAck,
} from '@tourdesk/contract';
import {
  bearer,
  createTestApp,
  createUser,
  signIn,
  throughMarker,
  type TestApp,
  listenOnFreePort,
} from '../../test/test-app';

let t: TestApp;
let base: string;
const users: Record<'anna' | 'boris', { userId: number; organizerIds: number[]; token: string; list: ChannelsList }> =
  {} as never;
const sockets: Socket[] = [];

const channelsList = async (token: string): Promise<ChannelsList> =>
  (
    await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list', headers: bearer(token) })
  ).json() as ChannelsList;

const open = async (connectionToken: string): Promise<Socket> => {
  const s = connect(base, {
    path: '/socket.io/',
    auth: { token: connectionToken },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
};
const subscribe = (s: Socket, channel: string, token: string): Promise<SubscribeAck> =>
  new Promise((resolve) => s.emit('subscribe', { channel, token }, resolve));
const collect = (s: Socket): Publication[] => {
  const got: Publication[] = [];
  s.on('publication', (p: Publication) => got.push(p));
  return got;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, orgs] of [
    ['anna', ['Altai Trails']],
    ['boris', ['Baikal Expeditions']],
  ] as const) {
    const u = await createUser(t.database, { email: `${name}@rt.example`, organizers: [...orgs] });
    const { token } = await signIn(t.app, `${name}@rt.example`);
    users[name] = { ...u, token, list: await channelsList(token) };
  }
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('GET /crm/api/chat/channels-list', () => {
  it("lists the user's channel and one per organizer, each with a token", () => {
    const { list, userId, organizerIds } = users.anna;
    expect(list.channels.map((c) => c.name)).toEqual([userChannel(userId), organizerChannel(organizerIds[0]!)]);
    expect(list.connectionToken).toBeTruthy();
    for (const c of list.channels) expect(c.token).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/chat/channels-list' })).statusCode).toBe(401);
  });
});

describe('Socket.IO publications', () => {
  it('refuses a connection without a valid connection token', async () => {
    await expect(open('not-a-token')).rejects.toThrow('Unauthenticated');
    await expect(open(users.anna.token)).rejects.toThrow('Unauthenticated');
  });

  it("reaches a subscribed client and not another user's client", async () => {
    const a = await open(users.anna.list.connectionToken);
    const b = await open(users.boris.list.connectionToken);
    const gotA = collect(a);
    const gotB = collect(b);
    for (const c of users.anna.list.channels) expect(await subscribe(a, c.name, c.token)).toEqual({ ok: true });
    for (const c of users.boris.list.channels) expect(await subscribe(b, c.name, c.token)).toEqual({ ok: true });

    const annaOrg = organizerChannel(users.anna.organizerIds[0]!);
    const newRequest = {
      actor: { type: 'system', user_id: null },
      organizer_id: users.anna.organizerIds[0]!,
      request_id: 7,
      status: 1,
    } as const;
    t.app.realtime.publish(annaOrg, 'new_request_in_crm', newRequest);
    t.app.realtime.publish(userChannel(users.anna.userId), 'crm_user_phone_was_confirmed', {
      actor: { type: 'system', user_id: null },
      user_id: users.anna.userId,
    });
    // each client's marker follows everything published before it: Anna's two events reached Boris
    // before his marker if at all, and his marker reached Anna before hers if at all
    const markerB = await throughMarker(t.app, gotB, userChannel(users.boris.userId));
    const markerA = await throughMarker(t.app, gotA, userChannel(users.anna.userId));
    expect(gotA).toEqual([
      { channel: annaOrg, event: 'new_request_in_crm', payload: newRequest },
      {
        channel: userChannel(users.anna.userId),
        event: 'crm_user_phone_was_confirmed',
        payload: { actor: { type: 'system', user_id: null }, user_id: users.anna.userId },
      },
      markerA,
    ]);
    expect(gotB).toEqual([markerB]);
  });

  it("refuses a channel token taken from another user's session, and a token for another channel", async () => {
    const b = await open(users.boris.list.connectionToken);
    const gotB = collect(b);
    const annaOrg = users.anna.list.channels[1]!;
    expect(await subscribe(b, annaOrg.name, annaOrg.token)).toEqual({ ok: false, message: 'Forbidden' });
    const borisOrg = users.boris.list.channels[1]!;
    expect(await subscribe(b, annaOrg.name, borisOrg.token)).toEqual({ ok: false, message: 'Forbidden' });
    expect(await subscribe(b, annaOrg.name, 'junk')).toEqual({ ok: false, message: 'Forbidden' });
    expect(await subscribe(b, '', '')).toEqual({ ok: false, message: 'Invalid subscription' });
    // Boris joins his own channel, so a marker there tells when Anna's event would have arrived
    const borisUser = users.boris.list.channels[0]!;
    expect(await subscribe(b, borisUser.name, borisUser.token)).toEqual({ ok: true });
    t.app.realtime.publish(annaOrg.name, 'site_status_changed', {
      actor: { type: 'operator', user_id: null },
      organizer_id: users.anna.organizerIds[0]!,
      site_id: 1,
      status: 'published',
      is_published_on_site: true,
    });
    expect(gotB).toEqual([await throughMarker(t.app, gotB, borisUser.name)]);
  });
});
