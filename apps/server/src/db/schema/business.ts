import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizers } from './organizers';
import { users } from './users';

/** An organizer's bank accounts (RU and international fields: see packages/contract bank-account). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    bank_name: text('bank_name').notNull().default(''),
    account_number: text('account_number').notNull().default(''),
    bik: text('bik').notNull().default(''),
    correspondent_account: text('correspondent_account').notNull().default(''),
    iban: text('iban').notNull().default(''),
    swift: text('swift').notNull().default(''),
    bank_address: text('bank_address').notNull().default(''),
    currency: text('currency').notNull().default('RUB'),
    is_default: boolean('is_default').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_accounts_organizer_idx').on(t.organizer_id)],
);

export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('contract'),
    /** HTML with {placeholder} chips */
    content: text('content').notNull().default(''),
    is_default: boolean('is_default').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_templates_organizer_idx').on(t.organizer_id)],
);

export const meetDataTemplates = pgTable(
  'meet_data_templates',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    place: text('place').notNull().default(''),
    contact_phone: text('contact_phone').notNull().default(''),
    is_default: boolean('is_default').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meet_data_templates_organizer_idx').on(t.organizer_id)],
);

/** Travel agents that resell organizers' tours on a partner site. */
export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  site_id: integer('site_id'),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An organizer's terms for one agent: commission, which tours it may sell, whom to call. */
export const organizerAgents = pgTable(
  'organizer_agents',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    commission_percent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** null: every tour */
    allowed_tour_ids: jsonb('allowed_tour_ids').$type<number[] | null>(),
    contact_name: text('contact_name').notNull().default(''),
    contact_phone: text('contact_phone').notNull().default(''),
    contact_email: text('contact_email').notNull().default(''),
    is_enabled: boolean('is_enabled').notNull().default(true),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.agent_id] })],
);

/** Messenger chats a user connected for notifications and phone confirmation (Telegram, WhatsApp, VK). */
export const messengerChats = pgTable(
  'messenger_chats',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source_type: text('source_type').notNull(),
    chat_id: text('chat_id').notNull(),
    chat_name: text('chat_name').notNull().default(''),
    url: text('url').notNull().default(''),
    /** the chat shared the user's phone number (Telegram with phone request) */
    phone: text('phone'),
    messenger_was_activated: boolean('messenger_was_activated').notNull().default(true),
    notifications_enabled: boolean('notifications_enabled').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messenger_chats_source_chat_uq').on(t.source_type, t.chat_id),
    index('messenger_chats_user_idx').on(t.user_id),
  ],
);

/** Rate-limit and captcha state shared by nodes when there is no Redis: attempts per key and window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.window_start] })],
);

/** Solved captcha tokens, kept until they expire so each is accepted once. */
export const usedCaptchaTokens = pgTable('used_captcha_tokens', {
  token_hash: text('token_hash').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * An organizer's own payment account (issue 27): its YooKassa shop, into which its invoices are
 * paid instead of the platform's. One live per organizer; the secret key is stored encrypted
 * (lib/secret-box.ts, AES-256-GCM) and only its last 4 characters are ever shown. An account
 * replaced by another shop or removed while payments were made with it is retired, not deleted:
 * those payments are still verified, captured and refunded with its key (docs/decisions.md).
 */
export const organizerPaymentAccounts = pgTable(
  'organizer_payment_accounts',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('yookassa'),
    shop_id: text('shop_id').notNull(),
    secret_enc: text('secret_enc').notNull(),
    secret_last4: text('secret_last4').notNull(),
    /** when the test call to the provider last accepted the credentials */
    verified_at: timestamp('verified_at', { withTimezone: true }).notNull(),
    /** set when replaced by another shop or removed: no new payments, its own payments still served */
    retired_at: timestamp('retired_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizer_payment_accounts_organizer_idx')
      .on(t.organizer_id)
      .where(sql`${t.retired_at} IS NULL`),
    index('organizer_payment_accounts_shop_idx').on(t.provider, t.shop_id),
  ],
);
