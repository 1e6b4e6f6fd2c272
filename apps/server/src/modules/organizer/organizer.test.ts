import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /crm/api/organizer/list', () => {
  it("lists only the signed-in user's organizers, in creation order", async () => {
    const anna = await createUser(t.database, { email: 'anna@org.example', organizers: ['Altai Trails', 'Baikal Expeditions'] });
    await createUser(t.database, { email: 'boris@org.example', organizers: ['Kamchatka Tours'] });
    await createUser(t.database, { email: 'new@org.example' });

    const { token } = await signIn(t.app, 'anna@org.example');
    const res = await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: anna.organizerIds[0], name: 'Altai Trails', logo: null, is_internal_check_success: false },
      { id: anna.organizerIds[1], name: 'Baikal Expeditions', logo: null, is_internal_check_success: false },
    ]);

    const boris = await signIn(t.app, 'boris@org.example');
    const borisList = (await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list', headers: bearer(boris.token) })).json() as { name: string }[];
    expect(borisList.map((o) => o.name)).toEqual(['Kamchatka Tours']);

    const newcomer = await signIn(t.app, 'new@org.example');
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list', headers: bearer(newcomer.token) })).json()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/crm/api/organizer/list' })).statusCode).toBe(401);
  });
});
