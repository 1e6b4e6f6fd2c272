import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizers } from './organizers';
import { users } from './users';

/** Outgoing e-mail/SMS/messenger messages; the default transport only writes here. */
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
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient)],
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
