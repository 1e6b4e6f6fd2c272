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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents, contractTemplates, meetDataTemplates, organizerPaymentAccounts } from './business';
import { organizers, partnerSites } from './organizers';
import { tourDates, tours } from './tours';
import { users } from './users';

/**
 * Bookings and money. Every amount is an integer in the currency's minor unit (kopecks, cents):
 * `*_minor` columns, bigint. The API speaks the major unit (1500.5); lib/money.ts converts.
 */
const minor = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The discount a request got when it was priced (SPEC §3 Request discount). */
export interface StoredRequestDiscount {
  type: 'early_booking_dates' | 'early_booking_days' | 'seasonal';
  value: number;
  value_type: 'currency' | 'percent';
  amount_minor: number;
}

/** A request's travellers of one category, priced when the booking was made or changed (issue 26). */
export interface StoredTravellerLine {
  /** null: the category is gone from the tour (the line keeps its names and price) */
  category_id: number | null;
  code: string;
  name_en: string;
  name_ru: string;
  count: number;
  unit_minor: number;
  takes_seat: boolean;
}

/** An extra on a request, priced when chosen. */
export interface StoredExtraLine {
  extra_id: number | null;
  name_en: string;
  name_ru: string;
  per: 'booking' | 'traveller';
  is_mandatory: boolean;
  quantity: number;
  unit_minor: number;
}

/** A manual line on a request: a fee (adds) or a discount (takes off), with its reason. */
export interface StoredAdjustment {
  kind: 'fee' | 'discount';
  amount_minor: number;
  reason: string;
}

/** The promo code a request uses, as it was when applied, and what it took off. */
export interface StoredRequestPromo {
  promo_code_id: number;
  code: string;
  value: number;
  value_type: 'currency' | 'percent';
  is_combinable: boolean;
  amount_minor: number;
}

/** A third-party agent's request: who sold it and what they keep. */
export interface StoredThirdPartyAgent {
  name: string;
  email: string;
  phone: string;
  commission_minor: number;
}

/**
 * SPEC §3 Request (booking). Seats: `seats_taken` is what this request has taken from its
 * departure's number_of_free_seats. With `hold_expires_at` set they are a hold that the sweep
 * returns once it passes; null means a firm booking (confirmed). Both change only inside a
 * transaction that holds the departure's row lock (request-seats.ts).
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    /** the public id of the tourists' questionnaire link */
    uuid: uuid('uuid').notNull().defaultRandom(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    tour_id: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    /** the departure; null for an individual tour (its dates are on the request) */
    tour_date_id: integer('tour_date_id').references(() => tourDates.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(1),
    source: text('source').notNull().default('own'),
    site_id: integer('site_id').references(() => partnerSites.id, { onDelete: 'set null' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    third_party_agent: jsonb('third_party_agent').$type<StoredThirdPartyAgent>(),
    is_individual_tour: boolean('is_individual_tour').notNull().default(false),
    /** the departure's dates, copied (filters and sorting need no join); an individual tour's own */
    date_start: date('date_start'),
    date_end: date('date_end'),
    currency: text('currency').notNull().default('RUB'),
    tourists_count: integer('tourists_count').notNull(),
    /** price of one place when the request was priced */
    unit_price_minor: minor('unit_price_minor').notNull().default(0),
    /** what the whole request costs, the discount taken off */
    total_minor: minor('total_minor').notNull().default(0),
    discount: jsonb('discount').$type<StoredRequestDiscount>(),
    /** travellers per category (issue 26); null only before migration 0021 or for a request without a tour */
    travellers: jsonb('travellers').$type<StoredTravellerLine[]>(),
    extras: jsonb('extras').$type<StoredExtraLine[]>().notNull().default([]),
    adjustments: jsonb('adjustments').$type<StoredAdjustment[]>().notNull().default([]),
    promo: jsonb('promo').$type<StoredRequestPromo>(),
    individual_tour_price_minor: minor('individual_tour_price_minor'),
    /** an individual tour being prepared (individual, is_draft): the proposal the tourist has not seen yet */
    individual_draft: jsonb('individual_draft').$type<Record<string, unknown>>(),
    paid_minor: minor('paid_minor').notNull().default(0),
    /** what cancelling cost the tourist (cancel) */
    penalty_minor: minor('penalty_minor'),
    customer_name: text('customer_name').notNull().default(''),
    customer_email: text('customer_email').notNull().default(''),
    customer_phone: text('customer_phone').notNull().default(''),
    /** en | ru: the language its travellers are written to (the page they booked or answered on, or the provider's choice); null: the organizer's default */
    language: text('language'),
    comment: text('comment').notNull().default(''),
    base_sale_status: smallint('base_sale_status'),
    cancel_message: text('cancel_message'),
    seats_taken: integer('seats_taken').notNull().default(0),
    hold_expires_at: timestamp('hold_expires_at', { withTimezone: true }),
    /** the client's key of the call that made it: the same key again answers this request */
    idempotency_key: text('idempotency_key'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** lower-case name, e-mail, phone digits and number, for the list's search */
    search_text: text('search_text').notNull().default(''),
    balance_reminder_sent_at: timestamp('balance_reminder_sent_at', { withTimezone: true }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('requests_uuid_uq').on(t.uuid),
    uniqueIndex('requests_idempotency_uq').on(t.organizer_id, t.idempotency_key),
    index('requests_org_status_idx').on(t.organizer_id, t.status, t.id),
    // the request list: a page newest first over every status and kind; the search (request-search.ts)
    index('requests_org_id_idx').on(t.organizer_id, t.id),
    // exactly searchVectorSql of modules/request/request-search.ts
    index('requests_search_idx').using(
      'gin',
      sql`array_to_tsvector(array_remove(string_to_array(search_text, ' '), ''))`,
    ),
    index('requests_org_individual_idx').on(t.organizer_id, t.is_individual_tour, t.id),
    index('requests_org_date_idx').on(t.organizer_id, t.date_start),
    // the reports by booking date (modules/report): an organizer's requests made in a period
    index('requests_org_created_idx').on(t.organizer_id, t.created_at),
    index('requests_org_tour_idx').on(t.organizer_id, t.tour_id),
    index('requests_tour_date_idx').on(t.tour_date_id),
    index('requests_hold_idx')
      .on(t.hold_expires_at)
      .where(sql`${t.hold_expires_at} IS NOT NULL`),
    check('requests_tourists_count', sql`${t.tourists_count} > 0`),
    check('requests_seats_taken', sql`${t.seats_taken} >= 0`),
    check('requests_status', sql`${t.status} BETWEEN 1 AND 8`),
    check('requests_money', sql`${t.total_minor} >= 0 AND ${t.paid_minor} >= 0 AND ${t.unit_price_minor} >= 0`),
  ],
);

/**
 * How many requests an organizer has, by kind (individual or not), status and source: the request
 * list's group badges and its source filter read these instead of counting the requests. Kept by
 * triggers on `requests` (migration 0012_request-counts) in the same transaction as the write,
 * whatever writes it (a service, the demo seed, a benchmark's SQL); a row may hold 0.
 */
export const requestStatusCounts = pgTable(
  'request_status_counts',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    is_individual_tour: boolean('is_individual_tour').notNull(),
    status: smallint('status').notNull(),
    source: text('source').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.is_individual_tour, t.status, t.source] })],
);

