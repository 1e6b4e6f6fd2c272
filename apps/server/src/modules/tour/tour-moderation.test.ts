import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  OPERATOR_TOKEN_HEADER,
  organizerChannel,
  type Publication,
  type Tour,
  type TourListResponse,
} from '@tourdesk/contract';
import { files, organizerSites, partnerSites, tourSiteStatuses } from '../../db/schema/index';
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
import { ADMIN_USAGE, runAdmin } from '../organizer/admin-cli';

/*
 * The marketplace operator's moderation of a tour per partner site (issue 15 "Status"): the
 * operator route guarded by the operator token, the `npm run admin -- set-tour-site-status`
 * command against the running server, and the `site_status_changed` event with `tour_id` that
 * an open CRM hears on the organizer's channel.
 */
const ADMIN_TOKEN = 'moderation-operator-token-0123456789abcdef';
const URL_ = '/crm/api/operator/set-tour-site-status';

let t: TestApp;
let base: string;
type Who = { userId: number; organizerId: number; token: string };
let anna: Who;
let boris: Who;
/** anna's partnerships: A from the start, C signed after her tour was published; boris has B only */
let siteA = 0;
let siteB = 0;
let siteC = 0;
let annaTour = 0;
let borisTour = 0;
const sockets: Socket[] = [];

type Body = Record<string, unknown> & { errors?: Record<string, string[]>; message?: string; code?: string };
const operator = async (
  payload: unknown,
  headers: Record<string, string> = { [OPERATOR_TOKEN_HEADER]: ADMIN_TOKEN },
) => {
  const res = await t.app.inject({ method: 'POST', url: URL_, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Body };
};
const get = async <T>(url: string, who: Who): Promise<T> =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(who.token) })).json() as T;
const sitesOfView = async (who: Who, tourId: number) => (await get<Tour>(`/crm/api/tour/view?id=${tourId}`, who)).sites;
const sitesInList = async (who: Who, tourId: number) =>
  (await get<TourListResponse>(`/crm/api/tour/list?organizer_id=${who.organizerId}`, who)).items.find(
    (i) => i.id === tourId,
  )!.sites;
const rows = () =>
  t.database.db
    .select({ tour_id: tourSiteStatuses.tour_id, site_id: tourSiteStatuses.site_id, status: tourSiteStatuses.status })
    .from(tourSiteStatuses)
    .orderBy(tourSiteStatuses.tour_id, tourSiteStatuses.site_id);
const listen = async (who: Who): Promise<Publication[]> => {
  const { socket, got } = await listenAsUser(t.app, base, who.token);
  sockets.push(socket);
  return got;
};

