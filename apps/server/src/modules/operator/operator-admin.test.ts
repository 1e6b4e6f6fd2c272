import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { ChannelsList } from '@tourdesk/contract';
import { operatorAudit, operatorSessions } from '../../db/schema/index';
import { operatorSession } from '../../test/operator-session';
import { bearer, createTestApp, createUser, listenOnFreePort, signIn, type TestApp } from '../../test/test-app';
import { listenAsGuest } from '../chat/chat-test-utils';

/*
 * The operators screen's server side (issue 30): an admin lists operators, creates one, changes a
 * role, deactivates one — whose sessions end in the same transaction (the next call is a 401) and
 * whose desk socket drops at once. Three operators in one app, each signed in once: a short test.
 */
let t: TestApp;
let base: string;
const sockets: Socket[] = [];
let admin: Awaited<ReturnType<typeof operatorSession>>;
let support: Awaited<ReturnType<typeof operatorSession>>;
let moderator: Awaited<ReturnType<typeof operatorSession>>;

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: '10.9.8.7' });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const update = (payload: object, headers = admin.headers) => post('/crm/api/console/update-operator', payload, headers);

beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnFreePort(t.app);
  admin = await operatorSession(t, 'admin', 'Igor');
  support = await operatorSession(t, 'support', 'Anna');
  moderator = await operatorSession(t, 'moderator', 'Mila');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('operators, as an admin manages them', () => {
  it('only an admin: support and moderator 403, a provider and nobody 401; an admin cannot change themselves', async () => {
    await createUser(t.database, { email: 'p@admin-ops.example', organizers: ['P'] });
    const provider = (await signIn(t.app, 'p@admin-ops.example')).token;
    for (const who of [support, moderator]) {
      const r = await update({ operator_id: admin.id, is_active: false }, who.headers);
      expect(r.statusCode).toBe(403);
    }
    expect((await update({ operator_id: admin.id, is_active: false }, bearer(provider))).statusCode).toBe(401);
    expect((await update({ operator_id: admin.id, is_active: false }, {})).statusCode).toBe(401);
    const self = await update({ operator_id: admin.id, role: 'support' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ operator_id: ['You cannot change your own role or deactivate yourself'] });
    expect((await update({ operator_id: 999_999, role: 'support' })).statusCode).toBe(404);
    expect((await update({ operator_id: moderator.id, role: 'root' })).statusCode).toBe(422);
    expect(await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'operator.update'))).toEqual(
      [],
    );
  });

  it('changes a role: the next call is judged by it; the audit has before and after', async () => {
    const changed = await update({ operator_id: moderator.id, role: 'support' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: moderator.id, role: 'support', is_active: true });
    expect((await get('/crm/api/console/queue-counts', moderator.headers)).statusCode).toBe(403);
    expect((await get('/crm/api/console/me', moderator.headers)).json().role).toBe('support');
    const [entry] = await t.database.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'operator.update'))
      .orderBy(asc(operatorAudit.id));
    expect(entry).toMatchObject({
      operator_id: admin.id,
      operator_name: 'Igor',
      object_type: 'operator',
      object_id: String(moderator.id),
      before: { role: 'moderator', is_active: true },
      after: { role: 'support', is_active: true },
      ip: '10.9.8.7',
    });
  });

  it('deactivates: the next API call is a 401, the desk socket drops at once; reactivated, the old session stays ended', async () => {
    const list = (await get('/crm/api/operator/chat/channels-list', support.headers)).json() as ChannelsList;
    const live = await listenAsGuest(base, list, sockets);
    const dropped = new Promise<void>((resolve) => live.socket.once('disconnect', () => resolve()));
    const r = await update({ operator_id: support.id, is_active: false });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: support.id, is_active: false });
    await dropped;
    expect(live.socket.connected).toBe(false);
    expect((await get('/crm/api/console/me', support.headers)).statusCode).toBe(401);
    expect((await get('/crm/api/operator/chat/list?kind=support', support.headers)).statusCode).toBe(401);
    const sessions = await t.database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operator_id, support.id));
    expect(sessions.map((s) => s.revoked_reason)).toEqual(['deactivated']);
    const listed = (await get('/crm/api/console/operators', admin.headers)).json() as {
      id: number;
      is_active: boolean;
    }[];
    expect(listed.find((o) => o.id === support.id)?.is_active).toBe(false);
    // active again: an old session stays ended
    expect((await update({ operator_id: support.id, is_active: true })).json().is_active).toBe(true);
    expect((await get('/crm/api/console/me', support.headers)).statusCode).toBe(401);
  });
});