/** How many requests of the kind an organizer has per tour (the list's tour filter); as above. */
export const requestTourCounts = pgTable(
  'request_tour_counts',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    is_individual_tour: boolean('is_individual_tour').notNull(),
    // no reference: a deleted tour's requests lose their tour_id, and the trigger moves their count
    tour_id: integer('tour_id').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.is_individual_tour, t.tour_id] })],
);

/** How many requests of the kind an organizer has per start day (the list's start-month filter); as above. */
export const requestStartCounts = pgTable(
  'request_start_counts',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    is_individual_tour: boolean('is_individual_tour').notNull(),
    date_start: date('date_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.is_individual_tour, t.date_start] })],
);

/** SPEC §3 Tourist of a request. */
export const requestTourists = pgTable(
  'request_tourists',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    middle_name: text('middle_name').notNull().default(''),
    birthday: date('birthday'),
    passport: text('passport').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    food_restriction: text('food_restriction').notNull().default(''),
    is_contact_person: boolean('is_contact_person').notNull().default(false),
    is_child: boolean('is_child').notNull().default(false),
    is_questionnaire_filled: boolean('is_questionnaire_filled').notNull().default(false),
    needs_transfer: boolean('needs_transfer').notNull().default(false),
    /** the traveller category of the tour it is counted in (issue 26); null: the first base one (adult) */
    category_id: integer('category_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('request_tourists_request_idx').on(t.request_id, t.position)],
);

/** Every status a request has been in: who moved it, when, and with what message. */
export const requestStatusHistory = pgTable(
  'request_status_history',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    previous_status: smallint('previous_status'),
    status: smallint('status').notNull(),
    /** null: the system (a sweep, a payment) */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [index('request_status_history_request_idx').on(t.request_id, t.id)],
);

/** A user's saved request-list filter per organizer, one for departures and one for individual tours. */
export const requestSearchFilters = pgTable(
  'request_search_filters',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    is_individual_tour: smallint('is_individual_tour').notNull().default(0),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.organizer_id, t.is_individual_tour] })],
);

/** An invoice of a request (status 1 new, 2 payed, 3 canceled). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    /** prepayment | payment | full */
    payment_type: text('payment_type').notNull().default('payment'),
    title: text('title').notNull().default(''),
    message: text('message').notNull().default(''),
    amount_minor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    contract_id: integer('contract_id').references(() => contractTemplates.id, { onDelete: 'set null' }),
    prepayment_percent: numeric('prepayment_percent', { precision: 5, scale: 2 }),
    /** the secret of its public payment page (/pay/<token>) */
    public_token: text('public_token').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_public_token_uq').on(t.public_token),
    index('invoices_request_idx').on(t.request_id),
    index('invoices_org_created_idx').on(t.organizer_id, t.created_at),
    check('invoices_amount', sql`${t.amount_minor} > 0`),
    check('invoices_status', sql`${t.status} BETWEEN 1 AND 3`),
  ],
);

