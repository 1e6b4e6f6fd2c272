import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizers } from './organizers';
import { files } from './system';

/**
 * The organizer's own site (issue 25, the site constructor). Not a partner site (partner_sites):
 * this one is the provider's, served at `<subdomain>.<SITES_DOMAIN>` or at its custom domain.
 */

/** What a preset holds: colours, the heading and body fonts (ids, see modules/site/site-presets.ts), weights, radius. */
export interface SitePresetData {
  colors: {
    primary: string;
    on_primary: string;
    background: string;
    surface: string;
    text: string;
    muted_text: string;
  };
  heading_font_id: number;
  body_font_id: number;
  heading_font_weight: number;
  body_font_weight: number;
  radius: number;
}
/** A stored block: what the contract's typedSiteBlockSchema parsed (jsonb). */
export type StoredSiteBlock = Record<string, unknown>;
/** A page's settings (the main page's title, description and sharing picture file id). */
export interface SitePageSettings {
  title: string;
  meta_description: string;
  og_image_id: number | null;
}

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    subdomain: text('subdomain').notNull(),
    custom_domain: text('custom_domain'),
    custom_domain_checked_at: timestamp('custom_domain_checked_at', { withTimezone: true }),
    preset_type: text('preset_type').notNull(),
    preset: jsonb('preset').$type<SitePresetData>().notNull(),
    favicon_file_id: integer('favicon_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** unpublished until the first publish of any page, then published */
    status: text('status').notNull().default('unpublished'),
    published_at: timestamp('published_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_organizer_uq').on(t.organizer_id),
    uniqueIndex('sites_subdomain_uq').on(t.subdomain),
    uniqueIndex('sites_custom_domain_uq')
      .on(t.custom_domain)
      .where(sql`${t.custom_domain} IS NOT NULL`),
  ],
);

const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/** A page of the site (site: header and footer; main; tour: the template of every tour page): its draft and what is published. */
export const sitePages = pgTable(
  'site_pages',
  {
    site_id: siteRef(),
    /** site | main | tour */
    type: text('type').notNull(),
    draft_blocks: jsonb('draft_blocks').$type<StoredSiteBlock[]>().notNull().default([]),
    draft_settings: jsonb('draft_settings').$type<SitePageSettings>().notNull(),
    published_blocks: jsonb('published_blocks').$type<StoredSiteBlock[]>().notNull().default([]),
    published_settings: jsonb('published_settings').$type<SitePageSettings>().notNull(),
    /** 0 before the first publish */
    published_version: integer('published_version').notNull().default(0),
    published_at: timestamp('published_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.type] })],
);

/** Every published version of a page, as it was published. */
export const sitePageVersions = pgTable(
  'site_page_versions',
  {
    id: serial('id').primaryKey(),
    site_id: siteRef(),
    type: text('type').notNull(),
    version: integer('version').notNull(),
    blocks: jsonb('blocks').$type<StoredSiteBlock[]>().notNull(),
    settings: jsonb('settings').$type<SitePageSettings>().notNull(),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_page_versions_uq').on(t.site_id, t.type, t.version)],
);

/** The site's agreement and policy: sanitised HTML. */
export const siteDocuments = pgTable(
  'site_documents',
  {
    site_id: siteRef(),
    /** agreement | policy */
    type: text('type').notNull(),
    content: text('content').notNull().default(''),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.type] })],
);

/** The uploaded fonts' ids: from 1000, clear of the shipped fonts' 1–6. */
export const siteFontsIdSeq = pgSequence('site_fonts_id_seq', { startWith: 1000 });

/**
 * The organizer's uploaded fonts. Ids come from their own sequence starting at 1000, so they never
 * meet the shipped fonts' fixed ids 1–6 (modules/site/site-presets.ts), which are no rows.
 */
export const siteFonts = pgTable(
  'site_fonts',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('site_fonts_id_seq'::regclass)`),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** CSS font-family */
    family: text('family').notNull(),
    files: jsonb('files').$type<{ weight: number; file_id: number }[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_fonts_organizer_idx').on(t.organizer_id)],
);
