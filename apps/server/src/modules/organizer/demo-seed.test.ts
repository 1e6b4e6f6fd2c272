import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccountListItem, Organizer, OrganizerSummary, PartnersResponse } from '@tourdesk/contract';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../db/seed/seed';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
const get = async <R>(url: string): Promise<R> =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as R;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
  token = (await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives Altai Trails a complete profile, a chosen bank account, templates and agents', async () => {
    const [altai, baikal] = await get<OrganizerSummary[]>('/crm/api/organizer/list');
    expect([altai!.name, baikal!.name]).toEqual(['Altai Trails', 'Baikal Expeditions']);
    const o = await get<Organizer>(`/crm/api/organizer/info?id=${altai!.id}`);
    expect(o).toMatchObject({
      country: 'RU',
      legal_entity: { inn: '0411000000' },
      tour_author: { first_name: 'Anna' },
      is_internal_check_success: true,
    });
    const accounts = await get<BankAccountListItem[]>(
      `/crm/api/organization-bank-account/get-list?tour_organizer_id=${altai!.id}`,
    );
    expect(accounts).toMatchObject([{ bank_name: 'PAO Sberbank', is_own_request_account: true }]);
    expect(o.own_request_bank_account_id).toBe(accounts[0]!.id);
    expect(await get<unknown[]>(`/crm/api/organizer-contract-template/list?organizer_id=${altai!.id}`)).toHaveLength(1);
    expect(await get<unknown[]>(`/crm/api/organizer-meet-data-template/list?organizer_id=${altai!.id}`)).toHaveLength(
      1,
    );
    const partners = await get<PartnersResponse>(`/crm/api/organizer/partners?organizer_id=${altai!.id}`);
    expect(partners.connected_sites).toMatchObject([{ status: 'published', is_published_on_site: true }]);
    expect(partners.agents.map((a) => [a.name, a.commission_percent])).toEqual([
      ['Sunny Travel Agency', 8],
      ['Northern Routes', 0],
    ]);
    expect(
      (await get<{ should_show_agreement_popup: boolean }>(`/crm/api/user/dashboard?orgId=${altai!.id}`))
        .should_show_agreement_popup,
    ).toBe(false);
    expect(
      (await get<{ should_show_agreement_popup: boolean }>(`/crm/api/user/dashboard?orgId=${baikal!.id}`))
        .should_show_agreement_popup,
    ).toBe(true);
  });
});
