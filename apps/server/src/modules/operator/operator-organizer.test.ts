import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  chats,
  operatorAudit,
  organizerSites,
  organizers,
  partnerSites,
  requests,
  tourProgramDays,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';
import { operatorSession } from '../../test/operator-session';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

/*
 * What an operator reads of one organizer (issue 30): the submitted verification document, from
 * an operator-scoped path (moderator and admin), and the organizer's card (every role), read-only;
 * each read is in the audit log with who, which organizer and from where.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let t: TestApp;
let db: TestApp['database']['db'];
let support: Awaited<ReturnType<typeof operatorSession>>;
let moderator: Awaited<ReturnType<typeof operatorSession>>;
let admin: Awaited<ReturnType<typeof operatorSession>>;
let orgId: number;
let otherOrgId: number;
let providerToken: string;
let siteId: number;
let tourId: number;
let fileId: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.1.2.3' });
const auditOf = (action: string) =>
  db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(asc(operatorAudit.id));
const submission = (documentFileId: number | null) => ({
  verification_submission: {
    full_name: 'Vera Volga',
    document_type: 'passport',
    document_number: '4510 123456',
    document_file_id: documentFileId,
    submitted_at: '2026-11-28T10:00:00.000Z',
  },
});

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  support = await operatorSession(t, 'support', 'Anna');
  moderator = await operatorSession(t, 'moderator', 'Mila');
  admin = await operatorSession(t, 'admin', 'Igor');
  const user = await createUser(t.database, { email: 'card@ops.example', organizers: ['Volga Trips', 'Second'] });
  [orgId, otherOrgId] = [user.organizerIds[0]!, user.organizerIds[1]!];
  providerToken = (await signIn(t.app, 'card@ops.example')).token;
  fileId = (await t.app.services.uploads.storeChatFile(orgId, 'verification', { data: PDF, filename: 'passport.pdf' }))
    .id;
  await db
    .update(organizers)
    .set({ verification_status: 'in_progress', profile: { phone: '+7 999 000 11 22', ...submission(fileId) } })
    .where(eq(organizers.id, orgId));
  siteId = (await db.insert(partnerSites).values({ name: 'Site A', domain: 'a.card.example' }).returning())[0]!.id;
  await db.insert(organizerSites).values({ organizer_id: orgId, site_id: siteId });
  tourId = (
    await db
      .insert(tours)
      .values({ organizer_id: orgId, name: 'Volga in 3 days', status: 'active', duration: 3 })
      .returning()
  )[0]!.id;
  await db.insert(tourSiteStatuses).values({ tour_id: tourId, site_id: siteId });
});
afterAll(() => t.close());

describe('the verification document', () => {
  const url = (id: number) => `/crm/api/console/verification-document/${id}`;

  it('a moderator and an admin open it (bytes, never cached); each open is in the audit log', async () => {
    const queue = (await get('/crm/api/console/verification-queue', moderator.headers)).json();
    expect(queue.map((q: { document_url: string }) => q.document_url)).toEqual([url(orgId)]);
    for (const who of [moderator, admin]) {
      const res = await get(url(orgId), who.headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toContain('passport.pdf');
    }
    expect(
      (await auditOf('organizer.document_viewed')).map((a) => [a.operator_name, a.object_id, a.after, a.ip]),
    ).toEqual([
      ['Mila', String(orgId), { file_id: fileId, name: 'passport.pdf' }, '10.1.2.3'],
      ['Igor', String(orgId), { file_id: fileId, name: 'passport.pdf' }, '10.1.2.3'],
    ]);
  });

  it('support 403, a provider (even the organizer’s own) and nobody 401; nothing is logged', async () => {
    const before = (await auditOf('organizer.document_viewed')).length;
    const refused = await get(url(orgId), support.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your operator role does not allow this');
    expect((await get(url(orgId), bearer(providerToken))).statusCode).toBe(401);
    expect((await get(url(orgId), { 'x-operator-authorization': `Bearer ${providerToken}` })).statusCode).toBe(401);
    expect((await get(url(orgId))).statusCode).toBe(401);
    expect(await auditOf('organizer.document_viewed')).toHaveLength(before);
  });

  it('none sent, another organizer’s file named, an unknown organizer or a bad id: 404', async () => {
    expect((await get(url(otherOrgId), moderator.headers)).json()).toEqual({
      message: 'No verification document was sent',
      code: 'document_not_found',
    });
    // the second organizer names the first one's file: not its document
    await db
      .update(organizers)
      .set({ profile: submission(fileId) })
      .where(eq(organizers.id, otherOrgId));
    expect((await get(url(otherOrgId), moderator.headers)).statusCode).toBe(404);
    expect((await get(url(999_999), moderator.headers)).statusCode).toBe(404);
    expect((await get('/crm/api/console/verification-document/abc', moderator.headers)).statusCode).toBe(404);
    expect(await auditOf('organizer.document_viewed')).toHaveLength(2);
  });
});

describe('the organizer’s card', () => {
  it('every role reads it: profile, verification, tours, requests, chats; each view is logged', async () => {
    await db.insert(requests).values({
      organizer_id: orgId,
      tour_id: tourId,
      tourists_count: 2,
      customer_name: 'Oleg',
      total_minor: 1_500_000,
    });
    await db.insert(chats).values({ organizer_id: orgId, kind: 'tourist', traveller_name: 'Olga', link_secret: 's1' });
    const decided = await t.app.inject({
      method: 'POST',
      url: '/crm/api/console/decide-verification',
      headers: moderator.headers,
      payload: { organizer_id: orgId, decision: 'reject', reason: 'Blurry scan' },
    });
    expect(decided.statusCode).toBe(200);
    const res = await get(`/crm/api/console/organizer-card?organizer_id=${orgId}`, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json();
    expect(card.organizer).toEqual({
      id: orgId,
      name: 'Volga Trips',
      created_at: expect.any(String),
      verification_status: 'failed',
      internal_check_status: 'failed',
      verification_reason: 'Blurry scan',
      commission_percent: 10,
      details: { phone: '+7 999 000 11 22' },
      sites: [{ id: siteId, name: 'Site A', status: 'moderation' }],
    });
    expect(card.submission).toEqual({
      full_name: 'Vera Volga',
      document_type: 'passport',
      document_number: '4510 123456',
      submitted_at: '2026-11-28T10:00:00.000Z',
      document_url: `/crm/api/console/verification-document/${orgId}`,
    });
    expect(card.verification_history).toEqual([
      { action: 'verification.reject', operator_name: 'Mila', reason: 'Blurry scan', created_at: expect.any(String) },
    ]);
    expect(card.tours).toEqual([
      { id: tourId, name: 'Volga in 3 days', status: 'active', sites: [{ site_id: siteId, status: 'moderation' }] },
    ]);
    expect(card.requests).toEqual([
      expect.objectContaining({
        tour_name: 'Volga in 3 days',
        customer_name: 'Oleg',
        tourists_count: 2,
        total_minor: 1_500_000,
      }),
    ]);
    expect(card.chats).toEqual([
      expect.objectContaining({ kind: 'tourist', title: 'Olga', is_frozen: false, last_text: '' }),
    ]);
    // read-only: the view wrote the audit entry and nothing else
    const views = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'organizer.viewed'), eq(operatorAudit.object_id, String(orgId))));
    expect(views.map((v) => [v.operator_id, v.operator_name, v.object_type, v.ip])).toEqual([
      [support.id, 'Anna', 'organizer', '10.1.2.3'],
    ]);
    for (const who of [moderator, admin])
      expect((await get(`/crm/api/console/organizer-card?organizer_id=${orgId}`, who.headers)).statusCode).toBe(200);
    expect(await auditOf('organizer.viewed')).toHaveLength(3);
  });

  it('a provider and nobody 401; an unknown organizer 404 and is not logged; a bad id 422', async () => {
    const card = `/crm/api/console/organizer-card?organizer_id=${orgId}`;
    expect((await get(card, bearer(providerToken))).statusCode).toBe(401);
    expect((await get(card)).statusCode).toBe(401);
    const before = (await auditOf('organizer.viewed')).length;
    expect((await get('/crm/api/console/organizer-card?organizer_id=999999', support.headers)).statusCode).toBe(404);
    expect((await get('/crm/api/console/organizer-card?organizer_id=x', support.headers)).statusCode).toBe(422);
    expect(await auditOf('organizer.viewed')).toHaveLength(before);
  });
});

describe('the tour as its page would show it', () => {
  const url = (id: number, lang = 'en') => `/crm/api/console/tour-preview/${id}?lang=${lang}`;

  it('a moderator and an admin see the unpublished tour on its site page: its programme, nothing that runs', async () => {
    await db.insert(tourProgramDays).values({ tour_id: tourId, day: 1, title: 'Kazan kremlin walk' });
    for (const who of [moderator, admin]) {
      const res = await get(url(tourId), who.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*; sandbox$/);
      expect(res.body).toContain('<title>Volga in 3 days — Volga Trips</title>');
      expect(res.body).toContain('Kazan kremlin walk');
      expect(res.body).not.toMatch(/<script[^>]*src=/);
    }
    // in Russian: the starter's tour page speaks Russian
    const ru = await get(url(tourId, 'ru'), moderator.headers);
    expect(ru.body).toContain('<html lang="ru"');
    expect(ru.body).toContain('Программа');
  });

  it('support 403, a provider and nobody 401, an unknown tour 404, a bad id 404', async () => {
    expect((await get(url(tourId), support.headers)).statusCode).toBe(403);
    expect((await get(url(tourId), bearer(providerToken))).statusCode).toBe(401);
    expect((await get(url(tourId))).statusCode).toBe(401);
    expect((await get(url(999999), moderator.headers)).statusCode).toBe(404);
    expect((await get('/crm/api/console/tour-preview/x', moderator.headers)).statusCode).toBe(404);
  });
});
