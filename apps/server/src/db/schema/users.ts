import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    /** lower-cased */
    email: text('email'),
    /** E.164, '+' and digits */
    phone: text('phone'),
    country: text('country'),
    password_hash: text('password_hash'),
    is_phone_confirm: boolean('is_phone_confirm').notNull().default(false),
    is_email_confirm: boolean('is_email_confirm').notNull().default(false),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('RUB'),
    timezone: text('timezone'),
    avatar_file_id: integer('avatar_file_id'),
    default_verify_method: text('default_verify_method'),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }),
    /** set by support: the account may not request verification codes (SPEC §8 'Your account is blocked') */
    blocked_at: timestamp('blocked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_phone_uq').on(t.phone)],
);

/** A sign-in session: every refresh token issued from one sign-in belongs to one family. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when the user logs out, a rotated token is reused, or the password changes */
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_reason: text('revoked_reason'),
  },
  (t) => [index('rtf_user_idx').on(t.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    family_id: integer('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token, hex */
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set when rotated: a second use of this token revokes the family */
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rt_hash_uq').on(t.token_hash), index('rt_family_idx').on(t.family_id)],
);

/** One-time codes: phone/e-mail confirmation, sign-in by code, password reset, one-time login tokens. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** where it was sent: phone, e-mail, messenger chat */
    target: text('target').notNull(),
    method: text('method'),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.purpose, t.target), index('auth_codes_hash_idx').on(t.code_hash)],
);
