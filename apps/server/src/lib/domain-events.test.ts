import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@tourdesk/contract';
import type { Database, Db } from '../db/client';
import { domainEvents } from '../db/schema/index';
import { openTestDatabase } from '../test/test-app';
import { MAX_FAILURES, createEventDispatcher, recordEvent, trackEventCommits, type Subscriber } from './domain-events';

const log = pino({ level: 'silent' });
let database: Database;
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = trackEventCommits(database.db);
  await database.db.execute(
    sql`create table test_seen (subscriber text, event_id bigint, primary key (subscriber, event_id))`,
  );
});
afterAll(async () => drop());
beforeEach(async () => {
  await database.db.execute(sql`delete from domain_event_cursors`);
  await database.db.execute(sql`delete from domain_events`);
  await database.db.execute(sql`delete from test_seen`);
});

const rows = <R>(r: unknown): R[] => (r as { rows: R[] }).rows;
const count = async (): Promise<number> =>
  Number(rows<{ n: string | number }>(await database.db.execute(sql`select count(*) as n from domain_events`))[0]!.n);
const seenBy = async (subscriber: string): Promise<number[]> =>
  rows<{ event_id: string | number }>(
    await database.db.execute(sql`select event_id from test_seen where subscriber = ${subscriber} order by event_id`),
  ).map((r) => Number(r.event_id));

const event = (n: number) =>
  ({
    type: 'request.updated',
    aggregateId: n,
    organizerId: 1,
    actor: { type: 'system' },
    payload: { request_id: n, status: 1 },
  }) as const;

/** Records `n` events, each in a transaction of its own; answers their ids. */
const recordMany = async (n: number): Promise<number[]> => {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) ids.push(await db.transaction((tx) => recordEvent(tx as unknown as Db, event(i))));
  return ids;
};

/** A subscriber whose handling is a row of its own (test_seen, written in the delivery transaction) and a note in memory. */
const writer = (name: string, seen: number[], hook?: (e: DomainEvent) => void | Promise<void>): Subscriber => ({
  name,
  types: ['request.updated'],
  handle: async (tx, e) => {
    seen.push(e.id);
    await hook?.(e);
    // a plain insert: the same event handled twice by committed runs would break the primary key
    await tx.execute(sql`insert into test_seen (subscriber, event_id) values (${name}, ${e.id})`);
  },
});

