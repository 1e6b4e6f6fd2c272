import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizers, partnerSites } from './organizers';
import { files } from './system';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money in the major unit, two decimals; drizzle hands numerics over as text. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Reference values a tour picks from (regions, cities, rest kinds, collections, showplaces,
 * activities), with en and ru names. Tours hold their ids.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: serial('id').primaryKey(),
    /** region | city | rest_kind | collection | showplace | activity */
    kind: text('kind').notNull(),
    name_en: text('name_en').notNull(),
    name_ru: text('name_ru').notNull(),
    country_code: text('country_code'),
  },
  (t) => [uniqueIndex('catalogue_items_kind_name_uq').on(t.kind, t.name_en)],
);

/** SPEC §3 Tour: its scalar fields as columns; every list is a child table below (or an id array). */
export const tours = pgTable(
  'tours',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    name: text('name').notNull().default(''),
    /** the slug; '' until set, unique per organizer otherwise */
    screen_name: text('screen_name').notNull().default(''),
    type: smallint('type').notNull().default(1),
    schedule_type: smallint('schedule_type').notNull().default(1),
    is_periodical: boolean('is_periodical').notNull().default(false),
    is_dates_preliminary: boolean('is_dates_preliminary').notNull().default(false),
    is_program_preliminary: boolean('is_program_preliminary').notNull().default(false),
    // content
    description: text('description').notNull().default(''),
    video_url: text('video_url'),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    region_ids: integer('region_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    host_city_ids: integer('host_city_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    rest_kind_ids: integer('rest_kind_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    collection_ids: integer('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    showplace_ids: integer('showplace_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    main_activity_id: integer('main_activity_id').references(() => catalogueItems.id, { onDelete: 'set null' }),
    // price and terms
    currency: text('currency').notNull().default('RUB'),
    price: money('price'),
    difficulty: smallint('difficulty'),
    gathering_place: text('gathering_place').notNull().default(''),
    group_min: integer('group_min'),
    group_max: integer('group_max'),
    duration: integer('duration'),
    duration_hours: numeric('duration_hours', { precision: 5, scale: 2 }),
    min_age: integer('min_age'),
    max_age: integer('max_age'),
    max_tourist_weight: integer('max_tourist_weight'),
    in_price: text('in_price').notNull().default(''),
    not_in_price: text('not_in_price').notNull().default(''),
    // comfort flags and accommodation
    base: boolean('base').notNull().default(false),
    base_plus: boolean('base_plus').notNull().default(false),
    medium: boolean('medium').notNull().default(false),
    improved: boolean('improved').notNull().default(false),
    premium: boolean('premium').notNull().default(false),
    living_base: text('living_base').notNull().default(''),
    // booking rules
    booking_end_hours: integer('booking_end_hours').notNull().default(12),
    booking_auto_end_one_hour: boolean('booking_auto_end_one_hour').notNull().default(false),
    /** the checkout makes its requests confirmed, with the prepayment invoice (issue 27); else request-to-book */
    instant_booking: boolean('instant_booking').notNull().default(false),
    is_request_period_limited: boolean('is_request_period_limited').notNull().default(false),
    request_period_from: date('request_period_from'),
    request_period_to: date('request_period_to'),
    use_standard_cancellation_terms: boolean('use_standard_cancellation_terms').notNull().default(true),
    is_insurance_included: boolean('is_insurance_included').notNull().default(false),
    is_insurance_required: boolean('is_insurance_required').notNull().default(false),
    insurance_description: text('insurance_description').notNull().default(''),
    insurance_price: money('insurance_price'),
    // media and location
    map_photo_file_id: integer('map_photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    copied_from_tour_id: integer('copied_from_tour_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('tours_organizer_status_idx').on(t.organizer_id, t.status, t.id),
    index('tours_organizer_type_idx').on(t.organizer_id, t.type),
    uniqueIndex('tours_organizer_screen_name_uq')
      .on(t.organizer_id, t.screen_name)
      .where(sql`${t.screen_name} <> ''`),
    check(
      'tours_group_range',
      sql`${t.group_min} IS NULL OR ${t.group_max} IS NULL OR ${t.group_min} <= ${t.group_max}`,
    ),
    check('tours_age_range', sql`${t.min_age} IS NULL OR ${t.max_age} IS NULL OR ${t.min_age} <= ${t.max_age}`),
    check('tours_price_nonnegative', sql`${t.price} IS NULL OR ${t.price} >= 0`),
  ],
);

const tourRef = () =>
  integer('tour_id')
    .notNull()
    .references(() => tours.id, { onDelete: 'cascade' });

/** Photos in the provider's order; at most one cover. */
export const tourPhotos = pgTable(
  'tour_photos',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    is_cover: boolean('is_cover').notNull().default(false),
    alt: text('alt').notNull().default(''),
  },
  (t) => [
    index('tour_photos_tour_idx').on(t.tour_id, t.position),
    uniqueIndex('tour_photos_cover_uq')
      .on(t.tour_id)
      .where(sql`${t.is_cover}`),
  ],
);

export const tourProgramDays = pgTable(
  'tour_program_days',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    day: integer('day').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    meals: text('meals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('tour_program_days_tour_day_uq').on(t.tour_id, t.day)],
);

export const tourProgramDayPhotos = pgTable(
  'tour_program_day_photos',
  {
    id: serial('id').primaryKey(),
    program_day_id: integer('program_day_id')
      .notNull()
      .references(() => tourProgramDays.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [index('tour_program_day_photos_day_idx').on(t.program_day_id, t.position)],
);

export const tourAccommodations = pgTable(
  'tour_accommodations',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    nights: integer('nights').notNull(),
  },
  (t) => [index('tour_accommodations_tour_idx').on(t.tour_id, t.position)],
);

/** A variant of an accommodation (room kind); a departure may be sold per variant (tour_dates.tour_variant). */
export const tourAccommodationVariants = pgTable(
  'tour_accommodation_variants',
  {
    id: serial('id').primaryKey(),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => tourAccommodations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull().default('0'),
    places: integer('places'),
  },
  (t) => [index('tour_accommodation_variants_idx').on(t.accommodation_id, t.position)],
);

export const tourQuestions = pgTable(
  'tour_questions',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    added_to_voucher: boolean('added_to_voucher').notNull().default(false),
  },
  (t) => [index('tour_questions_tour_idx').on(t.tour_id, t.position)],
);

/** SPEC §3 Guide: an organizer's guides, picked into tours. */
export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull().default(''),
    about: text('about').notNull().default(''),
    photo_file_id: integer('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** the member account this guide signs in with (issue 29); null for a guide without one */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('guides_organizer_idx').on(t.organizer_id),
    uniqueIndex('guides_organizer_user_uq').on(t.organizer_id, t.user_id),
  ],
);

export const tourGuides = pgTable(
  'tour_guides',
  {
    tour_id: tourRef(),
    guide_id: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tour_id, t.guide_id] }), index('tour_guides_guide_idx').on(t.guide_id)],
);

