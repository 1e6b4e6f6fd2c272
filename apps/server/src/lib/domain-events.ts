/**
 * Domain events (issue 23; ARCHITECTURE.md): the one way a side effect hangs on a change.
 *
 * A service records what happened with `recordEvent(tx, event)` in the transaction that makes the
 * change (a transactional outbox, `domain_events`): a change rolled back leaves no event, a change
 * committed always has its events. Subscribers (real time, members' notifications, later customer
 * messages, webhooks, report counters) read the stream after the commit through the dispatcher
 * (domain-events-dispatcher.ts), each from its own cursor, at least once, and each event once per
 * subscriber across nodes. Recording is in domain-events-record.ts; both are reached from here.
 */

export { recordEvent, trackEventCommits } from './domain-events-record';
export {
  DOMAIN_EVENT_RETENTION_MS,
  DOMAIN_EVENT_SWEEP_INTERVAL_MS,
  DeliveryStopped,
  MAX_FAILURES,
  createEventDispatcher,
} from './domain-events-dispatcher';
export type { EventDispatcher, RunResult, Subscriber } from './domain-events-dispatcher';
