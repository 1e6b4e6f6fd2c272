import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { organizers } from './organizers';
import { outboxMessages } from './system';
import { users } from './users';

/** One kind's settings: sent by itself or not, and the organizer's own texts per language. */
export interface TravellerMessageKindSetting {
  enabled?: boolean;
  texts?: { en?: { subject: string; body: string } | null; ru?: { subject: string; body: string } | null };
}

/** An organizer's settings of its travellers' messages (issue 24); no row: everything on, shipped texts. */
export const travellerMessageSettings = pgTable('traveller_message_settings', {
  organizer_id: integer('organizer_id')
    .primaryKey()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  /** en | ru; null: the language of the organizer's owner */
  default_language: text('default_language'),
  attach_contract: boolean('attach_contract').notNull().default(true),
  kinds: jsonb('kinds').$type<Record<string, TravellerMessageKindSetting>>().notNull().default({}),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every message sent to a request's traveller (issue 24): the request page's timeline. `dedupe_key`
 * names what it answers (`event:<domain event id>`, `departure:<day>`, `manual:<uuid>`): one message
 * per key, kind, channel and recipient, so an event handled twice never sends twice. The delivery
 * itself is the outbox row (`outbox_id`): its status is the message's.
 */
export const travellerMessages = pgTable(
  'traveller_messages',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupe_key: text('dedupe_key').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    recipient_name: text('recipient_name').notNull().default(''),
    language: text('language').notNull(),
    /**
     * pending (planned in the event's delivery transaction), composing (a node renders it until
     * lease_until), composed (handed to the outbox), skipped (not sent: `error` says why)
     */
    state: text('state').notNull().default('pending'),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    /** not rendered before this time (a review request goes a delay after the trip); null: at once */
    send_after: timestamp('send_after', { withTimezone: true }),
    /** what the event said that the message needs (amounts, an invoice, a meet-data send) */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    subject: text('subject').notNull().default(''),
    html: text('html').notNull().default(''),
    text: text('text').notNull().default(''),
    outbox_id: integer('outbox_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    /** the e-mail's open image carries it (random; never the id) */
    open_token: text('open_token').notNull(),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    /** sent again by hand: who */
    sent_by_user_id: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('traveller_messages_dedupe_uq').on(t.request_id, t.kind, t.dedupe_key, t.channel, t.recipient),
    uniqueIndex('traveller_messages_open_token_uq').on(t.open_token),
    index('traveller_messages_request_idx').on(t.request_id, t.id),
    // the composer's claim: only messages still to render are in it
    index('traveller_messages_pending_idx')
      .on(t.id)
      .where(sql`${t.state} IN ('pending', 'composing')`),
    index('traveller_messages_outbox_idx')
      .on(t.outbox_id)
      .where(sql`${t.outbox_id} IS NOT NULL`),
  ],
);