describe('recordEvent', () => {
  it('writes the event in the change transaction: a rolled-back change leaves none', async () => {
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(tx as unknown as Db, event(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(0);
    await db.transaction((tx) => recordEvent(tx as unknown as Db, event(2)));
    const [row] = await database.db.select().from(domainEvents);
    expect(row).toMatchObject({
      type: 'request.updated',
      aggregate_type: 'request',
      aggregate_id: 2,
      organizer_id: 1,
      actor_type: 'system',
      actor_user_id: null,
      payload: { request_id: 2, status: 1 },
    });
  });

  it('refuses a payload its contract schema does not take, and the change with it', async () => {
    await expect(
      db.transaction((tx) =>
        recordEvent(tx as unknown as Db, { ...event(1), payload: { request_id: 1, status: 99 } } as never),
      ),
    ).rejects.toThrow(/payload outside the contract/);
    await expect(
      db.transaction((tx) =>
        recordEvent(tx as unknown as Db, { ...event(1), payload: { request_id: 1, status: 1, extra: 1 } } as never),
      ),
    ).rejects.toThrow(/payload outside the contract/);
    expect(await count()).toBe(0);
  });

  it('wakes the dispatcher once the transaction commits, not before', async () => {
    const seen: number[] = [];
    const d = createEventDispatcher({ db, log, subscribers: [writer('wake', seen)] });
    await d.start();
    try {
      const ids = await recordMany(3);
      await expect.poll(() => seenBy('wake'), { timeout: 5000 }).toEqual(ids);
    } finally {
      await d.close();
    }
  });
});

describe('the dispatcher', () => {
  it('a crash midway through a batch loses nothing: the next run delivers the rest, at least once', async () => {
    const ids = await recordMany(10);
    const seenA: number[] = [];
    const memoryA: number[] = [];
    // dispatcher A dies while handling the 6th event (its second batch of 4 rolls back)
    const a = createEventDispatcher({
      db,
      log,
      batchSize: 4,
      subscribers: [
        writer('writer', seenA, (e) => {
          if (e.id === ids[5]) void a.kill();
        }),
        {
          name: 'memory',
          types: ['request.updated'],
          handle: async (_tx, e) => {
            memoryA.push(e.id);
          },
        },
      ],
    });
    await a.start();
    await a.deliverOnce('writer');
    await expect(a.deliverOnce('writer')).rejects.toThrow('event delivery stopped');
    // what committed: the first batch, and nothing of the batch in flight
    expect(await seenBy('writer')).toEqual(ids.slice(0, 4));
    expect(seenA).toEqual(ids.slice(0, 6));
    expect(memoryA).toEqual([]);

    // the node restarts: every subscriber sees every event; the writer's rows exactly once
    const seenB: number[] = [];
    const memoryB: number[] = [];
    const b = createEventDispatcher({
      db,
      log,
      batchSize: 4,
      subscribers: [
        writer('writer', seenB),
        {
          name: 'memory',
          types: ['request.updated'],
          handle: async (_tx, e) => {
            memoryB.push(e.id);
          },
        },
      ],
    });
    await b.start();
    await b.sweep();
    expect(await seenBy('writer')).toEqual(ids);
    expect(seenB).toEqual(ids.slice(4));
    // events 5 and 6 were handed to the writer twice (at least once), their rows written once
    expect([...seenA, ...seenB].filter((id) => id === ids[4]).length).toBe(2);
    expect(memoryB).toEqual(ids);
    await b.close();
  });

  it('two dispatchers on one database deliver each event once per subscriber', async () => {
    const seen1: number[] = [];
    const seen2: number[] = [];
    const other1: number[] = [];
    const other2: number[] = [];
    const node = (seen: number[], other: number[]) =>
      createEventDispatcher({
        db,
        log,
        batchSize: 5,
        subscribers: [writer('one', seen), writer('two', other)],
      });
    const n1 = node(seen1, other1);
    const n2 = node(seen2, other2);
    await Promise.all([n1.start(), n2.start()]);
    // events committed while both nodes are woken by each commit and sweep besides
    const writes = Promise.all(
      Array.from({ length: 4 }, (_, k) =>
        (async () => {
          const out: number[] = [];
          for (let i = 0; i < 10; i++)
            out.push(await db.transaction((tx) => recordEvent(tx as unknown as Db, event(k * 10 + i + 1))));
          return out;
        })(),
      ),
    );
    const sweeping = Promise.all([n1.sweep(), n2.sweep(), n1.sweep(), n2.sweep()]);
    const ids = (await writes).flat().sort((x, y) => x - y);
    await sweeping;
    // a node finding a cursor busy leaves it to the other: sweep until both have drained
    const drained = async (name: string) => {
      await Promise.all([n1.sweep(), n2.sweep()]);
      return seenBy(name);
    };
    await expect.poll(() => drained('one'), { timeout: 10_000 }).toEqual(ids);
    await expect.poll(() => drained('two'), { timeout: 10_000 }).toEqual(ids);
    await Promise.all([n1.idle(), n2.idle()]);
    // nothing rolled back, so no event reached a subscriber on both nodes
    expect([...seen1, ...seen2].sort((x, y) => x - y)).toEqual(ids);
    expect([...other1, ...other2].sort((x, y) => x - y)).toEqual(ids);
    await Promise.all([n1.close(), n2.close()]);
  });

  it('a failing handler is tried again, then skipped after MAX_FAILURES; the stream goes on', async () => {
    const ids = await recordMany(3);
    let tries = 0;
    const seen: number[] = [];
    const d = createEventDispatcher({
      db,
      log,
      subscribers: [
        writer('flaky', seen, (e) => {
          if (e.id === ids[1]) {
            tries += 1;
            throw new Error('cannot handle it');
          }
        }),
      ],
    });
    await d.start();
    for (let i = 1; i < MAX_FAILURES; i++) {
      await d.deliverOnce('flaky');
      expect(await seenBy('flaky')).toEqual([ids[0]]);
    }
    const [cursor] = rows<{ failures: number; last_error: string }>(
      await database.db.execute(sql`select failures, last_error from domain_event_cursors where subscriber = 'flaky'`),
    );
    expect(cursor).toEqual({ failures: MAX_FAILURES - 1, last_error: 'cannot handle it' });
    await d.deliverOnce('flaky');
    expect(tries).toBe(MAX_FAILURES);
    expect(await seenBy('flaky')).toEqual([ids[0], ids[2]]);
    await d.close();
  });

  it('skipping: events recorded while a subscriber is skipped never reach it', async () => {
    const seen: number[] = [];
    const d = createEventDispatcher({ db, log, subscribers: [writer('skipper', seen)] });
    await d.start();
    await d.skipping(['skipper'], () => recordMany(3));
    const [later] = await recordMany(1);
    await d.sweep();
    expect(await seenBy('skipper')).toEqual([later]);
    await d.close();
  });

  it('prune: deletes old events every subscriber has passed, keeps what one still waits for', async () => {
    const fast: number[] = [];
    const slow: number[] = [];
    // not started: no run woken by the commits, each run below is the test's
    const d = createEventDispatcher({ db, log, subscribers: [writer('fast', fast), writer('slow', slow)] });
    await database.db.execute(sql`insert into domain_event_cursors (subscriber) values ('fast'), ('slow')`);
    const ids = await recordMany(4);
    await d.deliverOnce('fast');
    // 'slow' has read the first two only
    const two = createEventDispatcher({ db, log, subscribers: [writer('slow', slow)], batchSize: 2 });
    await two.deliverOnce('slow');
    const future = new Date(Date.now() + 60_000);
    // nothing is old enough yet
    expect(await d.prune(new Date(Date.now() - 60_000))).toBe(0);
    expect(await d.prune(future)).toBe(2);
    const left = rows<{ id: string | number }>(
      await database.db.execute(sql`select id from domain_events order by id`),
    );
    expect(left.map((r) => Number(r.id))).toEqual(ids.slice(2));
    // the slow subscriber still gets the rest, once everything is read the rest may go
    await d.deliverOnce('slow');
    expect(await seenBy('slow')).toEqual(ids);
    expect(await d.prune(future)).toBe(2);
    expect(await count()).toBe(0);
    await d.close();
    await two.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: an event committed after a later one is not passed over by the cursor',
    async () => {
      const seen: number[] = [];
      const d = createEventDispatcher({ db, log, subscribers: [writer('order', seen)] });
      await d.start();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let earlyId = 0;
      let recorded: () => void = () => undefined;
      const written = new Promise<void>((resolve) => (recorded = resolve));
      // the first transaction takes its id and waits; a second commits meanwhile
      const early = database.db.transaction(async (tx) => {
        earlyId = await recordEvent(tx as unknown as Db, event(1));
        recorded();
        await gate;
      });
      try {
        await written;
        const late = await database.db.transaction((tx) => recordEvent(tx as unknown as Db, event(2)));
        expect(late).toBeGreaterThan(earlyId);
        await d.sweep();
        let run = await d.deliverOnce('order');
        // a pass the late event's notification began may still run (a busy machine): let it end
        for (let i = 0; run.busy && i < 250; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          run = await d.deliverOnce('order');
        }
        // the late event waits behind the running transaction: nothing delivered, the cursor did not pass it
        expect(run).toMatchObject({ busy: false, handled: 0, heldBack: true });
        expect(await seenBy('order')).toEqual([]);
        release();
        await early;
        await d.sweep();
        expect((await seenBy('order')).sort((x, y) => x - y)).toEqual([earlyId, late]);
      } finally {
        release();
        await early.catch(() => undefined);
        await d.close();
      }
    },
  );
});