/** Cancelling days_before days or fewer before the start costs percent of the price. */
export const tourPenalties = pgTable(
  'tour_penalties',
  {
    tour_id: tourRef(),
    days_before: integer('days_before').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tour_id, t.days_before] })],
);

/** kind: early_booking_dates (date_from/to: when booked), early_booking_days (days_before), seasonal (date_from/to: the start). */
export const tourDiscounts = pgTable(
  'tour_discounts',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    date_from: date('date_from'),
    date_to: date('date_to'),
    days_before: integer('days_before'),
    value: money('value').notNull(),
    value_type: text('value_type').notNull().default('percent'),
  },
  (t) => [index('tour_discounts_tour_idx').on(t.tour_id, t.kind, t.position)],
);

/** Cities of the tour with how tourists arrive and leave. */
export const tourCities = pgTable(
  'tour_cities',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    city_id: integer('city_id')
      .notNull()
      .references(() => catalogueItems.id),
    position: integer('position').notNull(),
    arrival_enabled: boolean('arrival_enabled').notNull().default(false),
    arrival_transport: text('arrival_transport')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    arrival_day: integer('arrival_day'),
    arrival_time: text('arrival_time'),
    departure_enabled: boolean('departure_enabled').notNull().default(false),
    departure_transport: text('departure_transport')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    departure_day: integer('departure_day'),
    departure_time: text('departure_time'),
  },
  (t) => [index('tour_cities_tour_idx').on(t.tour_id, t.position)],
);

/** Moderation of the tour on each partner site (set by the marketplace operator). */
export const tourSiteStatuses = pgTable(
  'tour_site_statuses',
  {
    tour_id: tourRef(),
    site_id: integer('site_id')
      .notNull()
      .references(() => partnerSites.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('moderation'),
    /** why the operator sent it back (issue 30): the provider reads it on the tour; null otherwise */
    reason: text('reason'),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tour_id, t.site_id] })],
);

/**
 * A departure (SPEC §3 Tour date). number_of_free_seats is the server's: bookings hold and free
 * seats with one conditional UPDATE (`SET number_of_free_seats = number_of_free_seats - n WHERE
 * id = $1 AND number_of_free_seats >= n`), and the checks keep it within 0…number_of_seats. A
 * departure is one per (tour, start day, start time, variant); '' stands for no time or variant,
 * so the unique index holds for them too.
 */
