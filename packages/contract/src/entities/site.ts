import { z } from 'zod';
import { dateTimeStringSchema, idSchema, imageSchema } from './common';
import {
  BLOCK_LINK_KIND,
  documentTypeSchema,
  fontWeightSchema,
  pageTypeSchema,
  siteBlockTypeSchema,
  siteStatusSchema,
  videoProviderSchema,
} from '../enums';

/**
 * Site constructor shapes (SPEC §3). Per-block `data` schemas come with the
 * constructor issue; a block here carries its type and an open data record.
 */

/** Where a block button leads: an anchor on the page, an external link, or the CRM booking form. */
export const blockLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(BLOCK_LINK_KIND.anchor), anchor: z.string().min(1), text: z.string().default('') }),
  z.object({
    kind: z.literal(BLOCK_LINK_KIND.external_link),
    url: z.url({ protocol: /^https?$/ }),
    text: z.string().default(''),
  }),
  z.object({
    kind: z.literal(BLOCK_LINK_KIND.crm_booking),
    tour_id: idSchema.nullable().default(null),
    text: z.string().default(''),
  }),
]);
export type BlockLink = z.infer<typeof blockLinkSchema>;

/** Media of a block: an uploaded image or a video on a known host. */
export const blockMediaSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), image: imageSchema }),
  z.object({
    kind: z.literal('video'),
    provider: videoProviderSchema,
    url: z.string(),
    poster: imageSchema.nullable().default(null),
  }),
]);
export type BlockMedia = z.infer<typeof blockMediaSchema>;

export const siteBlockSchema = z.object({
  /** stable id within the page; also the anchor target */
  id: z.string().min(1).max(64),
  type: siteBlockTypeSchema,
  is_hidden: z.boolean().default(false),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type SiteBlock = z.infer<typeof siteBlockSchema>;

export const sitePageSettingsSchema = z.object({
  title: z.string().default(''),
  meta_description: z.string().default(''),
  og_image: imageSchema.nullable().default(null),
});
export type SitePageSettings = z.infer<typeof sitePageSettingsSchema>;

/** GET get-page (type) / POST save-page-blocks (blocks). */
export const sitePageSchema = z.object({
  type: pageTypeSchema,
  blocks: z.array(siteBlockSchema).default([]),
  settings: sitePageSettingsSchema.prefault({}),
  updated_at: dateTimeStringSchema.optional(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

/** The organizer's site (get-attached-site). */
export const siteSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  domain: z.string().default(''),
  is_custom_domain: z.boolean().default(false),
  status: siteStatusSchema.default('unpublished'),
  preset_type: z.string().nullable().default(null),
  favicon: imageSchema.nullable().default(null),
  published_at: dateTimeStringSchema.nullable().default(null),
});
export type Site = z.infer<typeof siteSchema>;

export const siteFontSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** CSS font-family */
  family: z.string(),
  weights: z.array(fontWeightSchema).default([400]),
  /** stylesheet or font file URL of an uploaded (custom) font */
  url: z.string().nullable().default(null),
  is_custom: z.boolean().default(false),
});
export type SiteFont = z.infer<typeof siteFontSchema>;

/** A preset: colours and fonts applied to every block. */
export const sitePresetSchema = z.object({
  preset_type: z.string(),
  name: z.string().default(''),
  colors: z.record(z.string(), z.string()).default({}),
  heading_font_id: idSchema.nullable().default(null),
  body_font_id: idSchema.nullable().default(null),
  heading_font_weight: fontWeightSchema.default(700),
  body_font_weight: fontWeightSchema.default(400),
});
export type SitePreset = z.infer<typeof sitePresetSchema>;

/** Site document (get-document / update-document): agreement or policy, HTML. */
export const siteDocumentSchema = z.object({
  type: documentTypeSchema,
  content: z.string().default(''),
  updated_at: dateTimeStringSchema.optional(),
});
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

/** parse-mass-media-article (url): the article card of a mass-media block. */
export const massMediaArticleSchema = z.object({
  url: z.string(),
  title: z.string().default(''),
  source_name: z.string().default(''),
  image: z.string().nullable().default(null),
  published_at: z.string().nullable().default(null),
});
export type MassMediaArticle = z.infer<typeof massMediaArticleSchema>;
