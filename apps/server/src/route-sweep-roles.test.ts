/**
 * The role axis of the route sweep (issue 29). route-sweep.test.ts proves another tenant never
 * reaches an organizer's data; this file proves a member reaches only what its role may:
 *
 * 1. statically, every organizer-scoped service call of the tenancy names the capability its
 *    route needs (an `assertMember(user, organizer)` without one, or a bare `isMember` guard,
 *    fails here unless it is one of the few listed on purpose), so a new route that forgets its
 *    capability fails this file;
 * 2. over HTTP, a member of each role (owner, manager, guide, accountant) calls a route of every
 *    capability family with a valid input: allowed (not 403) or 403 `member_role_forbidden` as
 *    contract team-values.ts says; a guide reaches only the requests of the departures it is
 *    assigned to (others 404, its lists narrowed); a 403 writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { MEMBER_ROLES, messageText, roleCan, type Capability, type MemberRole } from '@tourdesk/contract';
import { guides, organizerMembers, requests, tourDateGuides, tours } from './db/schema/index';
import { nextIp } from './modules/auth/test-helpers';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './test/test-app';

// ─── 1. Every tenancy check names its capability ───────────────────────────────

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
const serviceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serviceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });

/**
 * The checks without a capability, on purpose: what every member may do (upload a file, read its
 * organizer's profile through the kit's `load`), or a membership that is no route's guard.
 */
const ANY_MEMBER: Record<string, number> = {
  'upload/upload.service.ts': 1, // an upload to the organizer (a file's reader: its role, chat files by 'chats')
  'organizer/organizer.service.ts': 1, // public info shows contacts to the organizer's members
  'checkout/checkout-options.ts': 1, // a draft tour's preview for its members
  'notification/notification.service.ts': 1, // the owner still a member (no caller)
  'chat/chat.service.ts': 1, // followed by assertMember(…, 'chats') and the guide's reach
  'departure/manifest.service.ts': 1, // a non-member's 404 before assertMember(…, capability)
  'departure/departure-plan.service.ts': 1, // the member a guide is linked to (no guard)
};

describe('every tenancy check names a capability', () => {
  it('no assertMember without one, no bare isMember guard, but the listed ones', () => {
    const bare: Record<string, number> = {};
    for (const file of serviceFiles(MODULES)) {
      const text = fs.readFileSync(file, 'utf8');
      const n =
        (text.match(/assertMember\(\s*(ctx\.)?userId,\s*[\w.]+\s*\)/g)?.length ?? 0) +
        (text.match(/isMember\(/g)?.length ?? 0);
      if (n) bare[path.relative(MODULES, file).split(path.sep).join('/')] = n;
    }
    expect(bare).toEqual(ANY_MEMBER);
  });
});

// ─── 2. Each role over HTTP ────────────────────────────────────────────────────

let t: TestApp;
const token: Record<MemberRole, string> = { owner: '', manager: '', guide: '', accountant: '' };
let orgId = 0;
let tourId = 0;
let guideDate = 0;
let otherDate = 0;
let guideRequest = 0;
let otherRequest = 0;
let guideId = 0;

const call = (method: 'GET' | 'POST', url: string, role: MemberRole, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token[role]), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await call(method, url, 'owner', payload);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.database, { email: 'owner@roles.example', organizers: ['Altai Trails'] });
  orgId = owner.organizerIds[0]!;
  for (const role of MEMBER_ROLES.filter((r) => r !== 'owner')) {
    const u = await createUser(t.database, { email: `${role}@roles.example` });
    await t.database.db.insert(organizerMembers).values({ organizer_id: orgId, user_id: u.userId, role });
    if (role === 'guide') {
      const [g] = await t.database.db
        .insert(guides)
        .values({ organizer_id: orgId, first_name: 'Gleb', user_id: u.userId })
        .returning({ id: guides.id });
      guideId = g!.id;
    }
  }
  for (const role of MEMBER_ROLES) token[role] = (await signIn(t.app, `${role}@roles.example`)).token;
  tourId = (await ok('POST', '/crm/api/tour/create', { organizer_id: orgId, name: 'Altai' })).id as number;
  const date = async (date_start: string, date_end: string) =>
    (
      await ok('POST', '/crm/api/tour/save-date', {
        tour_id: tourId,
        date_start,
        date_end,
        price: 50000,
        number_of_seats: 20,
      })
    ).id as number;
  guideDate = await date('2030-07-10', '2030-07-15');
  otherDate = await date('2030-08-01', '2030-08-03');
  const book = async (tour_date_id: number, name: string) =>
    (
      await ok('POST', '/crm/api/request/create-request-with-own-type', {
        tour_organizer_id: orgId,
        tour_id: tourId,
        tour_date_id,
        tourists_count: 1,
        customer_name: name,
        customer_email: `${name.toLowerCase()}@example.com`,
        customer_phone: '+79160000001',
        tourists: [{ first_name: name, last_name: 'Test' }],
        idempotency_key: `roles-${name}`,
      })
    ).request_id as number;
  guideRequest = await book(guideDate, 'Olga');
  otherRequest = await book(otherDate, 'Ivan');
  await t.database.db.insert(tourDateGuides).values({ tour_date_id: guideDate, guide_id: guideId });
});
afterAll(() => t?.close());

