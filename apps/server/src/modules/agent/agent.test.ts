import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, organizerAgents, organizerSites, partnerSites } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let anna: { organizerIds: number[]; token: string };
let boris: { organizerIds: number[]; token: string };
let agentId: number;
let otherSiteAgentId: number;
/** two of anna's tours, one of boris's */
let annaTours: [number, number];
let borisTour: number;

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

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@agent.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@agent.example', organizers: ['Kamchatka Tours'] });
  anna = { ...a, token: (await signIn(t.app, 'anna@agent.example')).token };
  boris = { ...b, token: (await signIn(t.app, 'boris@agent.example')).token };
  const [site1] = await t.database.db.select().from(partnerSites).where(eq(partnerSites.brand_id, 1));
  const [site2] = await t.database.db.select().from(partnerSites).where(eq(partnerSites.brand_id, 2));
  await t.database.db
    .insert(organizerSites)
    .values({ organizer_id: a.organizerIds[0]!, site_id: site1!.id, status: 'published', is_published_on_site: true });
  const rows = await t.database.db
    .insert(agents)
    .values([
      { site_id: site1!.id, name: 'Sunny Travel Agency', email: 'sales@sunny.example', phone: '+79995550001' },
      { site_id: site2!.id, name: 'Steppe Agents' },
    ])
    .returning();
  agentId = rows[0]!.id;
  otherSiteAgentId = rows[1]!.id;
  const tour = async (who: typeof anna, name: string) =>
    (await call('POST', '/crm/api/tour/create', who.token, { organizer_id: who.organizerIds[0], name })).body
      .id as number;
  annaTours = [await tour(anna, 'Altai lakes'), await tour(anna, 'Katun rafting')];
  borisTour = await tour(boris, 'Kamchatka volcanoes');
  settings.allowed_tour_ids = [annaTours[0], annaTours[1], annaTours[0]];
});
afterAll(() => t.close());

const settings = {
  commission_percent: 7.5,
  allowed_tour_ids: [] as number[],
  contact_name: 'Maria',
  contact_phone: '+79995550002',
  contact_email: 'maria@sunny.example',
  is_enabled: false,
};

describe('agent settings: GET /crm/api/agent/get and POST /crm/api/agent/update', () => {
  it('shows default terms for an agent of a connected site, then saves and shows the new terms', async () => {
    const q = `/crm/api/agent/get?organizer_id=${anna.organizerIds[0]}&agent_id=${agentId}`;
    expect((await call('GET', q, anna.token)).body).toMatchObject({
      id: agentId,
      name: 'Sunny Travel Agency',
      email: 'sales@sunny.example',
      commission_percent: 0,
      allowed_tour_ids: null,
      is_enabled: true,
      contact_name: '',
    });
    const res = await call('POST', '/crm/api/agent/update', anna.token, {
      organizer_id: anna.organizerIds[0],
      agent_id: agentId,
      ...settings,
    });
    expect(res.status).toBe(200);
    const expected = {
      commission_percent: 7.5,
      allowed_tour_ids: annaTours,
      contact_name: 'Maria',
      contact_phone: '+79995550002',
      contact_email: 'maria@sunny.example',
      is_enabled: false,
      is_active: false,
    };
    expect(res.body).toMatchObject(expected);
    expect((await call('GET', q, anna.token)).body).toMatchObject(expected);
    const partners = (await call('GET', `/crm/api/organizer/partners?organizer_id=${anna.organizerIds[0]}`, anna.token))
      .body as { agents: unknown[] };
    expect(partners.agents).toMatchObject([{ id: agentId, commission_percent: 7.5, is_active: false }]);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const before = await t.database.db.select().from(organizerAgents);
    const res = await call('POST', '/crm/api/agent/update', anna.token, {
      organizer_id: anna.organizerIds[0],
      agent_id: agentId,
      ...settings,
      commission_percent: 150,
      contact_phone: '12',
      contact_email: 'nope',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      commission_percent: ['Maximum 100'],
      contact_phone: ['Invalid phone number. Please enter the number in the international format.'],
      contact_email: ['Please enter a valid e-mail'],
    });
    expect(await t.database.db.select().from(organizerAgents)).toEqual(before);
  });

  it('refuses tour ids that are not this organizer’s tours (another organizer’s, or none at all); saves nothing', async () => {
    const before = await t.database.db.select().from(organizerAgents);
    for (const ids of [[annaTours[0], borisTour], [borisTour], [annaTours[1], 2_000_000_000]]) {
      const res = await call('POST', '/crm/api/agent/update', anna.token, {
        organizer_id: anna.organizerIds[0],
        agent_id: agentId,
        ...settings,
        allowed_tour_ids: ids,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ allowed_tour_ids: ['Tour not found'] });
    }
    expect(await t.database.db.select().from(organizerAgents)).toEqual(before);
    // none (no tour for the agent) and null (every tour) stay allowed
    for (const ids of [[], null]) {
      const res = await call('POST', '/crm/api/agent/update', anna.token, {
        organizer_id: anna.organizerIds[0],
        agent_id: agentId,
        ...settings,
        allowed_tour_ids: ids,
      });
      expect(res.status).toBe(200);
      expect(res.body.allowed_tour_ids).toEqual(ids);
    }
  });

  it('answers 404 for an agent of a site the organizer is not connected to', async () => {
    expect(
      (
        await call(
          'GET',
          `/crm/api/agent/get?organizer_id=${anna.organizerIds[0]}&agent_id=${otherSiteAgentId}`,
          anna.token,
        )
      ).status,
    ).toBe(404);
  });

  it("answers 404 for another user's organizer and changes nothing", async () => {
    const before = await t.database.db.select().from(organizerAgents);
    expect(
      (await call('GET', `/crm/api/agent/get?organizer_id=${anna.organizerIds[0]}&agent_id=${agentId}`, boris.token))
        .status,
    ).toBe(404);
    const res = await call('POST', '/crm/api/agent/update', boris.token, {
      organizer_id: anna.organizerIds[0],
      agent_id: agentId,
      ...settings,
      commission_percent: 1,
    });
    expect(res.status).toBe(404);
    expect(await t.database.db.select().from(organizerAgents)).toEqual(before);
    // boris's own organizer is not connected to the agent's site either
    expect(
      (await call('GET', `/crm/api/agent/get?organizer_id=${boris.organizerIds[0]}&agent_id=${agentId}`, boris.token))
        .status,
    ).toBe(404);
  });
});