/** A published excursion of the organizer: on moderation on each site it is connected to. */
const publishedExcursion = async (who: Who, name: string): Promise<number> => {
  const [photo] = await t.database.db
    .insert(files)
    .values({ user_id: who.userId, kind: 'image', storage_key: 'images/m/original.png', mime: 'image/png', size: 1 })
    .returning();
  const res = await t.app.inject({
    method: 'POST',
    url: '/crm/api/tour/create',
    headers: bearer(who.token),
    payload: {
      organizer_id: who.organizerId,
      name,
      type: 2,
      description: '<p>Two hours in the old town</p>',
      price: 1500,
      duration_hours: 2,
      group_max: 10,
      photos: [{ id: photo!.id }],
      with_publish: true,
    },
  });
  if (res.statusCode !== 200) throw new Error(`publishing failed: ${res.body}`);
  return (res.json() as Tour).id;
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  const a = await createUser(t.database, { email: 'anna@moderation.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@moderation.example', organizers: ['Kamchatka Tours'] });
  anna = {
    userId: a.userId,
    organizerId: a.organizerIds[0]!,
    token: (await signIn(t.app, 'anna@moderation.example')).token,
  };
  boris = {
    userId: b.userId,
    organizerId: b.organizerIds[0]!,
    token: (await signIn(t.app, 'boris@moderation.example')).token,
  };
  const sites = await t.database.db.select().from(partnerSites).orderBy(partnerSites.id).limit(3);
  [siteA, siteB, siteC] = sites.map((s) => s.id) as [number, number, number];
  await t.database.db.insert(organizerSites).values([
    { organizer_id: anna.organizerId, site_id: siteA },
    { organizer_id: boris.organizerId, site_id: siteB },
  ]);
  annaTour = await publishedExcursion(anna, 'Old town walk');
  borisTour = await publishedExcursion(boris, 'Avacha bay by boat');
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('POST /crm/api/operator/set-tour-site-status', () => {
  it('publishing put each tour on moderation on its own organizer’s sites only', async () => {
    expect(await rows()).toEqual([
      { tour_id: annaTour, site_id: siteA, status: 'moderation' },
      { tour_id: borisTour, site_id: siteB, status: 'moderation' },
    ]);
  });

  it('refuses a call without the operator token (none, a user’s token, a wrong one), writing nothing', async () => {
    const body = { tour_id: annaTour, site_id: siteA, status: 'published' };
    for (const headers of [{}, bearer(anna.token), { [OPERATOR_TOKEN_HEADER]: 'wrong-token' }]) {
      const res = await operator(body, headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await rows()).map((r) => r.status)).toEqual(['moderation', 'moderation']);
  });

  it('answers bad input with a 422 on its field, writing nothing', async () => {
    const bad = await operator({ tour_id: annaTour, site_id: siteA, status: 'approved' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(['status']);
    const noTour = await operator({ site_id: siteA, status: 'published' });
    expect(noTour.status).toBe(422);
    expect(noTour.body.errors).toEqual({ tour_id: [expect.any(String)] });
    const wrongType = await operator({ tour_id: 'one', site_id: -1, status: 'published' });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.errors!).sort()).toEqual(['site_id', 'tour_id']);
    const extra = await operator({ tour_id: annaTour, site_id: siteA, status: 'published', organizer_id: 1 });
    expect(extra.status).toBe(422);
    expect((await rows()).map((r) => r.status)).toEqual(['moderation', 'moderation']);
  });

  it('answers 404 in the SPEC shape for an unknown tour or site', async () => {
    const tour = await operator({ tour_id: 999_999, site_id: siteA, status: 'published' });
    expect(tour).toEqual({ status: 404, body: { message: 'Tour not found', code: 'tour_not_found' } });
    const site = await operator({ tour_id: annaTour, site_id: 999_999, status: 'published' });
    expect(site).toEqual({ status: 404, body: { message: 'Site not found', code: 'site_not_found' } });
  });

  it('refuses another organizer’s tour through a site that organizer is not connected to (422 on site_id)', async () => {
    const got = await listen(boris);
    // site A is anna's partner, not boris's
    const res = await operator({ tour_id: borisTour, site_id: siteA, status: 'published' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ site_id: ['Sign the partnership with this site first'] });
    expect(await rows()).toEqual([
      { tour_id: annaTour, site_id: siteA, status: 'moderation' },
      { tour_id: borisTour, site_id: siteB, status: 'moderation' },
    ]);
    expect(await sitesOfView(boris, borisTour)).toEqual([{ site_id: siteB, status: 'moderation', reason: null }]);
    // and a site nobody of this tour signed: C
    expect((await operator({ tour_id: annaTour, site_id: siteC, status: 'published' })).status).toBe(422);
    await new Promise((r) => setTimeout(r, 100));
    expect(got.filter((p) => p.event === 'site_status_changed')).toEqual([]);
  });

  it('sets the status, shows it in the tour list and view, and tells only that organizer’s open CRM', async () => {
    const annaHears = await listen(anna);
    const borisHears = await listen(boris);
    const res = await operator({ tour_id: annaTour, site_id: siteA, status: 'published' });
    expect(res).toEqual({
      status: 200,
      body: { tour_id: annaTour, organizer_id: anna.organizerId, site_id: siteA, status: 'published' },
    });
    expect(await sitesOfView(anna, annaTour)).toEqual([{ site_id: siteA, status: 'published', reason: null }]);
    expect(await sitesInList(anna, annaTour)).toEqual([{ site_id: siteA, status: 'published', reason: null }]);
    // boris's tour is untouched
    expect(await sitesOfView(boris, borisTour)).toEqual([{ site_id: siteB, status: 'moderation', reason: null }]);
    await eventually(() =>
      expect(annaHears).toContainEqual({
        channel: organizerChannel(anna.organizerId),
        event: 'site_status_changed',
        payload: {
          actor: { type: 'operator', user_id: null },
          organizer_id: anna.organizerId,
          tour_id: annaTour,
          site_id: siteA,
          status: 'published',
        },
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(borisHears.filter((p) => p.event === 'site_status_changed')).toEqual([]);

    // setting it again is the same answer (an upsert, not a second row)
    const again = await operator({ tour_id: annaTour, site_id: siteA, status: 'waiting' });
    expect(again.body).toMatchObject({ status: 'waiting' });
    expect(
      await t.database.db
        .select()
        .from(tourSiteStatuses)
        .where(and(eq(tourSiteStatuses.tour_id, annaTour), eq(tourSiteStatuses.site_id, siteA))),
    ).toHaveLength(1);
  });

  it('adds the tour’s row on a site signed after it was published', async () => {
    await t.database.db.insert(organizerSites).values({ organizer_id: anna.organizerId, site_id: siteC });
    const res = await operator({ tour_id: annaTour, site_id: siteC, status: 'unpublished' });
    expect(res.status).toBe(200);
    expect(await sitesOfView(anna, annaTour)).toEqual([
      { site_id: siteA, status: 'waiting', reason: null },
      { site_id: siteC, status: 'unpublished', reason: null },
    ]);
  });
});

describe('npm run admin -- set-tour-site-status', () => {
  const out: string[] = [];
  const opts = () => ({ baseUrl: base, token: ADMIN_TOKEN, out: (l: string) => out.push(l) });

  it('is in the usage text', () => {
    expect(ADMIN_USAGE).toContain(
      'set-tour-site-status --tour <id> --site <id> --status <moderation|unpublished|waiting|published>',
    );
  });

  it('sets the status on the running server, prints it, and an open CRM hears it at once', async () => {
    const got = await listen(boris);
    out.length = 0;
    const args = ['set-tour-site-status', '--tour', String(borisTour), '--site', String(siteB), '--status'];
    expect(await runAdmin([...args, 'published'], opts())).toBe(0);
    expect(out).toEqual([`tour ${borisTour} (organizer ${boris.organizerId}) site ${siteB}: status=published`]);
    expect(await sitesInList(boris, borisTour)).toEqual([{ site_id: siteB, status: 'published', reason: null }]);
    await eventually(() =>
      expect(got.map((p) => p.payload)).toContainEqual({
        actor: { type: 'operator', user_id: null },
        organizer_id: boris.organizerId,
        tour_id: borisTour,
        site_id: siteB,
        status: 'published',
      }),
    );
  });

  it('reports bad input, an unknown tour, a site not connected and a wrong token with a non-zero exit code', async () => {
    out.length = 0;
    const args = (tour: number, site: number, status: string) => [
      'set-tour-site-status',
      '--tour',
      String(tour),
      '--site',
      String(site),
      '--status',
      status,
    ];
    expect(await runAdmin(args(borisTour, siteB, 'approved'), opts())).toBe(1);
    expect(out[0]).toMatch(/^Error 422: .*"status"/);
    expect(await runAdmin(args(999_999, siteB, 'published'), opts())).toBe(1);
    expect(out[1]).toMatch(/^Error 404: .*Tour not found/);
    expect(await runAdmin(args(borisTour, siteA, 'published'), opts())).toBe(1);
    expect(out[2]).toMatch(/^Error 422: .*"site_id"/);
    expect(await runAdmin(args(borisTour, siteB, 'waiting'), { ...opts(), token: 'x'.repeat(40) })).toBe(1);
    expect(out[3]).toMatch(/^Error 401/);
    await expect(runAdmin(['set-tour-site-status', '--site', '1', '--status', 'published'], opts())).rejects.toThrow(
      '--tour <id> is required',
    );
    // nothing of that changed boris's tour
    expect(await sitesOfView(boris, borisTour)).toEqual([{ site_id: siteB, status: 'published', reason: null }]);
  });
});