/** One route of each capability family, with a valid input. */
const ROUTES: { cap: Capability | null; method: 'GET' | 'POST'; url: () => string; body?: () => object }[] = [
  { cap: null, method: 'GET', url: () => `/crm/api/organizer/info?id=${orgId}` },
  { cap: 'departures.read', method: 'GET', url: () => `/crm/api/user/dashboard?orgId=${orgId}` },
  { cap: 'bookings.read', method: 'GET', url: () => `/crm/api/request/list-for-org?organizer_id=${orgId}` },
  { cap: 'bookings.read', method: 'GET', url: () => `/crm/api/request/get?id=${guideRequest}` },
  { cap: 'departures.read', method: 'GET', url: () => `/crm/api/request/rooming-list?tour_date_id=${guideDate}` },
  {
    cap: 'departures.write',
    method: 'GET',
    url: () => `/crm/api/departure/cancel-preview?organizer_id=${orgId}&tour_date_id=${guideDate}`,
  },
  { cap: 'chats', method: 'GET', url: () => `/crm/api/chat/list?tour_organizer_id=${orgId}` },
  { cap: 'tours.read', method: 'GET', url: () => `/crm/api/tour/list?organizer_id=${orgId}` },
  { cap: 'tours.read', method: 'GET', url: () => `/crm/api/tour/guides?organizer_id=${orgId}` },
  { cap: 'tours.read', method: 'GET', url: () => `/crm/api/promo-code/list?organizer_id=${orgId}` },
  { cap: 'payments', method: 'GET', url: () => `/crm/api/invoice/list?organizer_id=${orgId}` },
  { cap: 'reports', method: 'GET', url: () => `/crm/api/report/revenue?organizer_id=${orgId}` },
  { cap: 'billing', method: 'GET', url: () => `/crm/api/organizer-payment-account/get?organizer_id=${orgId}` },
  {
    cap: 'bank_accounts',
    method: 'GET',
    url: () => `/crm/api/organization-bank-account/get-list?tour_organizer_id=${orgId}`,
  },
  {
    cap: 'organizer.write',
    method: 'GET',
    url: () => `/crm/api/organizer-contract-template/list?organizer_id=${orgId}`,
  },
  {
    cap: 'tours.write',
    method: 'POST',
    url: () => '/crm/api/tour/create',
    body: () => ({ organizer_id: orgId, name: 'A new tour' }),
  },
  {
    cap: 'bookings.write',
    method: 'POST',
    url: () => '/crm/api/request/cancel',
    body: () => ({ id: otherRequest, message: 'no', notify_client: false }),
  },
];

const snapshot = async () => ({
  tours: (await t.database.db.select({ n: count() }).from(tours))[0]!.n,
  requests: await t.database.db.select({ id: requests.id, status: requests.status }).from(requests),
});

describe.each(MEMBER_ROLES.filter((r) => r !== 'owner'))('a %s', (role) => {
  it('is allowed what its role may, 403 member_role_forbidden otherwise, and a 403 writes nothing', async () => {
    const before = await snapshot();
    const got: string[] = [];
    const want: string[] = [];
    for (const r of ROUTES) {
      const res = await call(r.method, r.url(), role, r.body?.());
      const allowed = r.cap === null || roleCan(role, r.cap);
      got.push(
        `${r.method} ${r.url()} → ${res.statusCode === 403 ? (res.json<{ message: string }>().message === messageText('member_role_forbidden') ? '403 member_role_forbidden' : `403 ${res.body}`) : res.statusCode < 300 ? 'allowed' : res.statusCode}`,
      );
      want.push(`${r.method} ${r.url()} → ${allowed ? 'allowed' : '403 member_role_forbidden'}`);
    }
    expect(got).toEqual(want);
    // a manager's writes are allowed and change what they change; the others' 403s leave all as it was
    if (role !== 'manager') expect(await snapshot()).toEqual(before);
  });
});

describe('a guide reaches only its departures', () => {
  it('another departure’s request and rooming list: 404; the request list shows its departure’s only', async () => {
    const other = await call('GET', `/crm/api/request/get?id=${otherRequest}`, 'guide');
    expect(other.statusCode).toBe(404);
    const rooming = await call('GET', `/crm/api/request/rooming-list?tour_date_id=${otherDate}`, 'guide');
    expect(rooming.statusCode).toBe(404);
    const list = await call('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, 'guide');
    expect(list.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual([guideRequest]);
    const all = await call('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, 'manager');
    expect(
      all
        .json<{ items: { id: number }[] }>()
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([guideRequest, otherRequest].sort());
  });

  it('unassigned, it sees no request at all', async () => {
    await t.database.db.delete(tourDateGuides);
    const list = await call('GET', `/crm/api/request/list-for-org?organizer_id=${orgId}`, 'guide');
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
    const mine = await call('GET', `/crm/api/request/get?id=${guideRequest}`, 'guide');
    expect(mine.statusCode).toBe(404);
    await t.database.db.insert(tourDateGuides).values({ tour_date_id: guideDate, guide_id: guideId });
  });

  it('the organizer list tells each member its role', async () => {
    for (const role of MEMBER_ROLES) {
      const res = await call('GET', '/crm/api/organizer/list', role);
      expect(res.json<{ id: number; role: string }[]>().map((o) => [o.id, o.role])).toEqual([[orgId, role]]);
    }
  });
});
