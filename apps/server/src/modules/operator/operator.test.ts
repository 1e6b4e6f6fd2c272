import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { URI } from 'otpauth';
import type { RouteOptions } from 'fastify';
import {
  OPERATOR_AUTH_HEADER,
  OPERATOR_REFRESH_COOKIE,
  OPERATOR_ROUTE_ROLES,
  consolePages,
  consoleRoutes,
  organizerChannel,
  type OperatorRole,
} from '@tourdesk/contract';
import {
  operatorAudit,
  operators,
  organizerSites,
  organizers,
  partnerSites,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';
import { nextIp } from '../auth/test-helpers';
import { runAdmin } from '../organizer/admin-cli';
import { OPERATOR_TOKEN_FILE } from '../organizer/index';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  listenOnFreePort,
  signIn,
  type TestApp,
} from '../../test/test-app';
import fs from 'node:fs';
import path from 'node:path';

const consolePaths: { method: string; url: string }[] = [];
let t: TestApp;
let base: string;
let db: TestApp['database']['db'];
const uris = new Map<string, string>();
const PASSWORD = 'Operator-pass-1';

/** The authenticator app: the code of an enrolment link, `stepOffset` steps from now. */
const codeOf = (uri: string, stepOffset = 0): string => {
  const totp = URI.parse(uri);
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 });
};
const cli = async (argv: string[]): Promise<{ code: number; out: string[] }> => {
  const out: string[] = [];
  const token = fs.readFileSync(path.join(t.dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim();
  const code = await runAdmin(argv, { baseUrl: base, token, out: (l) => out.push(l) });
  return { code, out };
};
const createOperator = async (email: string, role: OperatorRole, name: string): Promise<string> => {
  const r = await cli(['create-operator', '--email', email, '--name', name, '--role', role, '--password', PASSWORD]);
  expect(r.code).toBe(0);
  const uri = /authenticator link \(shown once\): (\S+)/.exec(r.out.join('\n'))?.[1];
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  uris.set(email, uri!);
  return uri!;
};
const post = (url: string, payload: object, headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp(), ...(cookies ? { cookies } : {}) });
const operatorSignIn = async (email: string, stepOffset = 0) => {
  const res = await post('/crm/api/console-auth/sign-in', {
    email,
    password: PASSWORD,
    code: codeOf(uris.get(email)!, stepOffset),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    token: (res.json() as { token: string }).token,
    refresh: res.cookies.find((c) => c.name === OPERATOR_REFRESH_COOKIE)!.value,
  };
};
const as = (token: string) => ({ [OPERATOR_AUTH_HEADER]: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    onRoute: (r: RouteOptions) => {
      if (r.url.startsWith('/crm/api/console/') && r.method !== 'HEAD')
        consolePaths.push({ method: String(r.method), url: r.url });
    },
  });
  db = t.database.db;
  base = await listenOnFreePort(t.app);
  await createOperator('mod@ops.example', 'moderator', 'Mona Moderator');
  await createOperator('sup@ops.example', 'support', 'Sam Support');
  await createOperator('adm@ops.example', 'admin', 'Ada Admin');
});
afterAll(() => t.close());

