import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tours } from '../../db/schema/index';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
type Who = { organizerId: number; token: string };
let anna: Who;
let boris: Who;
const ids = { published: 0, draft: 0, archived: 0, excursion: 0 };

const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const list = (who: Who | null, organizerId: number | string) =>
  call('GET', `/crm/api/tour/list-for-request-with-own-type?tour_organizer_id=${organizerId}`, who);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.database, { email: 'anna@choice.example', organizers: ['Altai Trails'] });
  const b = await createUser(t.database, { email: 'boris@choice.example', organizers: ['Kamchatka Tours'] });
  anna = { organizerId: a.organizerIds[0]!, token: (await signIn(t.app, 'anna@choice.example')).token };
  boris = { organizerId: b.organizerIds[0]!, token: (await signIn(t.app, 'boris@choice.example')).token };
  const create = async (body: object): Promise<number> => {
    const r = await call('POST', '/crm/api/tour/create', anna, { organizer_id: anna.organizerId, ...body });
    if (r.status !== 200) throw new Error(`setup: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id as number;
  };
  ids.draft = await create({ name: 'Altai horse ride', price: 30000 });
  ids.archived = await create({ name: 'Old rafting' });
  ids.excursion = await create({ name: 'Chemal by boat', type: 2, currency: 'EUR', price: 45.5 });
  ids.published = await create({ name: 'Zyuratkul trek' });
  // published straight in the database: what publishing needs is the tour service's test
  await t.database.db.update(tours).set({ status: 'published' }).where(eq(tours.id, ids.published));
  await t.database.db
    .update(tours)
    .set({ status: 'archived' })
    .where(inArray(tours.id, [ids.archived]));
});
afterAll(() => t.close());

describe('GET tour/list-for-request-with-own-type', () => {
  it('lists the organizer’s published and draft tours (not archived ones), published first, then by name', async () => {
    const res = await list(anna, anna.organizerId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: ids.published,
          name: 'Zyuratkul trek',
          type: 1,
          schedule_type: 1,
          status: 'published',
          currency: 'RUB',
          price: null,
        },
        {
          id: ids.draft,
          name: 'Altai horse ride',
          type: 1,
          schedule_type: 1,
          status: 'draft',
          currency: 'RUB',
          price: 30000,
        },
        {
          id: ids.excursion,
          name: 'Chemal by boat',
          type: 2,
          schedule_type: 1,
          status: 'draft',
          currency: 'EUR',
          price: 45.5,
        },
      ],
    });
  });

  it('another tenant gets 404 and sees none of them; no token is 401; a bad id is 422', async () => {
    const foreign = await list(boris, anna.organizerId);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: 'Organizer not found' });
    expect(JSON.stringify(foreign.body)).not.toContain('Zyuratkul');
    expect((await list(boris, boris.organizerId)).body).toEqual({ items: [] });
    expect((await list(null, anna.organizerId)).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '']) expect((await list(anna, bad)).status).toBe(422);
  });
});

describe('GET tour/list-for-request and the programme of a request’s tour', () => {
  let requestId = 0;
  beforeAll(async () => {
    const date = await call('POST', '/crm/api/tour/save-date', anna, {
      tour_id: ids.draft,
      date_start: '2031-05-01',
      date_end: '2031-05-03',
      price: 30000,
      number_of_seats: 6,
    });
    const made = await call('POST', '/crm/api/request/create-request-with-own-type', anna, {
      tour_organizer_id: anna.organizerId,
      tour_id: ids.draft,
      tour_date_id: date.body.id as number,
      tourists_count: 2,
      customer_name: 'Olga',
      idempotency_key: 'list-for-request-1',
    });
    requestId = made.body.request_id as number;
  });

  it('lists the same tours as for a new request, for the request’s organizer', async () => {
    const res = await call('GET', `/crm/api/tour/list-for-request?request_id=${requestId}`, anna);
    expect(res.status).toBe(200);
    expect((res.body.items as { id: number }[]).map((x) => x.id)).toEqual(
      ((await list(anna, anna.organizerId)).body.items as { id: number }[]).map((x) => x.id),
    );
  });

  it('download-pdf by request_id renders the programme of the request’s tour', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/crm/api/tour-program/download-pdf?request_id=${requestId}`,
      headers: bearer(anna.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(res.headers['content-disposition'])).toContain('Altai horse ride');
  });

  it('another organizer’s user, an unknown request, no token: 404, 404, 401', async () => {
    for (const url of [
      `/crm/api/tour/list-for-request?request_id=${requestId}`,
      `/crm/api/tour-program/download-pdf?request_id=${requestId}`,
      `/crm/api/tour/list-for-request?request_id=999999`,
    ]) {
      const res = await call('GET', url, url.includes('999999') ? anna : boris);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe('Request not found');
    }
    expect((await call('GET', `/crm/api/tour/list-for-request?request_id=${requestId}`, null)).status).toBe(401);
    const neither = await call('GET', '/crm/api/tour-program/download-pdf', anna);
    expect(neither.status).toBe(422);
  });
});
