import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organizers } from './organizers';
import { users } from './users';

/**
 * Outgoing e-mail/SMS/messenger messages; the default transport only writes here. Status:
 * `stored` (no real transport: the outbox is the delivery), `queued` (enqueued, waiting for the
 * delivery sweep), `sending` (claimed by a node; next_attempt_at is its lease), `sent`, `failed`
 * (the last attempt failed: tried again at next_attempt_at, or given up when that is null).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** the HTML part of an e-mail (body is its plain-text part) */
    html: text('html'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('stored'),
    /** delivery attempts made so far */
    attempts: integer('attempts').notNull().default(0),
    /** when the delivery sweep tries (again); null: nothing more to do */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    /** why the last attempt failed */
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient),
    // the delivery sweep's claim: only rows still to be tried are in it
    index('outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.next_attempt_at} is not null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Files an outgoing e-mail carries (a contract PDF with a receipt), stored with the message until it is gone. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: serial('id').primaryKey(),
    outbox_id: integer('outbox_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outbox_id)],
);

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()): compared, never computed with here. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The domain events (issue 23): a transactional outbox. Every change someone reacts to is one row,
 * inserted in the transaction that makes the change (lib/domain-events.ts recordEvent), so it exists
 * exactly when the change does. `tx_id` is the inserting transaction's id: a subscriber reads only
 * rows of transactions older than every transaction still running (the snapshot's xmin), in
 * (tx_id, id) order, so an event committed late never falls behind a cursor that already passed
 * its id. Payloads are typed by the contract (domain-events.ts).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tx_id: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** the contract's DomainEventType: request.created, payment.received, chat.message_posted, … */
    type: text('type').notNull(),
    /** request | payment | chat | organizer | tour | user */
    aggregate_type: text('aggregate_type').notNull(),
    aggregate_id: integer('aggregate_id').notNull(),
    /** the organizer the change concerns (its channel, its members); null for a user's own */
    organizer_id: integer('organizer_id'),
    /** user | tourist | system | operator */
    actor_type: text('actor_type').notNull(),
    actor_user_id: integer('actor_user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_stream_idx').on(t.tx_id, t.id)],
);

/**
 * Each subscriber's place in the stream: the (tx_id, id) of the last event it handled. A node
 * delivers to a subscriber only while it holds the subscriber's row (FOR UPDATE SKIP LOCKED), and
 * moves it in the transaction that handled the events, so each event reaches each subscriber once
 * across nodes, and again only when that transaction did not commit (at least once).
 */
export const domainEventCursors = pgTable('domain_event_cursors', {
  subscriber: text('subscriber').primaryKey(),
  last_tx_id: xid8('last_tx_id')
    .notNull()
    .default(sql`'0'::xid8`),
  last_id: bigint('last_id', { mode: 'number' }).notNull().default(0),
  /** the event that failed last (tried again on the next run, skipped after a few failures) */
  failed_event_id: bigint('failed_event_id', { mode: 'number' }),
  failures: integer('failures').notNull().default(0),
  last_error: text('last_error'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded images, files and videos; bytes live in storage (disk or S3) under storage_key. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id').references(() => organizers.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    bucket: text('bucket'),
    storage_key: text('storage_key').notNull(),
    original_name: text('original_name'),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    is_public: boolean('is_public').notNull().default(true),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    video_url: text('video_url'),
    /**
     * SPEC §3 upload status: 2 (success) for every upload; a file a messenger sent (a Telegram
     * reply) is 1 (in progress, no bytes yet: storage_key '') until the server has received it, then
     * 2, or 3 when it could not be.
     */
    download_status: smallint('download_status').notNull().default(2),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_organizer_idx').on(t.organizer_id),
    // the sweep of downloads a lost node left in progress
    index('files_downloading_idx')
      .on(t.created_at)
      .where(sql`${t.download_status} = 1`),
  ],
);
