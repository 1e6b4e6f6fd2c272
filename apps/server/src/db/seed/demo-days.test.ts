import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organizers, requests, tours } from '../schema/index';
import { demoTimeline, seedDemoBookings } from './demo-bookings';
import { seedDemoTours } from './demo-tours';
import { seedDemo } from './seed';

const DAY_MS = 86_400_000;

/**
 * The seed runs on whatever day `npm start` first runs: the weekly excursion's departures, which
 * departures are full, where a cancellation fits all follow the weekday and the month. The demo's
 * accounts are seeded once; for each sampled day its tours and bookings are seeded again on that
 * "today" (one database: a fresh one per day costs seconds more each). The days are spread over the
 * year ahead and fall on every weekday, at different hours; each costs seconds (some sixty requests
 * through the services), so they are a sample, not every day. (Forward only: the services the
 * bookings go through read the real clock, so a "today" in the past would meet departures that
 * have already started for them.)
 */
const REAL_TODAY = new Date();
// 52 days apart: every weekday once over the year ahead (0, 3, 6, 2, 5, 1, 4 days past today's), and the year's end
const DAYS: Date[] = [0, 52, 104, 156, 208, 260, 312, 364].map(
  (offset, i) =>
    new Date(
      Date.UTC(REAL_TODAY.getUTCFullYear(), REAL_TODAY.getUTCMonth(), REAL_TODAY.getUTCDate() + offset, (i * 5) % 24),
    ),
);

let t: TestApp;
let organizerIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
  organizerIds = (await t.database.db.select({ id: organizers.id }).from(organizers)).map((o) => o.id);
}, 60_000);
afterAll(() => t.close());

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rows = async <R>(query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

describe('demo timeline', () => {
  it('keeps the order and the ties, a day apart at most, never after now', () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    const events = [base + 5, base, base + 5, base + 9].map((t) => new Date(t));
    const at = new Date('2030-03-01T00:00:00Z');
    const now = new Date('2030-03-10T00:00:00Z');
    const moved = demoTimeline(events, at, now);
    expect([...moved.entries()].map(([k, v]) => [k - base, v.toISOString()])).toEqual([
      [0, '2030-03-01T00:00:00.000Z'],
      [5, '2030-03-02T00:00:00.000Z'],
      [9, '2030-03-03T00:00:00.000Z'],
    ]);
    // little room: the steps shrink, the last event is now at the latest
    const tight = demoTimeline(events, at, new Date('2030-03-01T02:00:00Z'));
    expect([...tight.values()].map((d) => d.toISOString())).toEqual([
      '2030-03-01T00:00:00.000Z',
      '2030-03-01T01:00:00.000Z',
      '2030-03-01T02:00:00.000Z',
    ]);
  });
});

describe('demo seed over a year of days', () => {
  it.each(DAYS.map((d) => [d.toISOString(), d] as const))(
    'seeds on %s: nothing in the future, every story in order, bookings from every source',
    async (_, today) => {
      const db = t.database.db;
      // the day-dependent part again: tours, their departures, the bookings (their money cascades)
      await db.delete(requests);
      await db.delete(tours).where(inArray(tours.organizer_id, organizerIds));
      await seedDemoTours(db, organizerIds, today);
      await seedDemoBookings(t.app.services, db, t.app.log, today);

      const at = today.toISOString();
      const counts = await rows<{ status: number; source: string; n: number }>(
        sql`select status, source, count(*)::int as n from requests group by status, source`,
      );
      const statuses = new Set(counts.map((c) => c.status));
      for (const status of [1, 2, 3, 4, 5, 6]) expect(statuses.has(status), `status ${status}`).toBe(true);
      const sources = new Set(counts.map((c) => c.source));
      expect([...sources].sort()).toEqual(['agent', 'marketplace', 'own', 'third_party_agent']);

      // nothing dated after the seeding day
      const future = await rows<{ what: string; n: number }>(sql`
        select 'request' as what, count(*)::int as n from requests where created_at > ${at}::timestamptz
          or confirmed_at > ${at}::timestamptz or canceled_at > ${at}::timestamptz
        union all select 'history', count(*)::int from request_status_history where created_at > ${at}::timestamptz
        union all select 'invoice', count(*)::int from invoices where created_at > ${at}::timestamptz or paid_at > ${at}::timestamptz
        union all select 'payment', count(*)::int from payments where created_at > ${at}::timestamptz or paid_at > ${at}::timestamptz`);
      for (const f of future) expect(f.n, `${f.what} in the future`).toBe(0);

      // each request's statuses follow one another in time; the first is when it was received
      const disorder = await rows<{ request_id: number }>(sql`
        select h.request_id from request_status_history h
        join request_status_history p on p.request_id = h.request_id and p.id < h.id
        where p.created_at > h.created_at
        union all
        select r.id from requests r
        where r.created_at > (select min(created_at) from request_status_history h where h.request_id = r.id)`);
      expect(disorder).toEqual([]);

      // no invoice before the confirmation, no money before the first status or before its invoice
      const early = await rows<{ what: string; id: number }>(sql`
        select 'invoice before confirmation' as what, i.id from invoices i
        join request_status_history h on h.request_id = i.request_id and h.status = 2
        where i.created_at < h.created_at
        union all
        select 'payment before the first status', p.id from payments p
        join invoices i on i.id = p.invoice_id
        where p.paid_at < (select min(created_at) from request_status_history h where h.request_id = i.request_id)
        union all
        select 'payment before its invoice', p.id from payments p
        join invoices i on i.id = p.invoice_id
        where p.created_at < i.created_at or p.paid_at < i.created_at
        union all
        select 'trip completed before its end', h.request_id from request_status_history h
        join requests r on r.id = h.request_id
        where h.status = 4 and h.created_at < r.date_end::timestamptz`);
      expect(early).toEqual([]);

      // the requests span the last twelve weeks
      const [span] = await rows<{ oldest: string }>(sql`select min(created_at) as oldest from requests`);
      expect(Date.parse(String(span!.oldest))).toBeLessThan(today.getTime() - 50 * DAY_MS);

      // the departures' free seats are what the requests leave
      const seats = await rows<{ id: number }>(sql`
        select d.id from tour_dates d
        where d.number_of_seats - d.number_of_free_seats
          <> coalesce((select sum(seats_taken) from requests r where r.tour_date_id = d.id), 0)`);
      expect(seats).toEqual([]);
    },
    120_000,
  );
});
