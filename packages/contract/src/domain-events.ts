import { z } from 'zod';
import { idSchema } from './entities/common';
import { chatAuthorSchema } from './entities/chat';
import {
  bookingStatusSchema,
  internalCheckStatusSchema,
  uploadStatusSchema,
  messengerSourceTypeSchema,
  pageTypeSchema,
  siteStatusSchema,
  verificationStatusSchema,
} from './enums';
import { DEPARTURE_CHANGES, TOURISTS_CHANGE_SOURCES } from './realtime-values';

/**
 * Domain events (issue 23, ARCHITECTURE.md "Domain events"): every state change someone reacts to
 * is written as one row of the server's `domain_events` outbox in the transaction that makes the
 * change. Subscribers (real time, notifications to members, later customer messages, webhooks,
 * report counters) read the stream after the commit. Each type's payload is typed by its schema
 * here; `recordEvent` refuses a payload its schema does not take. A payload names what changed
 * (ids, the new state); subscribers read anything else they need when they handle it.
 */

/** Who made a change: a signed-in user, a tourist (questionnaire, chat link), the system (sweeps, payments), support. */
export const domainActorSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('user'), user_id: idSchema }),
  z.strictObject({
    type: z.enum(['tourist', 'system', 'operator']),
  }),
]);
export type DomainActor = z.infer<typeof domainActorSchema>;
export const SYSTEM_ACTOR: DomainActor = { type: 'system' };
export const TOURIST_ACTOR: DomainActor = { type: 'tourist' };
export const OPERATOR_ACTOR: DomainActor = { type: 'operator' };
/** A user's action (0 or null, nobody signed in: the system). */
export const userActor = (userId: number | null | undefined): DomainActor =>
  userId ? { type: 'user', user_id: userId } : SYSTEM_ACTOR;

const money = z.object({ amount_minor: z.number().int(), currency: z.string().length(3) });

/** Each event type's payload schema; the type names read `<aggregate>.<what happened>`. */
export const domainEventPayloadSchemas = {
  /** a request was made (by a member, an agent's site, a tourist) */
  'request.created': z.strictObject({ request_id: idSchema, status: bookingStatusSchema }),
  /** a request moved from one status to another (request_status_history holds the line) */
  'request.status_changed': z.strictObject({
    request_id: idSchema,
    from: bookingStatusSchema.nullable(),
    status: bookingStatusSchema,
    /** false: the provider asked that the traveller not be told (a cancellation without notify_client) */
    notify_traveller: z.boolean().optional(),
    /** a cancellation's paid and kept amounts at its moment, minor units (issue 29: the refund follows at once) */
    paid_minor: z.number().int().optional(),
    penalty_minor: z.number().int().optional(),
  }),
  /** a request's details changed without a status move: contact, count, price, departure, hold, sale stage */
  'request.updated': z.strictObject({ request_id: idSchema, status: bookingStatusSchema }),
  /** a request's tourists changed (a member, or a tourist through the questionnaire link) */
  'request.tourists_changed': z.strictObject({ request_id: idSchema, source: z.enum(TOURISTS_CHANGE_SOURCES) }),
  /** an invoice was issued on a request (a member) */
  'invoice.issued': z.strictObject({ request_id: idSchema, invoice_id: idSchema, ...money.shape }),
  /** a succeeded payment was applied to its request (paid_minor raised, its invoice paid) */
  'payment.received': z.strictObject({ request_id: idSchema, payment_id: idSchema, ...money.shape }),
  /** (part of) a payment was returned (paid_minor lowered) */
  'payment.refunded': z.strictObject({ request_id: idSchema, payment_id: idSchema, ...money.shape }),
  /** the provider sent a request's meeting details (request_meet_data_sends holds what and to whom) */
  'request.meet_data_sent': z.strictObject({ request_id: idSchema, send_id: idSchema }),
  /** a prepaid request's balance falls due: its payment link goes to the traveller once (the payment sweep) */
  'request.balance_due': z.strictObject({ request_id: idSchema, invoice_id: idSchema }),
  /** a chat was opened (by a traveller, the organizer, the organizer's support chat) */
  'chat.created': z.strictObject({ chat_id: idSchema }),
  /** a chat's list entry changed (its last message, requests, freeze) */
  'chat.updated': z.strictObject({ chat_id: idSchema }),
  /** a message was written; what the members' notification shows of it is carried */
  'chat.message_posted': z.strictObject({
    chat_id: idSchema,
    message_id: idSchema,
    author: chatAuthorSchema,
    author_name: z.string(),
    text: z.string(),
    attachment_name: z.string().nullable(),
  }),
  /** support edited, deleted or moderated a message */
  'chat.message_changed': z.strictObject({
    chat_id: idSchema,
    message_id: idSchema,
    change: z.enum(['edited', 'deleted', 'moderated']),
  }),
  /** one side read the chat up to a message (0: the chat had none) */
  'chat.read': z.strictObject({
    chat_id: idSchema,
    reader: chatAuthorSchema,
    last_read_id: z.number().int().nonnegative(),
  }),
  /** support froze or unfroze a chat */
  'chat.frozen': z.strictObject({ chat_id: idSchema, is_frozen: z.boolean() }),
  /**
   * a message's file sent from a messenger (a Telegram reply) was received (2) or could not be (3);
   * it was posted in progress (1)
   */
  'chat.attachment_status_changed': z.strictObject({
    chat_id: idSchema,
    message_id: idSchema,
    file_id: idSchema,
    download_status: uploadStatusSchema,
  }),
  /** the organizer's requisites or checks changed (its profile, the operator's verification) */
  'organizer.requisites_changed': z.strictObject({
    internal_check_status: internalCheckStatusSchema,
    verification_status: verificationStatusSchema,
  }),
  /** a partnership's status on a partner site changed */
  'partner.site_status_changed': z.strictObject({
    site_id: idSchema,
    status: siteStatusSchema,
    is_published_on_site: z.boolean(),
  }),
  /** a tour was published by its organizer (sent to its connected sites' moderation) */
  'tour.published': z.strictObject({ tour_id: idSchema }),
  /** one tour's moderation status on a partner site changed (the operator) */
  'tour.site_status_changed': z.strictObject({ tour_id: idSchema, site_id: idSchema, status: siteStatusSchema }),
  /** a page of the organizer's own site was published (site constructor): its draft became this version */
  'site.published': z.strictObject({
    site_id: idSchema,
    organizer_id: idSchema,
    page_type: pageTypeSchema,
    version: z.number().int().positive(),
  }),
  /** a traveller wrote or edited a review, or a member answered, hid or reported one (issue 28) */
  'review.changed': z.strictObject({
    review_id: idSchema,
    change: z.enum(['created', 'edited', 'answered', 'hidden', 'reported']),
  }),
  /** a departure's guides changed, a traveller was checked in, it was canceled or messaged (issue 29) */
  'departure.changed': z.strictObject({
    tour_date_id: idSchema,
    change: z.enum(DEPARTURE_CHANGES),
  }),
  /** a user's phone was confirmed */
  'user.phone_confirmed': z.strictObject({ user_id: idSchema }),
  /** a user linked a messenger chat for notifications */
  'user.messenger_linked': z.strictObject({ user_id: idSchema, source_type: messengerSourceTypeSchema }),
} as const;

