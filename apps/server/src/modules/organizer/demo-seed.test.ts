import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type {
  BankAccountListItem,
  Organizer,
  OrganizerSummary,
  PartnersResponse,
  Tour,
  TourDatesResponse,
  TourListResponse,
} from '@tourdesk/contract';
import { tourDates, tours } from '../../db/schema/index';
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

  it('gives both organizers a living catalogue: published tours with departures ahead and seats taken', async () => {
    const [altai, baikal] = await get<OrganizerSummary[]>('/crm/api/organizer/list');
    const altaiTours = await get<TourListResponse>(`/crm/api/tour/list?organizer_id=${altai!.id}`);
    expect(altaiTours.items).toHaveLength(4);
    expect(altaiTours.items.filter((x) => x.status === 'draft')).toHaveLength(1);
    // Russian texts: Altai Trails is in Russia, so its documents (and tours) are in Russian
    expect(altaiTours.items.every((x) => /[а-яё]/i.test(x.name))).toBe(true);
    const published = await get<TourListResponse>(`/crm/api/tour/list?organizer_id=${altai!.id}&status=published`);
    expect(published.items.map((x) => x.type).sort()).toEqual([1, 1, 2]);
    for (const item of published.items) {
      expect(item.next_dates.length).toBeGreaterThan(0);
      expect(item.nearest_date! >= new Date().toISOString().slice(0, 10)).toBe(true);
      expect(item.alerts).not.toContain('need_add_active_dates');
      expect(item.sites.length).toBe(1);
    }
    const nextDates = published.items.flatMap((x) => x.next_dates);
    expect(nextDates.some((d) => d.number_of_free_seats < d.number_of_seats)).toBe(true);
    expect(nextDates.every((d) => d.number_of_free_seats > 0)).toBe(true);
    // the excursion runs several times a week
    const excursion = published.items.find((x) => x.type === 2)!;
    expect(excursion.dates_count).toBeGreaterThanOrEqual(20);
    expect(excursion.next_dates[0]!.time_start).toBe('10:00');

    const trek = await get<Tour>(`/crm/api/tour/view?id=${published.items.find((x) => x.duration === 7)!.id}`);
    expect(trek.program).toHaveLength(7);
    expect(trek.questions.length).toBeGreaterThan(0);
    expect(trek.penalties.length).toBeGreaterThan(0);
    expect(trek.regions.length).toBe(1);
    expect(trek.main_activity).not.toBeNull();
    expect(trek.guides.length).toBe(2);
    expect(trek.in_price).not.toBe('');
    expect(trek.discounts.early_booking_days).toHaveLength(1);
    expect(trek.discounts.seasonal).toHaveLength(1);
    const dates = await get<TourDatesResponse>(`/crm/api/tour/get-dates?tour_id=${trek.id}&limit=100`);
    expect(dates.items.length).toBeGreaterThanOrEqual(4);

    const baikalTours = await get<TourListResponse>(`/crm/api/tour/list?organizer_id=${baikal!.id}&status=published`);
    expect(baikalTours.items).toHaveLength(2);
    expect(baikalTours.items.every((x) => x.next_dates.length > 0)).toBe(true);
  });

  it('adds nothing on a second run', async () => {
    const counts = async () => [
      (await t.database.db.select({ n: count() }).from(tours))[0]!.n,
      (await t.database.db.select({ n: count() }).from(tourDates))[0]!.n,
    ];
    const before = await counts();
    expect(before[0]).toBe(6);
    expect(await seedDemo(t.database.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
