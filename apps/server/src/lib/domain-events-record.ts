import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DOMAIN_EVENT_AGGREGATES,
  domainEventPayloadSchemas,
  type DomainActor,
  type DomainEventType,
  type NewDomainEvent,
} from '@tourdesk/contract';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema/index';

/** Recording domain events in the transaction making the change (domain-events.ts). */

const recording = new AsyncLocalStorage<{ recorded: boolean }>();
/** The dispatchers of this process, woken right after a transaction that recorded events commits. */
export const wakeups = new Set<() => void>();
const wakeAll = (): void => {
  for (const wake of wakeups) wake();
};

/**
 * The app's database whose top-level transactions tell the dispatchers once they commit, when
 * they recorded an event (so real time stays fast without polling). A nested call (a savepoint
 * on a transaction) is the transaction's own business; an event written outside any transaction
 * wakes them after its insert.
 */
export const trackEventCommits = (db: Db): Db => {
  const tracked = Object.create(db) as Db;
  const transaction = (async (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    if (recording.getStore()) return db.transaction(fn as never, config as never);
    const state = { recorded: false };
    const result = await recording.run(state, () => db.transaction(fn as never, config as never));
    if (state.recorded) wakeAll();
    return result;
  }) as Db['transaction'];
  Object.defineProperty(tracked, 'transaction', { value: transaction });
  return tracked;
};

const actorColumns = (actor: DomainActor): { actor_type: string; actor_user_id: number | null } =>
  actor.type === 'user'
    ? { actor_type: 'user', actor_user_id: actor.user_id }
    : { actor_type: actor.type, actor_user_id: null };

/**
 * Records `event` in `q`, the transaction making the change (its payload checked against the
 * contract's schema first: a payload outside it throws, and the caller's transaction with it).
 * Answers the event's id.
 */
export const recordEvent = async <T extends DomainEventType>(q: Db, event: NewDomainEvent<T>): Promise<number> => {
  const parsed = domainEventPayloadSchemas[event.type].safeParse(event.payload);
  if (!parsed.success)
    throw new Error(`domain event ${event.type}: payload outside the contract: ${parsed.error.message}`);
  const [row] = await q
    .insert(domainEvents)
    .values({
      type: event.type,
      aggregate_type: DOMAIN_EVENT_AGGREGATES[event.type],
      aggregate_id: event.aggregateId,
      organizer_id: event.organizerId,
      ...actorColumns(event.actor),
      payload: parsed.data as Record<string, unknown>,
    })
    .returning({ id: domainEvents.id });
  const state = recording.getStore();
  if (state) state.recorded = true;
  else setImmediate(wakeAll);
  return row!.id;
};