describe('operator accounts and sign-in', () => {
  it('create-operator refuses a taken e-mail and a bad role, the CLI says why', async () => {
    const taken = await cli(['create-operator', '--email', 'MOD@ops.example', '--name', 'X', '--role', 'moderator']);
    expect(taken.code).toBe(1);
    expect(taken.out.join('\n')).toContain('An operator with this e-mail already exists');
    const bad = await cli(['create-operator', '--email', 'x@ops.example', '--name', 'X', '--role', 'root']);
    expect(bad.code).toBe(1);
    expect(bad.out.join('\n')).toContain('"role"');
  });

  it('a wrong password or code is a 422 on its field; a good pair signs in once per code', async () => {
    const uri = uris.get('sup@ops.example')!;
    const wrongPassword = await post('/crm/api/console-auth/sign-in', {
      email: 'sup@ops.example',
      password: 'nope-nope-nope',
      code: codeOf(uri),
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: ['Incorrect e-mail or password'] });
    const unknown = await post('/crm/api/console-auth/sign-in', {
      email: 'who@ops.example',
      password: PASSWORD,
      code: '123456',
    });
    expect(unknown.json().errors).toEqual({ password: ['Incorrect e-mail or password'] });
    const wrongCode = await post('/crm/api/console-auth/sign-in', {
      email: 'sup@ops.example',
      password: PASSWORD,
      code: codeOf(uri) === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors).toEqual({ code: ['Incorrect authenticator code'] });

    const code = codeOf(uri);
    const ok = await post('/crm/api/console-auth/sign-in', { email: 'Sup@ops.example', password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().operator).toEqual({
      id: expect.any(Number),
      email: 'sup@ops.example',
      name: 'Sam Support',
      role: 'support',
      is_active: true,
    });
    // the same code again: refused (no replay)
    const replay = await post('/crm/api/console-auth/sign-in', { email: 'sup@ops.example', password: PASSWORD, code });
    expect(replay.json().errors).toEqual({ code: ['Incorrect authenticator code'] });
    // a provider's access token is no operator token
    const me = await get('/crm/api/console/me', as(ok.json().token));
    expect(me.json().name).toBe('Sam Support');
  });

  it('five failures in a row lock the account, even for the right password and code', async () => {
    const uri = await createOperator('lock@ops.example', 'moderator', 'Lee Locked');
    for (let i = 0; i < 4; i++) {
      const r = await post('/crm/api/console-auth/sign-in', {
        email: 'lock@ops.example',
        password: 'wrong-one',
        code: '123456',
      });
      expect(r.statusCode).toBe(422);
    }
    const fifth = await post('/crm/api/console-auth/sign-in', {
      email: 'lock@ops.example',
      password: 'wrong-one',
      code: '123456',
    });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({
      message: 'Too many failed attempts: the account is locked for 15 minutes',
      code: 'operator_locked',
    });
    const right = await post('/crm/api/console-auth/sign-in', {
      email: 'lock@ops.example',
      password: PASSWORD,
      code: codeOf(uri),
    });
    // the providers' per-login limit asks for a captcha by now too; either way no session
    expect([403, 429]).toContain(right.statusCode);
    const [row] = await db.select().from(operators).where(eq(operators.email, 'lock@ops.example'));
    expect(row!.failed_attempts).toBe(5);
    expect(row!.locked_until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('refresh rotates the cookie; reusing a rotated one ends the session; logout ends it too', async () => {
    const s = await operatorSignIn('adm@ops.example');
    const r1 = await post('/crm/api/console-auth/refresh', {}, {}, { [OPERATOR_REFRESH_COOKIE]: s.refresh });
    expect(r1.statusCode).toBe(200);
    const next = r1.cookies.find((c) => c.name === OPERATOR_REFRESH_COOKIE)!.value;
    expect(next).not.toBe(s.refresh);
    const reuse = await post('/crm/api/console-auth/refresh', {}, {}, { [OPERATOR_REFRESH_COOKIE]: s.refresh });
    expect(reuse.statusCode).toBe(401);
    // the whole session is gone: the newer cookie and the access token with it
    expect((await post('/crm/api/console-auth/refresh', {}, {}, { [OPERATOR_REFRESH_COOKIE]: next })).statusCode).toBe(
      401,
    );
    expect((await get('/crm/api/console/me', as(r1.json().token))).statusCode).toBe(401);

    const s2 = await operatorSignIn('adm@ops.example', 1);
    expect((await get('/crm/api/console/me', as(s2.token))).statusCode).toBe(200);
    expect((await post('/crm/api/console-auth/logout', {}, as(s2.token))).json()).toEqual({ success: true });
    expect((await get('/crm/api/console/me', as(s2.token))).statusCode).toBe(401);
  });
});

describe('queues, decisions and the audit log', () => {
  let mod: string;
  let orgId: number;
  let providerToken: string;
  let siteA: number;
  let siteB: number;
  let tourId: number;

  beforeAll(async () => {
    mod = (await operatorSignIn('mod@ops.example')).token;
    const [a, b] = await db
      .insert(partnerSites)
      .values([
        { name: 'Site A', domain: 'a.ops.example' },
        { name: 'Site B', domain: 'b.ops.example' },
      ])
      .returning({ id: partnerSites.id });
    siteA = a!.id;
    siteB = b!.id;
    const user = await createUser(t.database, { email: 'prov@ops.example', organizers: ['Volga Trips'] });
    orgId = user.organizerIds[0]!;
    providerToken = (await signIn(t.app, 'prov@ops.example')).token;
    await db
      .update(organizers)
      .set({
        verification_status: 'in_progress',
        profile: {
          verification_submission: {
            full_name: 'Vera Volga',
            document_type: 'passport',
            document_number: '4510 123456',
            document_file_id: null,
            submitted_at: '2026-11-28T10:00:00.000Z',
          },
        },
      })
      .where(eq(organizers.id, orgId));
    await db.insert(organizerSites).values({ organizer_id: orgId, site_id: siteA });
    const [tour] = await db
      .insert(tours)
      .values({
        organizer_id: orgId,
        name: 'Volga in 3 days',
        status: 'active',
        duration: 3,
        description: '<p>Three days on the <b>Volga</b></p>',
      })
      .returning({ id: tours.id });
    tourId = tour!.id;
    await db.insert(tourSiteStatuses).values({ tour_id: tourId, site_id: siteA });
  });

  it('counts and lists what waits, per site', async () => {
    const unknownSite = await get('/crm/api/console/queue-counts?site_id=999999', as(mod));
    expect(unknownSite.statusCode).toBe(404);
    expect(unknownSite.json().message).toBe('Site not found');
    expect((await get('/crm/api/console/queue-counts', as(mod))).json()).toEqual({
      verification: 1,
      partnerships: 1,
      tours: 1,
    });
    expect((await get(`/crm/api/console/queue-counts?site_id=${siteB}`, as(mod))).json()).toEqual({
      verification: 0,
      partnerships: 0,
      tours: 0,
    });
    expect((await get(`/crm/api/console/verification-queue?site_id=${siteA}`, as(mod))).json()).toEqual([
      {
        organizer_id: orgId,
        name: 'Volga Trips',
        internal_check_status: 'not_performed',
        verification_status: 'in_progress',
        full_name: 'Vera Volga',
        document_type: 'passport',
        document_number: '4510 123456',
        document_url: null,
        submitted_at: '2026-11-28T10:00:00.000Z',
        site_ids: [siteA],
      },
    ]);
    expect((await get('/crm/api/console/partnership-queue', as(mod))).json()).toEqual([
      expect.objectContaining({
        organizer_id: orgId,
        organizer_name: 'Volga Trips',
        site_id: siteA,
        site_name: 'Site A',
        status: 'moderation',
      }),
    ]);
    expect((await get('/crm/api/console/tour-queue', as(mod))).json()).toEqual([
      expect.objectContaining({
        tour_id: tourId,
        tour_name: 'Volga in 3 days',
        organizer_id: orgId,
        site_id: siteA,
        days: 3,
        // the editor's HTML, read as text
        description: 'Three days on the Volga',
      }),
    ]);
  });

  it('a rejection needs a reason; approve, publish and publish the tour: the provider hears each, the audit has each', async () => {
    const { socket, got } = await listenAsUser(t.app, base, providerToken);
    try {
      const noReason = await post(
        '/crm/api/console/decide-verification',
        { organizer_id: orgId, decision: 'reject' },
        as(mod),
      );
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors).toEqual({ reason: ['Say why: the provider reads it'] });

      const approved = await post(
        '/crm/api/console/decide-verification',
        { organizer_id: orgId, decision: 'approve' },
        as(mod),
      );
      expect(approved.json()).toEqual({
        organizer_id: orgId,
        internal_check_status: 'success',
        verification_status: 'success',
      });
      await eventually(() =>
        expect(got).toContainEqual(
          expect.objectContaining({
            channel: organizerChannel(orgId),
            event: 'organization_requisites_was_changed_event',
            payload: expect.objectContaining({ verification_status: 'success', internal_check_status: 'success' }),
          }),
        ),
      );
      // decided already: a second decision changes nothing and writes no audit entry
      const auditBefore = (await db.select().from(operatorAudit)).length;
      const again = await post(
        '/crm/api/console/decide-verification',
        { organizer_id: orgId, decision: 'reject', reason: 'x' },
        as(mod),
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This item is no longer waiting in the queue');
      expect((await db.select().from(organizers).where(eq(organizers.id, orgId)))[0]!.verification_status).toBe(
        'success',
      );
      expect((await db.select().from(operatorAudit)).length).toBe(auditBefore);

      const partnership = await post(
        '/crm/api/console/decide-partnership',
        { organizer_id: orgId, site_id: siteA, status: 'published' },
        as(mod),
      );
      expect(partnership.json()).toEqual({ organizer_id: orgId, site_id: siteA, status: 'published' });
      const tour = await post(
        '/crm/api/console/decide-tour',
        { tour_id: tourId, site_id: siteA, decision: 'send_back', reason: 'Add photos' },
        as(mod),
      );
      expect(tour.json()).toEqual({ tour_id: tourId, site_id: siteA, status: 'unpublished' });
      await eventually(() =>
        expect(got.filter((p) => p.event === 'site_status_changed').map((p) => p.payload)).toEqual([
          expect.objectContaining({
            organizer_id: orgId,
            site_id: siteA,
            status: 'published',
            is_published_on_site: true,
          }),
          expect.objectContaining({ organizer_id: orgId, tour_id: tourId, site_id: siteA, status: 'unpublished' }),
        ]),
      );
      expect((await get('/crm/api/console/queue-counts', as(mod))).json()).toEqual({
        verification: 0,
        partnerships: 0,
        tours: 0,
      });
    } finally {
      socket.close();
    }

    await createOperator('adm2@ops.example', 'admin', 'Ada Second');
    const admin = (await operatorSignIn('adm2@ops.example')).token;
    const log = (await get('/crm/api/console/audit-log?object_type=tour', as(admin))).json();
    expect(log).toEqual([
      expect.objectContaining({
        operator_name: 'Mona Moderator',
        action: 'tour.send_back',
        object_type: 'tour',
        object_id: String(tourId),
        before: { site_id: siteA, status: 'moderation' },
        after: { site_id: siteA, status: 'unpublished' },
        reason: 'Add photos',
        ip: expect.any(String),
      }),
    ]);
    const verification = (await get('/crm/api/console/audit-log?action=verification.approve', as(admin))).json();
    expect(verification).toEqual([
      expect.objectContaining({
        before: { verification_status: 'in_progress', internal_check_status: 'not_performed' },
        after: { verification_status: 'success', internal_check_status: 'success' },
      }),
    ]);
    const created = (await get('/crm/api/console/audit-log?action=operator.create', as(admin))).json();
    expect(created.map((e: { operator_name: string }) => e.operator_name)).toEqual(
      Array(created.length).fill('admin command'),
    );
  });

  it('the provider reads why: a rejected verification and a sent-back tour, until they are approved', async () => {
    const provider = { authorization: `Bearer ${providerToken}` };
    // the tour sent back above: its reason is on the tour the provider opens
    const sentBack = (await get(`/crm/api/tour/view?id=${tourId}`, provider)).json();
    expect(sentBack.sites).toEqual([{ site_id: siteA, status: 'unpublished', reason: 'Add photos' }]);
    await db.update(organizers).set({ verification_status: 'in_progress' }).where(eq(organizers.id, orgId));
    const rejected = await post(
      '/crm/api/console/decide-verification',
      { organizer_id: orgId, decision: 'reject', reason: '  The passport number does not match  ' },
      as(mod),
    );
    expect(rejected.statusCode).toBe(200);
    const info = (await get(`/crm/api/organizer/verification-info?id=${orgId}`, provider)).json();
    expect(info).toMatchObject({ verification_status: 'failed', reason: 'The passport number does not match' });
    const dashboard = (await get(`/crm/api/user/dashboard?orgId=${orgId}`, provider)).json();
    expect(dashboard.verification_reason).toBe('The passport number does not match');
    // another tenant reads none of it
    const other = await createUser(t.database, { email: 'other-reader@ops.example', organizers: ['Other'] });
    const otherToken = (await signIn(t.app, 'other-reader@ops.example')).token;
    const peek = await get(`/crm/api/organizer/verification-info?id=${orgId}`, {
      authorization: `Bearer ${otherToken}`,
    });
    expect(peek.statusCode).toBe(404);
    expect(other.organizerIds).toHaveLength(1);
    // approved and published: the reasons go
    await db.update(organizers).set({ verification_status: 'in_progress' }).where(eq(organizers.id, orgId));
    await post('/crm/api/console/decide-verification', { organizer_id: orgId, decision: 'approve' }, as(mod));
    expect((await get(`/crm/api/organizer/verification-info?id=${orgId}`, provider)).json().reason).toBeNull();
    await post('/crm/api/console/decide-tour', { tour_id: tourId, site_id: siteA, decision: 'publish' }, as(mod));
    expect((await get(`/crm/api/tour/view?id=${tourId}`, provider)).json().sites).toEqual([
      { site_id: siteA, status: 'published', reason: null },
    ]);
  });
});

describe('every console route × caller: only the roles it names', () => {
  // the JSON routes and those answering bytes or HTML
  const allRoutes = { ...consoleRoutes, ...consolePages };
  it('covers every console route the app registers', () => {
    expect(consolePaths.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      Object.values(allRoutes)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it('provider token and no token → 401; each role → 403 unless named, else past the guard', async () => {
    const tokens: Record<OperatorRole, string> = {
      support: (await operatorSignIn((await createOperator('s3@ops.example', 'support', 'S3'), 's3@ops.example')))
        .token,
      moderator: (await operatorSignIn((await createOperator('m3@ops.example', 'moderator', 'M3'), 'm3@ops.example')))
        .token,
      admin: (await operatorSignIn((await createOperator('a3@ops.example', 'admin', 'A3'), 'a3@ops.example'))).token,
    };
    const provider = await createUser(t.database, { email: 'sweep-prov@ops.example', organizers: ['P'] });
    const providerToken = (await signIn(t.app, 'sweep-prov@ops.example')).token;
    expect(provider.organizerIds).toHaveLength(1);
    const problems: string[] = [];
    for (const [key, route] of Object.entries(allRoutes) as [
      keyof typeof allRoutes,
      { method: 'GET' | 'POST'; path: string },
    ][]) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method,
          url: route.path,
          headers,
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
      for (const [who, headers] of [
        ['nobody', {}],
        ['provider', bearer(providerToken)],
        ['provider token in the operator header', as(providerToken)],
      ] as const) {
        const r = await call(headers);
        if (r.statusCode !== 401) problems.push(`${key} as ${who} → ${r.statusCode}`);
      }
      for (const role of ['support', 'moderator', 'admin'] as const) {
        const r = await call(as(tokens[role]));
        const allowed = OPERATOR_ROUTE_ROLES[key].includes(role);
        // allowed: past the guard (200, or 422 for the empty body), never 401/403
        if (allowed ? [401, 403].includes(r.statusCode) || r.statusCode >= 500 : r.statusCode !== 403)
          problems.push(`${key} as ${role} → ${r.statusCode} ${r.body.slice(0, 100)}`);
        if (!allowed && r.json().message !== 'Your operator role does not allow this')
          problems.push(`${key} as ${role}: ${r.body}`);
      }
    }
    expect(problems).toEqual([]);
    // the matrix as designed: support reaches only its own account
    expect(
      Object.entries(OPERATOR_ROUTE_ROLES)
        .filter(([, roles]) => roles.includes('support'))
        .map(([k]) => k),
    ).toEqual(['me', 'organizerCard']);
  });
});
