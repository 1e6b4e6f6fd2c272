import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { invoices, payments, requests, tourDates } from '../schema/index';
import { seedDemo } from './seed';
import { seedDemoBookings } from './demo-bookings';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
  await seedDemoBookings(t.app.services, t.database.db, t.app.log);
}, 120_000);
afterAll(() => t.close());

describe('demo seed: bookings', () => {
  it('makes requests in every status a provider meets, with tourists', async () => {
    const statuses = await t.database.db
      .select({ status: requests.status, n: sql<number>`count(*)::int` })
      .from(requests)
      .groupBy(requests.status);
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    for (const status of [1, 2, 3, 4, 5, 6]) expect(by[status], `status ${status}`).toBeGreaterThan(0);
  });

  it('the departures’ free seats are exactly what the requests leave', async () => {
    const rows = await t.database.db
      .select({
        id: tourDates.id,
        schedule: tourDates.is_from_schedule,
        seats: tourDates.number_of_seats,
        free: tourDates.number_of_free_seats,
        taken: sql<number>`coalesce((select sum(seats_taken) from requests r where r.tour_date_id = tour_dates.id), 0)::int`,
      })
      .from(tourDates);
    for (const r of rows) expect(r.seats - r.free, JSON.stringify(r)).toBe(r.taken);
  });

  it('money in two currencies: paid invoices with succeeded payments, paid amounts on the requests', async () => {
    const paid = await t.database.db
      .select({ currency: invoices.currency, n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.status, 2))
      .groupBy(invoices.currency);
    expect(paid.map((p) => p.currency).sort()).toEqual(['EUR', 'RUB']);
    const succeeded = await t.database.db.select().from(payments).where(eq(payments.status, 'succeeded'));
    expect(succeeded.length).toBe(paid.reduce((n, p) => n + p.n, 0));
    const prepaid = await t.database.db.select().from(requests).where(eq(requests.status, 3));
    for (const r of prepaid) expect(r.paid_minor).toBeGreaterThan(0);
  });

  it('spreads the requests over the last twelve weeks', async () => {
    const [span] = await t.database.db
      .select({ days: sql<number>`extract(day from max(created_at) - min(created_at))::int` })
      .from(requests);
    expect(span!.days).toBeGreaterThan(50);
  });
});