export type DomainEventType = keyof typeof domainEventPayloadSchemas;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventPayloadSchemas) as DomainEventType[];
export type DomainEventPayloads = { [T in DomainEventType]: z.infer<(typeof domainEventPayloadSchemas)[T]> };

/** What the aggregate of each type is (the row's aggregate_type); its id is aggregate_id. */
export const DOMAIN_EVENT_AGGREGATES = {
  'request.created': 'request',
  'request.status_changed': 'request',
  'request.updated': 'request',
  'request.tourists_changed': 'request',
  'request.meet_data_sent': 'request',
  'request.balance_due': 'request',
  'invoice.issued': 'invoice',
  'payment.received': 'payment',
  'payment.refunded': 'payment',
  'chat.created': 'chat',
  'chat.updated': 'chat',
  'chat.message_posted': 'chat',
  'chat.message_changed': 'chat',
  'chat.read': 'chat',
  'chat.frozen': 'chat',
  'chat.attachment_status_changed': 'chat',
  'organizer.requisites_changed': 'organizer',
  'partner.site_status_changed': 'organizer',
  'tour.published': 'tour',
  'tour.site_status_changed': 'tour',
  'site.published': 'site',
  'review.changed': 'review',
  'departure.changed': 'tour_date',
  'user.phone_confirmed': 'user',
  'user.messenger_linked': 'user',
} as const satisfies Record<DomainEventType, string>;

/** One event to record: its type, payload, the aggregate's id, the organizer it concerns (null: a user's own) and who acted. */
export type NewDomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    type: K;
    aggregateId: number;
    organizerId: number | null;
    actor: DomainActor;
    payload: DomainEventPayloads[K];
  };
}[T];

/** A recorded event as subscribers receive it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    id: number;
    type: K;
    aggregateType: string;
    aggregateId: number;
    organizerId: number | null;
    actor: DomainActor;
    payload: DomainEventPayloads[K];
    createdAt: Date;
  };
}[T];
