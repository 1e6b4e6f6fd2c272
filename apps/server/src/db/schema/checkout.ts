import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { organizers } from './organizers';
import { tourDates, tours } from './tours';

/** A checkout session's travellers per category and extras, as the traveller chose them. */
export interface CheckoutChoice {
  travellers: { category_id: number; count: number }[];
  extras: { extra_id: number; quantity: number }[];
  promo_code: string | null;
}

/**
 * A traveller's checkout (issue 27): the seats of its departure it holds (`seats` taken from the
 * departure's number_of_free_seats under the departure's row lock, as a request's hold is) and
 * the extras it chose (counted in the extras' stock while `status` is `held`). The traveller
 * holds it by a secret token (only its SHA-256 is kept). It ends `confirmed` (a request made from
 * it, `request_id`), `released` (the traveller left) or `expired` (the checkout sweep gave its
 * seats back once `expires_at` passed).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    tour_date_id: integer('tour_date_id')
      .notNull()
      .references(() => tourDates.id, { onDelete: 'cascade' }),
    /** held | confirmed | released | expired */
    status: text('status').notNull().default('held'),
    choice: jsonb('choice').$type<CheckoutChoice>().notNull(),
    /** the extras held, as the stock counts them: [{ extra_id, quantity }] */
    extras: jsonb('extras').$type<{ extra_id: number; quantity: number }[]>().notNull().default([]),
    seats: integer('seats').notNull(),
    /** what the server priced the choice at when the hold was taken (minor units) */
    total_minor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull().default('en'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** activity extends the hold up to here (taken + the limit) */
    max_expires_at: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    request_id: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** the confirm's key: the same key again answers the same booking */
    idempotency_key: text('idempotency_key'),
    ip: text('ip').notNull().default(''),
    /** the e-mail (and name) the traveller left: an abandoned checkout gets one message (issue 27) */
    contact_email: text('contact_email'),
    contact_name: text('contact_name').notNull().default(''),
    /** when the recovery sweep decided on it (sent, or not: sold out, booked since, switched off) */
    recovery_decided_at: timestamp('recovery_decided_at', { withTimezone: true }),
    /** the restoring link's token (its SHA-256), when the message was sent */
    recovery_token_hash: text('recovery_token_hash'),
    /** the abandoned session this one was restored from (its link): a booking from it is recovered */
    recovered_from: integer('recovered_from'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_token_uq').on(t.token_hash),
    index('checkout_sessions_held_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('checkout_sessions_recovery_uq').on(t.recovery_token_hash),
    index('checkout_sessions_recovery_idx')
      .on(t.created_at)
      .where(sql`${t.contact_email} IS NOT NULL AND ${t.recovery_decided_at} IS NULL`),
    index('checkout_sessions_date_idx')
      .on(t.tour_date_id)
      .where(sql`${t.status} = 'held'`),
  ],
);

/**
 * A traveller's secret link to their booking's page (issue 27): made at the checkout's confirm and
 * for each traveller message that carries it; only the token's SHA-256 is kept (a leaked table
 * opens no booking). Any number per request; each opens that request's page and nothing else.
 */
export const bookingLinks = pgTable(
  'booking_links',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_links_token_uq').on(t.token_hash), index('booking_links_request_idx').on(t.request_id)],
);
