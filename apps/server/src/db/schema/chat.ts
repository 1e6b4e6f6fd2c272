import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { organizers, partnerSites } from './organizers';
import { files } from './system';
import { tours } from './tours';
import { users } from './users';

/**
 * SPEC §3 Chat: an organizer's conversation with a traveller (kind `tourist`) or with a site's
 * support (kind `support`, one per organizer and site). The read marks of both sides live on the
 * row: the organizer's (one for all its members) and the other side's (the traveller or support),
 * each the id of the last message read, with the count of the side's unread messages kept in the
 * same transaction as every message written, read or deleted (the badge never counts rows).
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the support chat's site */
    site_id: integer('site_id').references(() => partnerSites.id, { onDelete: 'cascade' }),
    /** the tour the traveller wrote about */
    tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    traveller_name: text('traveller_name').notNull().default(''),
    traveller_email: text('traveller_email').notNull().default(''),
    /**
     * A random secret the traveller's link token is derived from (an HMAC of the chat id and it,
     * chat-token.ts): the token is never stored, and a new secret revokes every link at once.
     */
    link_secret: text('link_secret').notNull(),
    is_frozen: boolean('is_frozen').notNull().default(false),
    /** who froze it: the support operator's name as the provider reads it; null when not frozen */
    frozen_by: text('frozen_by'),
    /** the newest message (no foreign key: messages reference their chat) */
    last_message_id: integer('last_message_id'),
    organizer_read_id: integer('organizer_read_id').notNull().default(0),
    organizer_unread: integer('organizer_unread').notNull().default(0),
    /** the traveller's, in a tourist chat; support's, in a support chat */
    counterpart_read_id: integer('counterpart_read_id').notNull().default(0),
    counterpart_unread: integer('counterpart_unread').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the last message's time: the list's order */
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the list: an organizer's chats, the last written to first (and its total, and the unread sum)
    index('chats_org_updated_idx').on(t.organizer_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // support's list: every chat of a kind, the last written to first
    index('chats_kind_updated_idx').on(t.kind, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('chats_support_uq')
      .on(t.organizer_id, t.site_id)
      .where(sql`${t.kind} = 'support'`),
    check('chats_kind', sql`${t.kind} IN ('tourist', 'support')`),
    check(
      'chats_read_marks',
      sql`${t.organizer_unread} >= 0 AND ${t.counterpart_unread} >= 0 AND ${t.organizer_read_id} >= 0 AND ${t.counterpart_read_id} >= 0`,
    ),
  ],
);

/**
 * A message of a chat. `author`: the organizer (a member, `author_user_id`), the traveller,
 * support, or `note`: written by the server for the organizer's side only (an e-mail held because
 * it came from an address that is not the traveller's); the traveller never sees a note. `text` is plain text (never HTML) of 0..5000 characters (empty only with a file).
 * `client_id` is the sender's own id of the message: the same one from the same side of the same
 * chat is the same message (a retried send). Deleted and moderated messages keep their row.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull().default(''),
    text: text('text').notNull().default(''),
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    client_id: text('client_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    moderated_at: timestamp('moderated_at', { withTimezone: true }),
    /** the operator who last edited, hid or deleted it (their name as support signs, issue 30) */
    edited_by: text('edited_by'),
    moderated_by: text('moderated_by'),
    deleted_by: text('deleted_by'),
  },
  (t) => [
    // a chat's pages, newest first
    index('chat_messages_chat_id_idx').on(t.chat_id, t.id.desc().nullsFirst()),
    uniqueIndex('chat_messages_client_uq')
      .on(t.chat_id, t.author, t.client_id)
      .where(sql`${t.client_id} IS NOT NULL`),
    index('chat_messages_file_idx')
      .on(t.file_id)
      .where(sql`${t.file_id} IS NOT NULL`),
    check('chat_messages_author', sql`${t.author} IN ('organizer', 'traveller', 'support', 'note')`),
    check('chat_messages_text_length', sql`char_length(${t.text}) <= 5000`),
  ],
);

/** The requests a chat is about (list-for-chat); a request belongs to one chat at most. */
export const chatRequests = pgTable(
  'chat_requests',
  {
    chat_id: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chat_id, t.request_id] }), uniqueIndex('chat_requests_request_uq').on(t.request_id)],
);

/**
 * E-mails that came in through the inbound webhook (issue 24): replies to the per-request
 * Reply-To address (`reply+<request id>-<signature>@INBOUND_EMAIL_DOMAIN`). `posted`: from the
 * request's customer or one of its tourists, posted into the request's chat as the traveller;
 * `held`: from anyone else (or into a chat that takes no traveller messages), kept here and shown
 * to the provider as a note. The mail service's Message-ID names a mail: the same one again for
 * the same request is the same mail (a retried delivery) and changes nothing.
 */
export const inboundEmails = pgTable(
  'inbound_emails',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** the chat it was posted (or noted) in; null when nothing was written into a chat */
    chat_id: integer('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    /** the sender's address, lower-case */
    from_address: text('from_address').notNull(),
    subject: text('subject').notNull().default(''),
    /** the text as posted: the quoted earlier message stripped */
    text: text('text').notNull().default(''),
    message_id: text('message_id').notNull(),
    status: text('status').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_emails_message_uq').on(t.request_id, t.message_id),
    index('inbound_emails_org_idx').on(t.organizer_id, t.created_at),
    check('inbound_emails_status', sql`${t.status} IN ('posted', 'held')`),
  ],
);
