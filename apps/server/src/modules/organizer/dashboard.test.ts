/**
 * The dashboard's figures (GET /crm/api/user/dashboard): new requests, departures in the next
 * days, unpaid invoices per currency, and the chart's weeks (requests made, revenue per currency)
 * in the organizer's time zone, all from real rows; nothing of another organizer.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_WEEKS, type DashboardResponse, type Invoice } from '@tourdesk/contract';
import { invoices, payments, requests } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextIp } from '../auth/test-helpers';
import { payOnPage, tenant, tourWithDeparture, type Who } from '../payment/payment.fixtures';
import { addDays, mondayOf, weeksIn } from './dashboard-figures';

let t: TestApp;
let anna: Who;
let boris: Who;

type Body = Record<string, unknown>;
const call = async (method: 'GET' | 'POST', url: string, who: Who | null, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who ? { authorization: `Bearer ${who.token}`, 'x-language': 'en' } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
};
const dashboard = async (who: Who, orgId = who.organizerId): Promise<DashboardResponse> => {
  const res = await call('GET', `/crm/api/user/dashboard?orgId=${orgId}`, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as DashboardResponse;
};
let keyN = 0;
/** An own request through the request core (status 1, seats held). */
const ownRequest = async (who: Who, d: { tourId: number; dateId: number }, tourists = 2): Promise<number> => {
  const res = await call('POST', '/crm/api/request/create-request-with-own-type', who, {
    tour_organizer_id: who.organizerId,
    tour_id: d.tourId,
    tour_date_id: d.dateId,
    tourists_count: tourists,
    customer_name: 'Olga Petrova',
    customer_email: 'olga@example.com',
    idempotency_key: `dashboard-${++keyN}-${Date.now()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request_id as number;
};
const confirm = async (who: Who, id: number) =>
  expect((await call('POST', '/crm/api/request/confirm', who, { id })).status).toBe(200);
const invoice = async (who: Who, requestId: number, amount: number, type = 'prepayment') => {
  const res = await call('POST', '/crm/api/invoice/create-payment', who, {
    request_id: requestId,
    amount,
    payment_type: type,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const inv = res.body as unknown as Invoice;
  return { ...inv, token: inv.payment_url!.split('/pay/')[1]! };
};
const thisWeek = (d: DashboardResponse) => d.weeks.at(-1)!;

beforeAll(async () => {
  t = await createTestApp();
  anna = await tenant(t, 'anna@dashboard.example', 'Altai Trails');
  boris = await tenant(t, 'boris@dashboard.example', 'Kamchatka Tours');
});
afterAll(() => t.close());

describe('the weeks of the chart', () => {
  it('are the last 12, Monday to Monday in the time zone, this week last', () => {
    // Wednesday 2027-03-31 02:00 in Berlin (00:00 UTC), after the spring DST change of 2027-03-28
    const { starts, bounds } = weeksIn('Europe/Berlin', new Date('2027-03-31T00:00:00Z'));
    expect(starts).toHaveLength(DASHBOARD_WEEKS);
    expect(starts.at(-1)).toBe('2027-03-29');
    expect(starts[0]).toBe('2027-01-11');
    expect(bounds).toHaveLength(DASHBOARD_WEEKS + 1);
    // Monday 00:00 in Berlin: CEST (+2) after the change, CET (+1) before
    expect(bounds.at(-1)!.toISOString()).toBe('2027-04-04T22:00:00.000Z');
    expect(bounds.at(-2)!.toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(bounds.at(-3)!.toISOString()).toBe('2027-03-21T23:00:00.000Z');
    // the week of the change is an hour short
    expect(bounds.at(-2)!.getTime() - bounds.at(-3)!.getTime()).toBe(167 * 3_600_000);
  });

  it("take the organizer's day: late Sunday in UTC is already Monday in Novosibirsk", () => {
    const at = new Date('2027-03-28T20:00:00Z'); // Sunday 20:00 UTC = Monday 03:00 in Novosibirsk (+7)
    expect(weeksIn('Asia/Novosibirsk', at).starts.at(-1)).toBe('2027-03-29');
    expect(weeksIn(null, at).starts.at(-1)).toBe('2027-03-22');
    expect(weeksIn('Not/AZone', at).starts.at(-1)).toBe('2027-03-22');
    expect(mondayOf('2027-03-28')).toBe('2027-03-22');
    expect(mondayOf('2027-03-29')).toBe('2027-03-29');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
  });
});

describe('GET /crm/api/user/dashboard', () => {
  it('counts new requests, departures of the next 7 days and unpaid invoices per currency; a sandbox payment is revenue', async () => {
    const empty = await dashboard(anna);
    expect(empty).toMatchObject({
      new_requests_count: 0,
      upcoming_departures_count: 0,
      unpaid_invoices_count: 0,
      unpaid_invoices: [],
    });
    expect(empty.weeks).toHaveLength(DASHBOARD_WEEKS);
    expect(empty.weeks.every((w) => w.requests === 0 && w.revenue.length === 0)).toBe(true);
    expect(empty.upcoming_departures_to).toBe(addDays(empty.today, 6));
    expect(thisWeek(empty).week_start).toBe(mondayOf(empty.today));

    // a departure in 3 days and one in 40 (not upcoming); a tour in euros
    const soon = await tourWithDeparture(t, anna, { name: 'Altai ridge', price: 10000, seats: 50, startIn: 3 });
    const later = await tourWithDeparture(t, anna, {
      name: 'Lake Teletskoye',
      currency: 'EUR',
      price: 400,
      seats: 50,
      startIn: 40,
    });
    const r1 = await ownRequest(anna, soon);
    const r2 = await ownRequest(anna, soon);
    const r3 = await ownRequest(anna, later, 3);
    let d = await dashboard(anna);
    expect(d.new_requests_count).toBe(3);
    expect(d.upcoming_departures_count).toBe(1);
    expect(thisWeek(d).requests).toBe(3);

    // confirmed: no longer new; invoiced: unpaid, per currency, never summed across them
    await confirm(anna, r1);
    await confirm(anna, r2);
    await confirm(anna, r3);
    const i1 = await invoice(anna, r1, 6000);
    await invoice(anna, r2, 4000.5);
    const i3 = await invoice(anna, r3, 360);
    d = await dashboard(anna);
    expect(d.new_requests_count).toBe(0);
    expect(d.unpaid_invoices_count).toBe(3);
    expect(d.unpaid_invoices).toEqual([
      { currency: 'EUR', count: 1, amount: 360 },
      { currency: 'RUB', count: 2, amount: 10000.5 },
    ]);
    expect(thisWeek(d).revenue).toEqual([]);

    // paid on the sandbox page: no longer unpaid, this week's revenue; a failed attempt brings nothing
    expect((await payOnPage(t, i3.token, { outcome: 'fail' })).location).toContain('/org/fail');
    expect((await payOnPage(t, i1.token, { method: 'sbp' })).location).toContain('/org/success');
    expect((await payOnPage(t, i3.token)).location).toContain('/org/success');
    d = await dashboard(anna);
    expect(d.unpaid_invoices_count).toBe(1);
    expect(d.unpaid_invoices).toEqual([{ currency: 'RUB', count: 1, amount: 4000.5 }]);
    expect(thisWeek(d).revenue).toEqual([
      { currency: 'EUR', amount: 360 },
      { currency: 'RUB', amount: 6000 },
    ]);
    expect(d.weeks.slice(0, -1).every((w) => w.revenue.length === 0)).toBe(true);

    // another organizer sees none of it, and gets 404 for this one
    expect((await call('GET', `/crm/api/user/dashboard?orgId=${anna.organizerId}`, boris)).status).toBe(404);
    const b = await dashboard(boris);
    expect(b).toMatchObject({
      new_requests_count: 0,
      upcoming_departures_count: 0,
      unpaid_invoices_count: 0,
      unpaid_invoices: [],
    });
    expect(b.weeks.every((w) => w.requests === 0 && w.revenue.length === 0)).toBe(true);
  });

  it('puts requests and payments in the weeks of the organizer’s time zone, 12 weeks back and no further', async () => {
    const who = await tenant(t, 'vera@dashboard.example', 'Siberian Routes');
    expect(
      (await call('POST', '/crm/api/organizer/update', who, { id: who.organizerId, timezone: 'Asia/Novosibirsk' }))
        .status,
    ).toBe(200);
    const d = await tourWithDeparture(t, who, { name: 'Ob river', price: 5000, seats: 40, startIn: 60 });
    // Monday 2027-03-29 in Novosibirsk (+7) begins at 2027-03-28T17:00Z
    const now = new Date('2027-03-31T09:00:00Z');
    const at = (iso: string) => new Date(iso);
    const request = async (createdAt: Date, status = 2) =>
      (
        await t.database.db
          .insert(requests)
          .values({
            organizer_id: who.organizerId,
            tour_id: d.tourId,
            tour_date_id: d.dateId,
            status,
            currency: 'RUB',
            tourists_count: 1,
            unit_price_minor: 500_000,
            total_minor: 500_000,
            customer_name: 'Ivan',
            date_start: d.dateStart,
            date_end: d.dateStart,
            created_at: createdAt,
          })
          .returning({ id: requests.id })
      )[0]!.id;
    const paid = async (requestId: number, currency: string, minor: number, paidAt: Date, status = 'succeeded') => {
      const [inv] = await t.database.db
        .insert(invoices)
        .values({
          request_id: requestId,
          organizer_id: who.organizerId,
          status: 2,
          amount_minor: minor,
          currency,
          public_token: crypto.randomBytes(32).toString('base64url'),
          paid_at: paidAt,
        })
        .returning({ id: invoices.id });
      await t.database.db.insert(payments).values({
        invoice_id: inv!.id,
        organizer_id: who.organizerId,
        provider: 'sandbox',
        idempotency_key: crypto.randomUUID(),
        amount_minor: minor,
        refunded_minor: status === 'refunded' ? minor : 0,
        currency,
        method: 'card',
        status,
        paid_at: status === 'failed' ? null : paidAt,
      });
    };
    const thisMonday = at('2027-03-28T17:00:00Z');
    const a = await request(thisMonday); // the first instant of this week
    const b = await request(at('2027-03-28T16:59:59Z')); // Sunday 23:59:59 there: last week
    await request(at('2027-03-31T08:00:00Z'), 1);
    await request(at('2027-01-10T16:59:59Z')); // Sunday before the first week: outside
    await request(at('2027-01-10T17:00:00Z')); // the first week's first instant
    await paid(a, 'RUB', 150_050, at('2027-03-28T18:00:00Z')); // Monday 01:00 there, Sunday in UTC
    await paid(a, 'USD', 10_000, at('2027-03-30T03:00:00Z'));
    await paid(b, 'RUB', 70_000, at('2027-03-28T16:00:00Z'));
    await paid(b, 'RUB', 30_000, at('2027-03-22T00:00:00Z'), 'refunded'); // paid, refunded later: still paid that week
    await paid(b, 'RUB', 99_900, at('2027-03-25T00:00:00Z'), 'failed'); // brought nothing
    await paid(b, 'RUB', 12_300, at('2026-12-01T00:00:00Z')); // too long ago

    const res = await t.app.services.organizers.dashboard(who.userId, who.organizerId, now);
    expect(res.today).toBe('2027-03-31');
    expect(res.upcoming_departures_to).toBe('2027-04-06');
    expect(res.weeks.map((w) => w.week_start)).toEqual(
      Array.from({ length: 12 }, (_, i) => addDays('2027-01-11', 7 * i)),
    );
    expect(res.weeks.map((w) => w.requests)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(res.weeks.at(-1)!.revenue).toEqual([
      { currency: 'RUB', amount: 1500.5 },
      { currency: 'USD', amount: 100 },
    ]);
    expect(res.weeks.at(-2)!.revenue).toEqual([{ currency: 'RUB', amount: 1000 }]);
    expect(res.weeks.slice(0, -2).every((w) => w.revenue.length === 0)).toBe(true);
    expect(res.new_requests_count).toBe(1);

    // the same rows in UTC: Monday begins 7 hours later, so the Sunday-evening request and payment move
    await call('POST', '/crm/api/organizer/update', who, { id: who.organizerId, timezone: null });
    const utc = await t.app.services.organizers.dashboard(who.userId, who.organizerId, now);
    expect(utc.weeks.at(-1)!.week_start).toBe('2027-03-29');
    expect(utc.weeks.map((w) => w.requests)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1]);
    expect(utc.weeks.at(-1)!.revenue).toEqual([{ currency: 'USD', amount: 100 }]);
    expect(utc.weeks.at(-2)!.revenue).toEqual([{ currency: 'RUB', amount: 2500.5 }]);
  });

  it('answers 401 without a token and 422 for a bad organizer id', async () => {
    expect((await call('GET', `/crm/api/user/dashboard?orgId=${anna.organizerId}`, null)).status).toBe(401);
    expect((await call('GET', '/crm/api/user/dashboard?orgId=0', anna)).status).toBe(422);
    expect((await call('GET', '/crm/api/user/dashboard', anna)).status).toBe(422);
  });
});
