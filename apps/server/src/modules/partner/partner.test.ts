import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ORGANIZER_MESSAGES, organizerChannel, type PartnersResponse, type Publication } from '@tourdesk/contract';
import { agents, organizerSites, partnerSites } from '../../db/schema/index';
import {
  bearer,
  createTestApp,
  createUser,
  eventually,
  listenAsUser,
  signIn,
  type TestApp,
  listenOnFreePort,
} from '../../test/test-app';

let t: TestApp;
let anna: { userId: number; organizerIds: number[]; token: string };
let boris: { userId: number; organizerIds: number[]; token: string };
let base: string;
let authorSite: { id: number; organizer_agreement_url: string | null };
let plainSite: { id: number };
const sockets: Socket[] = [];

const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { errors?: Record<string, string[]> },
  };
};
const partners = async (token: string, id: number) =>
  (await call('GET', `/crm/api/organizer/partners?organizer_id=${id}`, token)).body as unknown as PartnersResponse;
const links = (organizerId: number) =>
  t.database.db.select().from(organizerSites).where(eq(organizerSites.organizer_id, organizerId));
const listen = async (token: string): Promise<Publication[]> => {
  const { socket, got } = await listenAsUser(t.app, base, token);
  sockets.push(socket);
  return got;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@partner.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@partner.example', organizers: ['Kamchatka Tours'] });
  anna = { ...a, token: (await signIn(t.app, 'anna@partner.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@partner.example')).token };
  const [brand1] = await t.database.db.select().from(partnerSites).where(eq(partnerSites.brand_id, 1));
  const [brand2] = await t.database.db.select().from(partnerSites).where(eq(partnerSites.brand_id, 2));
  authorSite = brand1!;
  plainSite = brand2!;
  await t.database.db.insert(agents).values([
    { site_id: authorSite.id, name: 'Sunny Travel Agency', email: 'sales@sunny.example', phone: '+79995550001' },
    { site_id: plainSite.id, name: 'Steppe Agents', email: 'hi@steppe.example' },
  ]);
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('GET /crm/api/organizer/partners', () => {
  it('lists every site as available before any partnership, and no agents', async () => {
    const p = await partners(anna.token, anna.organizerIds[0]!);
    expect(p.connected_sites).toEqual([]);
    expect(p.available_for_connection).toHaveLength(10);
    expect(p.available_for_connection.find((s) => s.id === authorSite.id)).toMatchObject({
      is_tour_author_required: true,
      organizer_agreement_url: authorSite.organizer_agreement_url,
    });
    expect(authorSite.organizer_agreement_url).toMatch(/^https:\/\//);
    expect(p.agents).toEqual([]);
  });

  it("answers 404 for another user's organizer", async () => {
    expect(
      (await call('GET', `/crm/api/organizer/partners?organizer_id=${anna.organizerIds[0]}`, boris.token)).status,
    ).toBe(404);
  });
});

describe('POST /crm/api/organizer/sign-partnership', () => {
  it('needs both acceptances, each reported on its field, and signs nothing', async () => {
    const res = await call('POST', '/crm/api/organizer/sign-partnership', anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: plainSite.id,
      is_agreement_accepted: false,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      is_agreement_accepted: ['Required field'],
      is_privacy_accepted: ['Required field'],
    });
    expect(await links(anna.organizerIds[0]!)).toEqual([]);
  });

  it("asks for the tour expert's details when the site requires a tour author", async () => {
    const body = {
      tour_organizer_id: anna.organizerIds[0],
      site_id: authorSite.id,
      is_agreement_accepted: true,
      is_privacy_accepted: true,
    };
    const res = await call('POST', '/crm/api/organizer/sign-partnership', anna.token, body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: ORGANIZER_MESSAGES.tour_author_required,
      code: 'tour_author_required',
      errors: { tour_organizer_id: [ORGANIZER_MESSAGES.tour_author_required] },
      codes: { tour_organizer_id: [{ code: 'tour_author_required' }] },
    });
    expect(ORGANIZER_MESSAGES.tour_author_required).toMatch(/tour expert's details/);
    expect(await links(anna.organizerIds[0]!)).toEqual([]);

    await call('POST', '/crm/api/organizer/update', anna.token, {
      id: anna.organizerIds[0],
      tour_author: { first_name: 'Olga', last_name: 'Guide', about: 'Leads every tour' },
    });
    const got = await listen(anna.token);
    const ok = await call('POST', '/crm/api/organizer/sign-partnership', anna.token, body);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      site_id: authorSite.id,
      status: 'moderation',
      is_published_on_site: false,
      organizer_agreement_url: authorSite.organizer_agreement_url,
    });
    await eventually(() =>
      expect(got).toContainEqual({
        channel: organizerChannel(anna.organizerIds[0]!),
        event: 'site_status_changed',
        payload: {
          actor: { type: 'user', user_id: anna.userId },
          organizer_id: anna.organizerIds[0],
          site_id: authorSite.id,
          status: 'moderation',
          is_published_on_site: false,
        },
      }),
    );

    const p = await partners(anna.token, anna.organizerIds[0]!);
    expect(p.connected_sites.map((s) => s.site_id)).toEqual([authorSite.id]);
    expect(p.available_for_connection.map((s) => s.id)).not.toContain(authorSite.id);
    expect(p.agents).toMatchObject([
      {
        name: 'Sunny Travel Agency',
        site_id: authorSite.id,
        tour_organizer_id: anna.organizerIds[0],
        commission_percent: 0,
        is_active: true,
      },
    ]);

    const again = await call('POST', '/crm/api/organizer/sign-partnership', anna.token, body);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ site_id: [ORGANIZER_MESSAGES.already_signed] });
  });

  it("answers 404 for another user's organizer and an unknown site, signing nothing", async () => {
    const res = await call('POST', '/crm/api/organizer/sign-partnership', boris.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: plainSite.id,
      is_agreement_accepted: true,
      is_privacy_accepted: true,
    });
    expect(res.status).toBe(404);
    const unknown = await call('POST', '/crm/api/organizer/sign-partnership', boris.token, {
      tour_organizer_id: boris.organizerIds[0],
      site_id: 99999,
      is_agreement_accepted: true,
      is_privacy_accepted: true,
    });
    expect(unknown.status).toBe(404);
    expect((await links(anna.organizerIds[0]!)).map((l) => l.site_id)).toEqual([authorSite.id]);
    expect(await links(boris.organizerIds[0]!)).toEqual([]);
  });
});

