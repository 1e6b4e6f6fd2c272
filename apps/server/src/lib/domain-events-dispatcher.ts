import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, DomainEventType } from '@tourdesk/contract';
import type { Db } from '../db/client';
import { wakeups } from './domain-events-record';

/** Delivering the domain events to their subscribers after commit (domain-events.ts). */

/** A reader of the stream: its name (its cursor), the types it handles, and how. */
export interface Subscriber {
  name: string;
  /** the types it handles; its cursor moves over the others */
  types: readonly DomainEventType[];
  /**
   * Handles one event inside the delivery transaction `tx` (a savepoint of it): the subscriber's
   * own writes go there, so they commit with its cursor. May run again for the same event (a
   * node died before the commit): it must be idempotent. Throwing rolls back its savepoint; the
   * event is tried again on the next run, and skipped (logged) after MAX_FAILURES.
   */
  handle: (tx: Db, event: DomainEvent) => Promise<void>;
  /** after a run that handled events committed (start the outbox delivery, …) */
  afterCommit?: () => void;
}

/** How long a delivered event is kept (for a subscriber added later to catch up, and to look into). */
export const DOMAIN_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** How often server.ts sweeps the stream (the safety net: a wake-up lost, an event held back by a long transaction). */
export const DOMAIN_EVENT_SWEEP_INTERVAL_MS = 3_000;
const BATCH = 100;
export const MAX_FAILURES = 5;
/** A woken run that found events held back (an older transaction still running) or the cursor busy tries again after these. */
const RETRY_DELAYS_MS = [5, 10, 20, 40, 80, 160, 320, 640];

interface EventRow extends Record<string, unknown> {
  id: string | number;
  tx_id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: number;
  organizer_id: number | null;
  actor_type: string;
  actor_user_id: number | null;
  payload: Record<string, unknown>;
  created_at: string | Date;
}

const eventOf = (row: EventRow): DomainEvent =>
  ({
    id: Number(row.id),
    type: row.type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    organizerId: row.organizer_id,
    actor:
      row.actor_type === 'user' && row.actor_user_id
        ? { type: 'user', user_id: row.actor_user_id }
        : { type: row.actor_type as 'tourist' | 'system' | 'operator' },
    payload: row.payload,
    createdAt: new Date(row.created_at),
  }) as DomainEvent;

const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** What one delivery run did for one subscriber. */
export interface RunResult {
  /** another node (or run) holds the subscriber's cursor */
  busy: boolean;
  /** events read past the cursor (handled, passed over or failed) */
  read: number;
  handled: number;
  /** a full batch was read: there may be more */
  more: boolean;
  /** committed events wait behind an older transaction still running */
  heldBack: boolean;
}

/** Thrown inside a delivery transaction stopped midway (close, a test's kill): it rolls back. */
export class DeliveryStopped extends Error {
  constructor() {
    super('event delivery stopped');
  }
}

/**
 * Delivers the stream to its subscribers after commit. A run for one subscriber is ONE
 * transaction: it locks the subscriber's cursor row (FOR UPDATE SKIP LOCKED: a node finding it
 * locked leaves the run to the node holding it), reads the events past the cursor in (tx_id, id)
 * order — only those of transactions older than every transaction still running, so none commits
 * behind the cursor later — hands each to the subscriber in a savepoint, and moves the cursor in
 * the same transaction. A node dying midway rolls the whole run back: the next run (any node)
 * delivers the batch again (at least once; handlers are idempotent, and their own writes rolled
 * back with the cursor). Works alike on PGlite (one connection) and PostgreSQL.
 */
