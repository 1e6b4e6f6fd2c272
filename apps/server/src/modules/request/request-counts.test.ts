/**
 * The request counters (request_status_counts, request_tour_counts, request_start_counts) the list's
 * groups, sources, tours and start months read: kept by triggers on `requests`, they always equal
 * what counting the requests answers, whatever writes them (one row, thousands at once, an update
 * of a status, a tour, a start day or nothing counted, a delete, a tour or an organizer deleted).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers, requests, tours } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRequestListRepository } from './request-list.repository';

let t: TestApp;
let orgA = 0;
let orgB = 0;
let toursA: number[] = [];
let toursB: number[] = [];

const rows = async <R>(query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

/** Each counter table's non-zero rows against the same grouping of the requests, sorted alike. */
const expectCountersTrue = async () => {
  const pairs: [string, string][] = [
    [
      `select organizer_id, is_individual_tour, status, source, count from request_status_counts where count <> 0`,
      `select organizer_id, is_individual_tour, status, source, count(*)::int as count from requests group by 1, 2, 3, 4`,
    ],
    [
      `select organizer_id, is_individual_tour, tour_id, count from request_tour_counts where count <> 0`,
      `select organizer_id, is_individual_tour, tour_id, count(*)::int as count from requests where tour_id is not null group by 1, 2, 3`,
    ],
    [
      `select organizer_id, is_individual_tour, date_start::text, count from request_start_counts where count <> 0`,
      `select organizer_id, is_individual_tour, date_start::text, count(*)::int as count from requests where date_start is not null group by 1, 2, 3`,
    ],
  ];
  for (const [counters, truth] of pairs) {
    const sorted = async (q: string) =>
      (await rows<Record<string, unknown>>(sql.raw(q))).map((r) => JSON.stringify(r)).sort();
    expect(await sorted(counters), counters).toEqual(await sorted(truth));
  }
};

const request = (organizer_id: number, tour_id: number | null, i: number) => ({
  organizer_id,
  tour_id,
  status: 1 + (i % 8),
  source: ['marketplace', 'direct_sales', 'agent', 'own', 'third_party_agent'][i % 5]!,
  is_individual_tour: i % 7 === 0,
  date_start: i % 11 === 0 ? null : `2031-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
  tourists_count: 1,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const made = await db
    .insert(organizers)
    .values([{ name: 'Counted A' }, { name: 'Counted B' }])
    .returning({ id: organizers.id });
  [orgA, orgB] = [made[0]!.id, made[1]!.id];
  const tourRows = await db
    .insert(tours)
    .values([0, 1, 2, 3].map((k) => ({ organizer_id: k < 3 ? orgA : orgB, name: `Tour ${k}` })))
    .returning({ id: tours.id, organizer_id: tours.organizer_id });
  toursA = tourRows.filter((r) => r.organizer_id === orgA).map((r) => r.id);
  toursB = tourRows.filter((r) => r.organizer_id === orgB).map((r) => r.id);
});
afterAll(() => t.close());

describe('request counters', () => {
  it('follow inserts, one by one and thousands at once', async () => {
    const db = t.database.db;
    await db.insert(requests).values(request(orgA, toursA[0]!, 1));
    await expectCountersTrue();
    await db
      .insert(requests)
      .values(
        Array.from({ length: 3000 }, (_, i) => request(i % 4 ? orgA : orgB, i % 4 ? toursA[i % 3]! : toursB[0]!, i)),
      );
    await expectCountersTrue();
  });

  it('follow updates of a status, a source, a kind, a tour, a start day, and of nothing counted', async () => {
    const db = t.database.db;
    const some = (await db.select({ id: requests.id }).from(requests).limit(400)).map((r) => r.id);
    await db
      .update(requests)
      .set({ status: 4 })
      .where(inArray(requests.id, some.slice(0, 100)));
    await db
      .update(requests)
      .set({ source: 'own', is_individual_tour: true })
      .where(inArray(requests.id, some.slice(50, 150)));
    await db
      .update(requests)
      .set({ tour_id: toursA[2]! })
      .where(inArray(requests.id, some.slice(100, 200)));
    await db
      .update(requests)
      .set({ date_start: '2032-02-29' })
      .where(inArray(requests.id, some.slice(150, 250)));
    await db.update(requests).set({ date_start: null, tour_id: null }).where(eq(requests.id, some[300]!));
    await expectCountersTrue();
    const before = await rows<{ n: number }>(sql`select sum(count)::int as n from request_status_counts`);
    await db
      .update(requests)
      .set({ comment: 'no counter moves', paid_minor: 100 })
      .where(eq(requests.organizer_id, orgA));
    expect(await rows<{ n: number }>(sql`select sum(count)::int as n from request_status_counts`)).toEqual(before);
    await expectCountersTrue();
  });

  it('follow deletes: of requests, of a tour (its requests lose it), of an organizer (its counters go)', async () => {
    const db = t.database.db;
    const some = (await db.select({ id: requests.id }).from(requests).limit(500)).map((r) => r.id);
    await db.delete(requests).where(inArray(requests.id, some.slice(0, 250)));
    await expectCountersTrue();
    await db.delete(tours).where(eq(tours.id, toursA[1]!));
    await expectCountersTrue();
    await db.delete(organizers).where(eq(organizers.id, orgB));
    await expectCountersTrue();
    expect(await rows(sql`select 1 from request_status_counts where organizer_id = ${orgB}`)).toEqual([]);
  });

  it('answer the list’s groups, sources, tours and start months as counting the requests does', async () => {
    const db = t.database.db;
    const repo = createRequestListRepository(db);
    const groups = await repo.groupCounts(orgA, false, [undefined, [1], [5, 6, 7, 8]]);
    const truth = async (where: string) =>
      (
        await rows<{ n: number }>(
          sql.raw(
            `select count(*)::int as n from requests where organizer_id = ${orgA} and not is_individual_tour ${where}`,
          ),
        )
      )[0]!.n;
    expect(groups.map((g) => g.count)).toEqual([
      await truth(''),
      await truth('and status = 1'),
      await truth('and status between 5 and 8'),
    ]);
    const sources = await repo.sourceCounts(orgA);
    expect(Object.fromEntries(sources.map((s) => [s.source, s.count]))).toEqual(
      Object.fromEntries(
        (
          await rows<{ source: string; n: number }>(
            sql`select source, count(*)::int as n from requests where organizer_id = ${orgA} group by source`,
          )
        ).map((r) => [r.source, r.n]),
      ),
    );
    const toursList = await repo.toursWithRequests(orgA, false);
    expect(toursList.map((x) => [x.id, x.count])).toEqual(
      (
        await rows<{ id: number; n: number }>(sql`
          select r.tour_id as id, count(*)::int as n from requests r join tours t on t.id = r.tour_id
          where r.organizer_id = ${orgA} and not r.is_individual_tour group by r.tour_id, t.name order by t.name, r.tour_id`)
      ).map((r) => [r.id, r.n]),
    );
    const months = await repo.startMonths(orgA, false);
    expect(months).toEqual(
      await rows(sql`
        select date_trunc('month', date_start)::date::text as month, count(*)::int as count,
          min(date_start)::text as min, max(date_start)::text as max
        from requests where organizer_id = ${orgA} and not is_individual_tour and date_start is not null
        group by 1 order by 1`),
    );
  });
});