describe('POST /crm/api/organizer/set-published-on-site', () => {
  it('publishes on a connected site and tells the open CRM', async () => {
    const got = await listen(anna.token);
    const res = await call('POST', '/crm/api/organizer/set-published-on-site', anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: authorSite.id,
      is_published_on_site: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ site_id: authorSite.id, is_published_on_site: true, status: 'published' });
    await eventually(() =>
      expect(
        got.map((p) => [p.event, p.event === 'site_status_changed' ? p.payload.is_published_on_site : null]),
      ).toContainEqual(['site_status_changed', true]),
    );
    const off = await call('POST', '/crm/api/organizer/set-published-on-site', anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: authorSite.id,
      is_published_on_site: false,
    });
    expect(off.body).toMatchObject({ is_published_on_site: false, status: 'unpublished' });
  });

  it('refuses a site without a partnership', async () => {
    const res = await call('POST', '/crm/api/organizer/set-published-on-site', anna.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: plainSite.id,
      is_published_on_site: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ site_id: [ORGANIZER_MESSAGES.not_connected] });
  });

  it("answers 404 for another user's organizer and changes nothing", async () => {
    const res = await call('POST', '/crm/api/organizer/set-published-on-site', boris.token, {
      tour_organizer_id: anna.organizerIds[0],
      site_id: authorSite.id,
      is_published_on_site: true,
    });
    expect(res.status).toBe(404);
    const [link] = await t.database.db
      .select()
      .from(organizerSites)
      .where(and(eq(organizerSites.organizer_id, anna.organizerIds[0]!), eq(organizerSites.site_id, authorSite.id)));
    expect(link!.is_published_on_site).toBe(false);
  });
});