export const tourDates = pgTable(
  'tour_dates',
  {
    id: serial('id').primaryKey(),
    tour_id: tourRef(),
    date_start: date('date_start').notNull(),
    date_end: date('date_end').notNull(),
    /** HH:mm, '' when the departure has no time */
    time_start: text('time_start').notNull().default(''),
    price: money('price').notNull(),
    days: integer('days').notNull(),
    number_of_seats: integer('number_of_seats').notNull(),
    number_of_free_seats: integer('number_of_free_seats').notNull(),
    full_payment_days: integer('full_payment_days'),
    prepayment_type: text('prepayment_type').notNull().default('percent'),
    prepayment_size: numeric('prepayment_size', { precision: 12, scale: 2 }).notNull().default('0'),
    not_guaranteed: boolean('not_guaranteed').notNull().default(false),
    flight_included: boolean('flight_included').notNull().default(false),
    /** the accommodation variant name it is sold with; '' for none */
    tour_variant: text('tour_variant').notNull().default(''),
    commentary: text('commentary').notNull().default(''),
    /** made by the week schedule sweep */
    is_from_schedule: boolean('is_from_schedule').notNull().default(false),
    /** when the provider canceled the whole departure (issue 29): closed for sale from then on */
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('tour_dates_departure_uq').on(t.tour_id, t.date_start, t.time_start, t.tour_variant),
    index('tour_dates_start_idx').on(t.date_start),
    check('tour_dates_seats', sql`${t.number_of_seats} > 0`),
    check('tour_dates_free_seats', sql`${t.number_of_free_seats} BETWEEN 0 AND ${t.number_of_seats}`),
    check('tour_dates_order', sql`${t.date_end} >= ${t.date_start}`),
    check('tour_dates_price', sql`${t.price} >= 0`),
  ],
);

/**
 * Guides assigned to one departure (issue 29): who runs it. A guide linked to a member account
 * (guides.user_id) with the role guide sees only the departures it is assigned to here.
 */
export const tourDateGuides = pgTable(
  'tour_date_guides',
  {
    tour_date_id: integer('tour_date_id')
      .notNull()
      .references(() => tourDates.id, { onDelete: 'cascade' }),
    guide_id: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tour_date_id, t.guide_id] }), index('tour_date_guides_guide_idx').on(t.guide_id)],
);

/** SPEC §3 Week schedule of a tour with schedule_type 2 (weekly). */
export const tourWeekSchedules = pgTable('tour_week_schedules', {
  tour_id: integer('tour_id')
    .primaryKey()
    .references(() => tours.id, { onDelete: 'cascade' }),
  publish_count_days: integer('publish_count_days').notNull().default(90),
  /** no departure is made after this day (the organizer's calendar); null: none */
  last_tour_date: date('last_tour_date'),
  // the departure template: what each departure the sweep makes is sold with
  price: money('price').notNull().default('0'),
  /** null: the tour's duration, else 1 */
  days: integer('days'),
  number_of_seats: integer('number_of_seats').notNull().default(1),
  full_payment_days: integer('full_payment_days'),
  prepayment_type: text('prepayment_type').notNull().default('percent'),
  prepayment_size: numeric('prepayment_size', { precision: 12, scale: 2 }).notNull().default('0'),
  not_guaranteed: boolean('not_guaranteed').notNull().default(false),
  flight_included: boolean('flight_included').notNull().default(false),
  commentary: text('commentary').notNull().default(''),
  updated_at: updatedAt(),
});

/** A weekday (Sunday 0) and a start time of the week schedule. */
export const tourWeekScheduleTimes = pgTable(
  'tour_week_schedule_times',
  {
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tourWeekSchedules.tour_id, { onDelete: 'cascade' }),
    day_of_week: smallint('day_of_week').notNull(),
    time: text('time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tour_id, t.day_of_week, t.time] }),
    check('tour_week_schedule_times_day', sql`${t.day_of_week} BETWEEN 0 AND 6`),
  ],
);

export const tourWeekScheduleExcludedPeriods = pgTable(
  'tour_week_schedule_excluded_periods',
  {
    id: serial('id').primaryKey(),
    tour_id: integer('tour_id')
      .notNull()
      .references(() => tourWeekSchedules.tour_id, { onDelete: 'cascade' }),
    date_from: date('date_from').notNull(),
    date_to: date('date_to').notNull(),
  },
  (t) => [
    index('tour_week_schedule_excluded_idx').on(t.tour_id),
    check('tour_week_schedule_excluded_order', sql`${t.date_to} >= ${t.date_from}`),
  ],
);

/**
 * A secret calendar address (iCal, beyond the SPEC) for guides' calendars: the departures of one
 * tour (tour_id) or of every tour of the organizer (tour_id null). Only a SHA-256 digest of the
 * 256-bit token is kept, so the address is shown once, when made; revoking ends it at once.
 */
export const tourIcalFeeds = pgTable(
  'tour_ical_feeds',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'cascade' }),
    /** whom or what the address is for ("Olga's phone"); '' when not named */
    name: text('name').notNull().default(''),
    /** en | ru: the language of the events' texts (calendar apps send none), the one of who made it */
    language: text('language').notNull().default('en'),
    /** hex SHA-256 of the token in the address */
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tour_ical_feeds_token_hash_uq').on(t.token_hash),
    index('tour_ical_feeds_organizer_idx').on(t.organizer_id, t.id),
  ],
);