/** One attempt to pay an invoice through a payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** sandbox | yookassa */
    provider: text('provider').notNull(),
    /**
     * the organizer's own account the money goes to (issue 27), chosen when the payment starts;
     * null: the platform's configured provider collects it
     */
    payment_account_id: integer('payment_account_id').references(() => organizerPaymentAccounts.id, {
      onDelete: 'set null',
    }),
    provider_payment_id: text('provider_payment_id'),
    /** the key sent to the provider with create: a retried create makes no second payment */
    idempotency_key: text('idempotency_key').notNull(),
    amount_minor: minor('amount_minor').notNull(),
    refunded_minor: minor('refunded_minor').notNull().default(0),
    currency: text('currency').notNull(),
    /** sbp | card */
    method: text('method').notNull(),
    /**
     * pending | waiting_for_capture | succeeded | failed | refunded — credited to the invoice:
     * succeeded, refunded; taken but never credited: returned (given back at once: the invoice was
     * paid by another payment, withdrawn, or its request closed) and attention (what was paid does
     * not match the invoice, or it could not be given back: `problem` says which)
     */
    status: text('status').notNull().default('pending'),
    /** why a payment was not credited (PAYMENT_PROBLEMS); null for every other */
    problem: text('problem'),
    confirmation_url: text('confirmation_url'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.idempotency_key),
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.provider_payment_id),
    // one payment credited per invoice, whatever races: the last word after the request's row lock
    uniqueIndex('payments_one_credited_uq')
      .on(t.invoice_id)
      .where(sql`${t.status} IN ('succeeded', 'refunded')`),
    index('payments_invoice_idx').on(t.invoice_id),
    index('payments_account_idx').on(t.payment_account_id),
    index('payments_org_created_idx').on(t.organizer_id, t.created_at),
    // the reports' refunds per request: the few refunded payments of an organizer
    index('payments_org_refunded_idx')
      .on(t.organizer_id)
      .where(sql`${t.refunded_minor} > 0`),
    check('payments_amount', sql`${t.amount_minor} > 0 AND ${t.refunded_minor} >= 0`),
  ],
);

/**
 * Refunds asked of the provider, one row each: a pending one counts against what is left to refund
 * of its payment until the provider says it succeeded (then in payments.refunded_minor) or not.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_refund_id: text('provider_refund_id').notNull(),
    amount_minor: minor('amount_minor').notNull(),
    /** pending | succeeded | canceled */
    status: text('status').notNull().default('pending'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_id_uq').on(t.provider, t.provider_refund_id),
    index('payment_refunds_payment_idx').on(t.payment_id),
    check('payment_refunds_amount', sql`${t.amount_minor} > 0`),
  ],
);

/** Provider notifications already applied, by the provider's own key: a replay changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    provider: text('provider').notNull(),
    /** e.g. `payment.succeeded:<payment id>` */
    event_key: text('event_key').notNull(),
    received_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_key] })],
);

/**
 * Meet data sent for a request (request-meet-data.service.ts): the text as sent (placeholders
 * filled, edited by the sender), the template's place and contact phone, and who got it. The
 * template may be deleted later; its name stays here so the request page still says which it was.
 */
export const requestMeetDataSends = pgTable(
  'request_meet_data_sends',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    template_id: integer('template_id').references(() => meetDataTemplates.id, { onDelete: 'set null' }),
    template_name: text('template_name').notNull().default(''),
    text: text('text').notNull(),
    place: text('place').notNull().default(''),
    contact_phone: text('contact_phone').notNull().default(''),
    /** the e-mail addresses it went to */
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_meet_data_sends_request_idx').on(t.request_id, t.sent_at)],
);

/**
 * Messenger chats a traveller linked to a request (the questionnaire page's Telegram button and
 * the bot's `/start`): the request's messages to its travellers go there too, in the chat's
 * language. Unlinking (`/stop`, or the page) ends a link; a later `/start` opens a new one.
 */
export const requestMessengerLinks = pgTable(
  'request_messenger_links',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    source_type: text('source_type').notNull(),
    chat_id: text('chat_id').notNull(),
    /** en or ru: what the messages to this chat are written in */
    language: text('language').notNull(),
    linked_at: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    unlinked_at: timestamp('unlinked_at', { withTimezone: true }),
  },
  (t) => [
    // one live link per request and chat: a replayed /start adds nothing
    uniqueIndex('request_messenger_links_live_uq')
      .on(t.request_id, t.source_type, t.chat_id)
      .where(sql`${t.unlinked_at} is null`),
    index('request_messenger_links_chat_idx').on(t.source_type, t.chat_id),
  ],
);
