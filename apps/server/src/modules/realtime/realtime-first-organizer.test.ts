import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { organizerChannel, userChannel } from '@tourdesk/contract';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  throughMarker,
  type TestApp,
} from '../../test/test-app';

/*
 * The first day (issue 23, item 14): a screen connected before the account had any organizer
 * subscribed to none; once the first organizer is created it hears that organizer's events
 * (verification, moderation, questionnaire answers) without reconnecting. Another user's sockets
 * never join it.
 */
const ADMIN_TOKEN = 'first-organizer-operator-token-0123456789';
let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('a socket opened before the first organizer', () => {
  it('hears the organizer created afterwards (every tab of the user), and nobody else does', async () => {
    await createUser(t.database, { email: 'newcomer@first.example' });
    await createUser(t.database, { email: 'other@first.example', organizers: ['Other Tours'] });
    const { token } = await signIn(t.app, 'newcomer@first.example');
    const other = await signIn(t.app, 'other@first.example');
    // two tabs of the newcomer and another user's, all connected before the organizer exists
    const tabs = [await listenAsUser(t.app, base, token), await listenAsUser(t.app, base, token)];
    const stranger = await listenAsUser(t.app, base, other.token);
    sockets.push(...tabs.map((x) => x.socket), stranger.socket);

    const created = await t.app.inject({
      method: 'POST',
      url: '/crm/api/organizer/create',
      headers: bearer(token),
      payload: { name: 'Altai Trails' },
    });
    expect(created.statusCode).toBe(200);
    const organizerId = (created.json() as { id: number }).id;

    // the operator verifies it: the dashboard's event reaches both open tabs at once
    const verified = await t.app.inject({
      method: 'POST',
      url: '/crm/api/operator/set-verification',
      headers: { 'x-operator-token': ADMIN_TOKEN },
      payload: { organizer_id: organizerId, verification_status: 'success' },
    });
    expect(verified.statusCode).toBe(200);
    for (const tab of tabs) {
      await eventually(() =>
        expect(
          tab.got.filter(
            (p) =>
              p.channel === organizerChannel(organizerId) &&
              'organizer_id' in p.payload &&
              p.payload.organizer_id === organizerId,
          ),
        ).not.toHaveLength(0),
      );
      expect(tab.socket.connected).toBe(true);
    }
    // the other user hears nothing of it: everything published before a marker on its own channel has arrived
    await throughMarker(
      t.app,
      stranger.got,
      userChannel(
        (await t.app.inject({ method: 'GET', url: '/crm/api/user/profile', headers: bearer(other.token) })).json<{
          id: number;
        }>().id,
      ),
    );
    expect(stranger.got.filter((p) => p.channel === organizerChannel(organizerId))).toEqual([]);
  });
});
