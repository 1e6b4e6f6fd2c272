import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { tourDates } from './tours';
import { users } from './users';

/**
 * A traveller's check-in on the day of a departure (issue 29, the manifest): one row per request
 * place (UNIQUE: a traveller is never checked in twice), its state, who set it, when, and the
 * client's idempotency key of the last action (a replay from the offline queue changes nothing).
 * Clearing a check-in deletes its row.
 */
export const departureCheckins = pgTable(
  'departure_checkins',
  {
    id: serial('id').primaryKey(),
    tour_date_id: integer('tour_date_id')
      .notNull()
      .references(() => tourDates.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** 1-based place of the traveller in the request (a named tourist's or a place not named yet) */
    place: integer('place').notNull(),
    /** checked_in | no_show */
    status: text('status').notNull(),
    by_user_id: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    client_key: text('client_key').notNull(),
  },
  (t) => [
    uniqueIndex('departure_checkins_place_uq').on(t.request_id, t.place),
    index('departure_checkins_tour_date_idx').on(t.tour_date_id),
    check('departure_checkins_status_ck', sql`${t.status} in ('checked_in', 'no_show')`),
  ],
);
