import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText, organizerChannel, userChannel, type ChannelsList, type SubscribeAck } from '@tourdesk/contract';
import { organizerMembers } from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import {
  bearer,
  createTestApp,
  createUser,
  listenAsUser,
  listenOnFreePort,
  signIn,
  throughMarker,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let baseUrl = '';
let orgId = 0;
const id = { owner: 0, manager: 0, boris: 0 };
const token = { owner: '', manager: '', boris: '' };

const call = (method: 'GET' | 'POST', url: string, who: keyof typeof token, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token[who]), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnFreePort(t.app);
  const owner = await createUser(t.database, { email: 'owner@team.example', organizers: ['Altai Trails'] });
  orgId = owner.organizerIds[0]!;
  id.owner = owner.userId;
  id.manager = (await createUser(t.database, { email: 'manager@team.example' })).userId;
  await t.database.db.insert(organizerMembers).values({ organizer_id: orgId, user_id: id.manager, role: 'manager' });
  id.boris = (await createUser(t.database, { email: 'boris@team.example', organizers: ['Kamchatka'] })).userId;
  for (const who of ['owner', 'manager', 'boris'] as const)
    token[who] = (await signIn(t.app, `${who}@team.example`)).token;
});
afterAll(() => t?.close());

describe('team', () => {
  it('the owner lists the members; a manager gets 403, another tenant 404', async () => {
    const res = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ items: { user_id: number; role: string; is_me: boolean }[] }>()
        .items.map((m) => [m.user_id, m.role, m.is_me]),
    ).toEqual([
      [id.owner, 'owner', true],
      [id.manager, 'manager', false],
    ]);
    const manager = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'manager');
    expect([manager.statusCode, manager.json<{ message: string }>().message]).toEqual([
      403,
      messageText('member_role_forbidden'),
    ]);
    for (const [method, url, body] of [
      ['GET', `/crm/api/team/members?organizer_id=${orgId}`, undefined],
      ['POST', '/crm/api/team/change-role', { organizer_id: orgId, user_id: id.manager, role: 'guide' }],
      ['POST', '/crm/api/team/remove', { organizer_id: orgId, user_id: id.manager }],
    ] as const) {
      const res = await call(method, url, 'boris', body);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('nobody changes their own role or removes themselves; bad input 422; unknown member 404', async () => {
    for (const [url, body] of [
      ['/crm/api/team/change-role', { organizer_id: orgId, user_id: id.owner, role: 'manager' }],
      ['/crm/api/team/remove', { organizer_id: orgId, user_id: id.owner }],
    ] as const) {
      const res = await call('POST', url, 'owner', body);
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([
        422,
        messageText('member_self_change'),
      ]);
    }
    const bad = await call('POST', '/crm/api/team/change-role', 'owner', {
      organizer_id: orgId,
      user_id: id.manager,
      role: 'boss',
    });
    expect(bad.statusCode).toBe(422);
    const unknown = await call('POST', '/crm/api/team/remove', 'owner', { organizer_id: orgId, user_id: id.boris });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes a role: a second owner demotes the first, who then manages no members', async () => {
    const res = await call('POST', '/crm/api/team/change-role', 'owner', {
      organizer_id: orgId,
      user_id: id.manager,
      role: 'owner',
    });
    expect(res.json<{ role: string }>().role).toBe('owner');
    const back = await call('POST', '/crm/api/team/change-role', 'manager', {
      organizer_id: orgId,
      user_id: id.owner,
      role: 'accountant',
    });
    expect(back.json<{ role: string }>().role).toBe('accountant');
    const last = await call('POST', '/crm/api/team/change-role', 'owner', {
      organizer_id: orgId,
      user_id: id.manager,
      role: 'guide',
    });
    expect(last.statusCode).toBe(403); // an accountant manages no members
    await call('POST', '/crm/api/team/change-role', 'manager', {
      organizer_id: orgId,
      user_id: id.owner,
      role: 'owner',
    });
    const demoted = await call('POST', '/crm/api/team/change-role', 'owner', {
      organizer_id: orgId,
      user_id: id.manager,
      role: 'manager',
    });
    expect(demoted.json<{ role: string }>().role).toBe('manager');
  });

  it('a removed member loses the API and the organizer channel at once, and its old channel token opens it no more', async () => {
    const { socket, got } = await listenAsUser(t.app, baseUrl, token.manager);
    const list = (await call('GET', '/crm/api/chat/channels-list', 'manager')).json<ChannelsList>();
    const orgToken = list.channels.find((c) => c.name === organizerChannel(orgId))!.token;
    try {
      expect((await call('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, 'manager')).statusCode).toBe(
        200,
      );
      const res = await call('POST', '/crm/api/team/remove', 'owner', { organizer_id: orgId, user_id: id.manager });
      expect(res.json()).toEqual({ success: true });
      const after = await call('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, 'manager');
      expect([after.statusCode, after.json<{ message: string }>().message]).toEqual([
        404,
        messageText('organizer_not_found'),
      ]);
      const payload = {
        actor: { type: 'system', user_id: null },
        organizer_id: orgId,
        chat_id: 1,
        reader: 'support',
        last_read_id: 999_999,
      } as const;
      t.app.realtime.publish(organizerChannel(orgId), 'chat_is_read', payload);
      await throughMarker(t.app, got, userChannel(id.manager));
      expect(got.filter((p) => p.channel === organizerChannel(orgId))).toEqual([]);
      const ack = await new Promise<SubscribeAck>((resolve) =>
        socket.emit('subscribe', { channel: organizerChannel(orgId), token: orgToken }, resolve),
      );
      expect(ack).toEqual({ ok: false, message: 'Forbidden' });
      const members = await call('GET', `/crm/api/team/members?organizer_id=${orgId}`, 'owner');
      expect(members.json<{ items: { user_id: number }[] }>().items.map((m) => m.user_id)).toEqual([id.owner]);
    } finally {
      socket.disconnect();
    }
  });
});
