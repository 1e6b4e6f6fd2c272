import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The marketplace's staff (issue 30): accounts of their own, not providers. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** lower-cased */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id, as the providers' (lib/password.ts) */
    password_hash: text('password_hash').notNull(),
    /** support | moderator | admin */
    role: text('role').notNull(),
    /** the TOTP secret, AES-256-GCM under a key derived from the server's secret (operator-totp.ts) */
    totp_secret_enc: text('totp_secret_enc').notNull(),
    /** the last accepted TOTP step: a code is accepted once */
    totp_last_step: integer('totp_last_step').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_email_uq').on(t.email)],
);

/** An operator's sign-in session: every refresh token of one sign-in belongs to it (as refresh_token_families). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operator_id: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_reason: text('revoked_reason'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operator_id)],
);

export const operatorRefreshTokens = pgTable(
  'operator_refresh_tokens',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => operatorSessions.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token, hex */
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** set when rotated: a second use revokes the session */
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_rt_hash_uq').on(t.token_hash)],
);

/**
 * Every operator action: who, what, which object, before/after, when, from where. Written in the
 * same transaction as the action; the console only reads it (no route updates or deletes a row).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null for the admin command (the shared token) */
    operator_id: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** the operator's name at the time (kept when the account goes) */
    operator_name: text('operator_name').notNull(),
    action: text('action').notNull(),
    object_type: text('object_type').notNull(),
    object_id: text('object_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_created_idx').on(t.created_at),
    index('operator_audit_operator_idx').on(t.operator_id, t.created_at),
  ],
);