export const createEventDispatcher = (deps: {
  db: Db;
  log: FastifyBaseLogger;
  subscribers: readonly Subscriber[];
  /** events per run (tests make it small) */
  batchSize?: number;
  /**
   * Whether transactions can run side by side (PostgreSQL): only then can a committed event wait
   * behind an older one still running. PGlite runs one transaction at a time, so a run never
   * looks for held-back events there (one query less per delivery).
   */
  concurrent?: boolean;
}) => {
  const { db, log } = deps;
  const batchSize = deps.batchSize ?? BATCH;
  const paused = new Set<string>();
  let closed = false;
  /** set by stop(): the run in flight throws at its next event and rolls back */
  let stopping = false;

  const ensureCursors = async (): Promise<void> => {
    for (const s of deps.subscribers)
      await db.execute(sql`insert into domain_event_cursors (subscriber) values (${s.name}) on conflict do nothing`);
  };

  /** One run of one subscriber (see above). */
  const deliver = async (sub: Subscriber): Promise<RunResult> => {
    const result = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [cursor] = rowsOf<{
        last_tx_id: string;
        last_id: string | number;
        failed_event_id: string | null;
        failures: number;
      }>(
        await tx.execute(sql`
          select last_tx_id::text as last_tx_id, last_id, failed_event_id, failures
          from domain_event_cursors where subscriber = ${sub.name}
          for update skip locked`),
      );
      if (!cursor) return { busy: true, read: 0, handled: 0, more: false, heldBack: false };
      const rows = rowsOf<EventRow>(
        await tx.execute(sql`
          select id, tx_id::text as tx_id, type, aggregate_type, aggregate_id, organizer_id, actor_type,
                 actor_user_id, payload, created_at
          from domain_events
          where (tx_id, id) > (${cursor.last_tx_id}::xid8, ${Number(cursor.last_id)}::bigint)
            and tx_id < pg_snapshot_xmin(pg_current_snapshot())
          order by tx_id, id
          limit ${batchSize}`),
      );
      let position: { tx: string; id: number } | null = null;
      let handled = 0;
      let failure: { id: number; failures: number; error: string } | null = null;
      for (const row of rows) {
        if (stopping) throw new DeliveryStopped();
        const event = eventOf(row);
        if (sub.types.includes(event.type)) {
          try {
            await tx.transaction((inner) => sub.handle(inner as unknown as Db, event));
            handled += 1;
          } catch (err) {
            if (err instanceof DeliveryStopped) throw err;
            const failures = Number(cursor.failed_event_id) === event.id ? cursor.failures + 1 : 1;
            if (failures < MAX_FAILURES) {
              log.warn(
                { err, subscriber: sub.name, event_id: event.id, failures },
                'domain event: handler failed; tried again',
              );
              failure = { id: event.id, failures, error: errorText(err) };
              break;
            }
            log.error(
              { err, subscriber: sub.name, event_id: event.id, type: event.type },
              'domain event: skipped after repeated failures',
            );
          }
        }
        position = { tx: row.tx_id, id: event.id };
      }
      if (position)
        await tx.execute(sql`
          update domain_event_cursors
          set last_tx_id = ${position.tx}::xid8, last_id = ${position.id}, updated_at = now(),
              failed_event_id = null, failures = 0, last_error = null
          where subscriber = ${sub.name}`);
      if (failure)
        await tx.execute(sql`
          update domain_event_cursors
          set failed_event_id = ${failure.id}, failures = ${failure.failures}, last_error = ${failure.error}, updated_at = now()
          where subscriber = ${sub.name}`);
      // committed events of a transaction newer than one still running wait for it: look again soon
      const heldBack =
        deps.concurrent !== false &&
        rows.length < batchSize &&
        !failure &&
        rowsOf<{ held: boolean }>(
          await tx.execute(sql`
            select exists (
              select 1 from domain_events
              where (tx_id, id) > (${position?.tx ?? cursor.last_tx_id}::xid8, ${position?.id ?? Number(cursor.last_id)}::bigint)
            ) as held`),
        )[0]?.held === true;
      return { busy: false, read: rows.length, handled, more: rows.length === batchSize && !failure, heldBack };
    });
    if (result.handled > 0) sub.afterCommit?.();
    return result;
  };

  /** Runs one subscriber until its stream is drained (a run that read a full batch goes on). */
  const drain = async (sub: Subscriber): Promise<RunResult> => {
    let last: RunResult;
    do last = await deliver(sub);
    while (last.more && !closed && !stopping);
    return last;
  };

  // Each subscriber has its own background runner: real time never waits behind notifications.
  const runners = new Map<string, { running: Promise<void> | null; again: boolean; retry: NodeJS.Timeout | null }>();
  const wake = (sub: Subscriber, attempt = 0): void => {
    if (closed || paused.has(sub.name)) return;
    let r = runners.get(sub.name);
    if (!r) runners.set(sub.name, (r = { running: null, again: false, retry: null }));
    const runner = r;
    if (runner.running) {
      runner.again = true;
      return;
    }
    if (runner.retry) {
      clearTimeout(runner.retry);
      runner.retry = null;
    }
    runner.running = (async () => {
      let needsRetry = false;
      do {
        runner.again = false;
        try {
          const last = await drain(sub);
          needsRetry = last.busy || last.heldBack;
        } catch (err) {
          if (!(err instanceof DeliveryStopped))
            log.error({ err, subscriber: sub.name }, 'domain event delivery failed; the sweep tries again');
          needsRetry = false;
        }
      } while (runner.again && !closed && !stopping);
      if (needsRetry && !closed && !stopping && attempt < RETRY_DELAYS_MS.length) {
        runner.retry = setTimeout(() => {
          runner.retry = null;
          wake(sub, attempt + 1);
        }, RETRY_DELAYS_MS[attempt]);
        runner.retry.unref();
      }
    })().finally(() => {
      runner.running = null;
    });
  };
  const wakeEvery = (): void => {
    for (const sub of deps.subscribers) wake(sub);
  };

  const idle = async (): Promise<void> => {
    for (;;) {
      const inFlight = [...runners.values()].map((r) => r.running).filter((p): p is Promise<void> => p !== null);
      if (inFlight.length === 0) return;
      await Promise.all(inFlight);
    }
  };

  return {
    subscribers: deps.subscribers,
    /** Makes each subscriber's cursor (at the stream's start) and listens for commits. */
    start: async (): Promise<void> => {
      await ensureCursors();
      wakeups.add(wakeEvery);
    },
    /** Wakes every subscriber now (a transaction that recorded events committed). */
    wake: wakeEvery,
    /**
     * The sweep (server.ts, every DOMAIN_EVENT_SWEEP_INTERVAL_MS): every subscriber drained, in
     * turn. Answers how many events each handled.
     */
    sweep: async (): Promise<Record<string, number>> => {
      const out: Record<string, number> = {};
      for (const sub of deps.subscribers) {
        if (paused.has(sub.name) || closed) continue;
        // a woken run of this node first: the sweep is not turned away by its own node
        await runners.get(sub.name)?.running;
        let handled = 0;
        let last: RunResult;
        do {
          last = await deliver(sub);
          handled += last.handled;
        } while (last.more && !closed);
        out[sub.name] = handled;
      }
      return out;
    },
    /**
     * Deletes the events older than `before` that every subscriber's cursor has passed (server.ts
     * runs it with the sweep; DOMAIN_EVENT_RETENTION_MS). An event a subscriber still waits for is
     * kept, however old. Answers how many went.
     */
    prune: async (before: Date): Promise<number> => {
      const names = deps.subscribers.map((s) => s.name);
      if (names.length === 0) return 0;
      const done = rowsOf<{ n: string | number }>(
        await db.execute(sql`
          with slowest as (
            select last_tx_id, last_id from domain_event_cursors
            where subscriber in (${sql.join(
              names.map((n) => sql`${n}`),
              sql`, `,
            )})
            order by last_tx_id, last_id limit 1
          ), gone as (
            delete from domain_events e using slowest c
            where e.created_at < ${before.toISOString()}::timestamptz
              and (e.tx_id, e.id) <= (c.last_tx_id, c.last_id)
            returning 1
          )
          select count(*) as n from gone`),
      );
      return Number(done[0]?.n ?? 0);
    },
    /** One run of the named subscriber (tests). */
    deliverOnce: (name: string): Promise<RunResult> => deliver(deps.subscribers.find((s) => s.name === name)!),
    /**
     * Runs `fn` with the named subscribers paused, then moves their cursors past everything
     * recorded meanwhile: what `fn` does (the demo seed) is not news to them.
     */
    skipping: async <T>(names: readonly string[], fn: () => Promise<T>): Promise<T> => {
      for (const n of names) paused.add(n);
      await idle();
      try {
        return await fn();
      } finally {
        for (const n of names) {
          await db.execute(sql`
            update domain_event_cursors c
            set last_tx_id = e.tx_id, last_id = e.id, updated_at = now()
            from (select tx_id, id from domain_events order by tx_id desc, id desc limit 1) e
            where c.subscriber = ${n} and (e.tx_id, e.id) > (c.last_tx_id, c.last_id)`);
          paused.delete(n);
        }
      }
    },
    /** Resolves once no woken run is in flight (tests; shutdown). */
    idle,
    /**
     * Kills delivery midway: the run in flight throws at its next event and its transaction
     * rolls back (what a node dying does); nothing runs afterwards. Tests use it to show that
     * nothing is lost.
     */
    kill: async (): Promise<void> => {
      stopping = true;
      closed = true;
      wakeups.delete(wakeEvery);
      for (const r of runners.values()) if (r.retry) clearTimeout(r.retry);
      await idle();
    },
    close: async (): Promise<void> => {
      closed = true;
      wakeups.delete(wakeEvery);
      for (const r of runners.values()) if (r.retry) clearTimeout(r.retry);
      await idle();
    },
  };
};
export type EventDispatcher = ReturnType<typeof createEventDispatcher>;
