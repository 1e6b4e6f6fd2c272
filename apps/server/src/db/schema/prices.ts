import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { requests } from './bookings';
import { organizers } from './organizers';
import { tours } from './tours';
import { users } from './users';

/**
 * Prices that fit real tours (issue 26): traveller categories and extras per tour, promo codes per
 * organizer, and what a booking's price was made of. Amounts are integers in minor units.
 */
const minor = (name: string) => bigint(name, { mode: 'number' });
const tourRef = () =>
  integer('tour_id')
    .notNull()
    .references(() => tours.id, { onDelete: 'cascade' });

/**
 * A traveller category of a tour (adult, child, infant…). `pricing`: base (the departure's price),
 * percent_off / amount_off (the departure's price less `value`), fixed (`value` whatever the
 * departure). Every tour has its adult (code 'adult', pricing base): a trigger adds it to each new
 * tour (migration 0021), and the migration gave one to every tour before it.
 */
export const tourTravellerCategories = pgTable(
  'tour_traveller_categories',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    position: integer('position').notNull().default(0),
    /** adult | child | infant | senior | student | custom */
    code: text('code').notNull(),
    name_en: text('name_en').notNull().default(''),
    name_ru: text('name_ru').notNull().default(''),
    age_from: integer('age_from'),
    age_to: integer('age_to'),
    pricing: text('pricing').notNull().default('base'),
    /** the percent for percent_off, the amount (major unit, as tour prices) for amount_off and fixed */
    value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
    takes_seat: boolean('takes_seat').notNull().default(true),
    min_per_booking: integer('min_per_booking').notNull().default(0),
    max_per_booking: integer('max_per_booking'),
  },
  (t) => [
    index('tour_traveller_categories_tour_idx').on(t.tour_id, t.position),
    uniqueIndex('tour_traveller_categories_adult_uq')
      .on(t.tour_id)
      .where(sql`${t.code} = 'adult'`),
    check('tour_traveller_categories_value', sql`${t.value} >= 0`),
  ],
);

/** An extra sold with a tour: per booking or per traveller, optional or mandatory, with a stock per departure or none. */
export const tourExtras = pgTable(
  'tour_extras',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    position: integer('position').notNull().default(0),
    name_en: text('name_en').notNull().default(''),
    name_ru: text('name_ru').notNull().default(''),
    price_minor: minor('price_minor').notNull(),
    /** booking | traveller */
    per: text('per').notNull().default('booking'),
    is_mandatory: boolean('is_mandatory').notNull().default(false),
    /** how many a departure has (held by requests holding seats there); null: no limit */
    stock: integer('stock'),
  },
  (t) => [
    index('tour_extras_tour_idx').on(t.tour_id, t.position),
    check('tour_extras_money', sql`${t.price_minor} >= 0 AND (${t.stock} IS NULL OR ${t.stock} >= 0)`),
  ],
);

/** An organizer's promo code: `uses_count` moves by one conditional UPDATE (never past uses_total). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** upper case, as matched */
    code: text('code').notNull(),
    /** percent | currency */
    value_type: text('value_type').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    valid_from: date('valid_from'),
    valid_to: date('valid_to'),
    /** empty: every tour of the organizer */
    tour_ids: integer('tour_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    uses_total: integer('uses_total'),
    uses_per_email: integer('uses_per_email'),
    is_combinable: boolean('is_combinable').notNull().default(false),
    uses_count: integer('uses_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.organizer_id, t.code),
    check(
      'promo_codes_uses',
      sql`${t.uses_count} >= 0 AND (${t.uses_total} IS NULL OR ${t.uses_count} <= ${t.uses_total})`,
    ),
  ],
);

/** A request that uses a promo code, by the e-mail it was used for (uses_per_email counts these). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promo_code_id: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    email: text('email').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_code_uses_request_uq').on(t.request_id),
    index('promo_code_uses_email_idx').on(t.promo_code_id, t.email),
  ],
);

/** Each change of a booking's travellers, extras, adjustments or promo code: who, what, before and after. */
export const requestChanges = pgTable(
  'request_changes',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** null: the system */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** what changed: travellers, extras, adjustments, promo_code (comma-separated when several) */
    what: text('what').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_changes_request_idx').on(t.request_id, t.id)],
);
