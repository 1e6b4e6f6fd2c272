import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_organizer_idx').on(t.organizer_id)],
);
