import {
  DOMAIN_EVENT_TYPES,
  type DomainActor,
  type DomainEvent,
  type DomainEventType,
  type Publish,
  type PublishAudience,
  type RealtimeActor,
  type RealtimeEvent,
  type RealtimePayloads,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import type { Subscriber } from '../../lib/domain-events';

/** A payload as a handler makes it: `actor` is added from the event (distributes over unions). */
export type WithoutActor<T> = T extends unknown ? Omit<T, 'actor'> : never;

/** Publishes one SPEC §4 event of the domain event being handled; the actor is the event's. */
export type Tell = <E extends RealtimeEvent>(
  channel: string,
  event: E,
  payload: WithoutActor<RealtimePayloads[E]>,
  audience?: PublishAudience,
) => void;

/**
 * What a module publishes for the domain events it knows: per type, a function of the event, the
 * delivery transaction (read there only: on PGlite another connection would wait for it) and `tell`.
 */
export type RealtimeHandlers = {
  [T in DomainEventType]?: (event: DomainEvent<T>, tx: Db, tell: Tell) => Promise<void> | void;
};

/**
 * Who acted, as a channel's readers may learn it: a member's user id on the organizer's and the
 * user's own channels; on a traveller's chat channel and support's only that a member acted.
 */
export const realtimeActorOf = (actor: DomainActor, channel: string): RealtimeActor => ({
  type: actor.type,
  user_id:
    actor.type === 'user' && (channel.startsWith('organizer:') || channel.startsWith('user:')) ? actor.user_id : null,
});

/** The subscriber name of real-time publication (its cursor in domain_event_cursors). */
export const REALTIME_SUBSCRIBER = 'realtime';

/**
 * Real-time publication (issue 23) as a subscriber of the domain events: each module's handlers
 * turn an event into the SPEC §4 publications its channels get (plugins/realtime.ts publish stays
 * the transport; with Redis every node's sockets get them from whichever node delivered). At least
 * once: a publication may repeat after a node died before its cursor moved; every listener
 * refetches or puts things in place by id, so a repeat changes nothing.
 */
export const createRealtimeSubscriber = (deps: {
  publish: Publish;
  handlers: readonly RealtimeHandlers[];
}): Subscriber => {
  const byType = new Map<DomainEventType, NonNullable<RealtimeHandlers[DomainEventType]>[]>();
  for (const handlers of deps.handlers)
    for (const type of DOMAIN_EVENT_TYPES) {
      const handle = handlers[type] as RealtimeHandlers[DomainEventType] | undefined;
      if (handle) byType.set(type, [...(byType.get(type) ?? []), handle]);
    }
  return {
    name: REALTIME_SUBSCRIBER,
    types: [...byType.keys()],
    handle: async (tx, event) => {
      const tell: Tell = (channel, name, payload, audience) =>
        deps.publish(
          channel,
          name,
          { ...payload, actor: realtimeActorOf(event.actor, channel) } as unknown as RealtimePayloads[typeof name],
          audience,
        );
      for (const handle of byType.get(event.type) ?? [])
        await (handle as (e: DomainEvent, tx: Db, tell: Tell) => Promise<void> | void)(event, tx, tell);
    },
  };
};
