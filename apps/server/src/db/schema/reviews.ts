import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { chats } from './chat';
import { organizers } from './organizers';
import { tourDates, tours } from './tours';
import { users } from './users';

/**
 * A traveller's review of a trip (issue 28): written through the secret link of the review request
 * (review_links), one per traveller (`author_key`: the e-mail in lower case, or `telegram:<chat>`)
 * and departure (or request, when it has no departure). Editable by its author until answered.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    tour_date_id: integer('tour_date_id').references(() => tourDates.id, { onDelete: 'set null' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    author_key: text('author_key').notNull(),
    /** the name shown with the review (the traveller's choice) */
    display_name: text('display_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    /** uploaded image ids (public files of the organizer), in order */
    photo_ids: jsonb('photo_ids').$type<number[]>().notNull().default([]),
    language: text('language').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
    /** hidden from the organizer's site (support still sees it): when, why and by whom */
    hidden_at: timestamp('hidden_at', { withTimezone: true }),
    hidden_reason: text('hidden_reason'),
    hidden_by_user_id: integer('hidden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the organizer's public answer (one, editable) */
    answer: text('answer'),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    answer_edited_at: timestamp('answer_edited_at', { withTimezone: true }),
    answered_by_user_id: integer('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** reported to support: the support chat it was reported in */
    support_chat_id: integer('support_chat_id').references(() => chats.id, { onDelete: 'set null' }),
    reported_at: timestamp('reported_at', { withTimezone: true }),
    /** any change (the public site's page cache is keyed by the newest) */
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_request_author_uq').on(t.request_id, t.author_key),
    uniqueIndex('reviews_departure_author_uq')
      .on(t.tour_date_id, t.author_key)
      .where(sql`${t.tour_date_id} IS NOT NULL`),
    index('reviews_organizer_idx').on(t.organizer_id, t.created_at),
    index('reviews_tour_idx').on(t.tour_id, t.created_at),
  ],
);

/**
 * The secret links of the review requests: only the token's SHA-256 is kept; each names the
 * request and the traveller it is for, and lapses 30 days after it was made.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    author_key: text('author_key').notNull(),
    author_name: text('author_name').notNull().default(''),
    language: text('language').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_links_token_uq').on(t.token_hash)],
);

/** An organizer's review settings; no row: the request goes 24 hours after the trip. */
export const reviewSettings = pgTable('review_settings', {
  organizer_id: integer('organizer_id')
    .primaryKey()
    .references(() => organizers.id, { onDelete: 'cascade' }),
  delay_hours: integer('delay_hours').notNull().default(24),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
