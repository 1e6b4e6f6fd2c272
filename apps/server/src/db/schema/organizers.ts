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
import { users } from './users';

export const organizers = pgTable('organizers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo_file_id: integer('logo_file_id'),
  /** the SPEC §3 profile (legal entity, director, tour author, contacts, work hours, addresses, …) */
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  internal_check_status: text('internal_check_status').notNull().default('not_performed'),
  verification_status: text('verification_status').notNull().default('not_performed'),
  /** why the operator rejected the verification (issue 30): the provider reads it; null otherwise */
  verification_reason: text('verification_reason'),
  commission_percent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('10'),
  own_request_bank_account_id: integer('own_request_bank_account_id'),
  agreement_version_accepted: text('agreement_version_accepted'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user may own several organizers; finer roles are not shown in SPEC, so role is 'owner' for now. */
export const organizerMembers = pgTable(
  'organizer_members',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('owner'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.user_id] }), index('om_user_idx').on(t.user_id)],
);

/**
 * An invitation to an organizer's team (issue 29): by e-mail, with a role; its link's token is
 * kept only as its SHA-256. Single use (accepted_at), 7 days (expires_at), revocable (revoked_at);
 * a re-send gives a new token and a new expiry. One pending invitation per address and organizer.
 */
export const organizerInvitations = pgTable(
  'organizer_invitations',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** trimmed and lower-cased */
    email: text('email').notNull(),
    role: text('role').notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oi_token_hash_idx').on(t.token_hash), index('oi_organizer_idx').on(t.organizer_id, t.email)],
);

/** The marketplaces organizers sell on; one per brand is seeded. */
export const partnerSites = pgTable(
  'partner_sites',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id'),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    logo: text('logo').notNull().default(''),
    is_tour_author_required: boolean('is_tour_author_required').notNull().default(false),
    organizer_agreement_url: text('organizer_agreement_url'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_sites_domain_uq').on(t.domain)],
);

/** An organizer's partnership with a site (signed agreement) and whether its tours are published there. */
export const organizerSites = pgTable(
  'organizer_sites',
  {
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    site_id: integer('site_id')
      .notNull()
      .references(() => partnerSites.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('moderation'),
    is_published_on_site: boolean('is_published_on_site').notNull().default(false),
    signed_at: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizer_id, t.site_id] })],
);
