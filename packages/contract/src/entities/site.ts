import { z } from 'zod';
import { dateTimeStringSchema, idSchema, imageSchema } from './common';
import { BLOCK_LINK_KIND, documentTypeSchema, fontWeightSchema, siteStatusSchema, videoProviderSchema } from '../enums';
import { VIDEO_PROVIDER_HOSTS } from './site-values';

export { VIDEO_PROVIDER_HOSTS } from './site-values';

/**
 * Site constructor shapes (SPEC §3): links, media, the site, its preset, fonts and documents.
 * The blocks and their per-type data are in ./site-blocks.ts, the pages in ../api/site.ts.
 */

/** Where a block button leads: an anchor on the page, an external link, or the CRM booking form. */
export const blockLinkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal(BLOCK_LINK_KIND.anchor),
    anchor: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    text: z.string().trim().max(60).default(''),
  }),
  z.object({
    kind: z.literal(BLOCK_LINK_KIND.external_link),
    url: z.url({ protocol: /^https?$/ }).max(500),
    text: z.string().trim().max(60).default(''),
  }),
  z.object({
    kind: z.literal(BLOCK_LINK_KIND.crm_booking),
    /** null: the tour of the page it is on (a tour page), else the booking of any tour */
    tour_id: idSchema.nullable().default(null),
    /** a departure of that tour, chosen beforehand */
    tour_date_id: idSchema.nullable().default(null),
    text: z.string().trim().max(60).default(''),
  }),
]);
export type BlockLink = z.infer<typeof blockLinkSchema>;

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

/** Media of a block: an uploaded image or a video on a known host. */
export const blockMediaSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), image: imageSchema }),
  z
    .object({
      kind: z.literal('video'),
      provider: videoProviderSchema,
      url: z.url({ protocol: /^https$/ }).max(500),
      poster: imageSchema.nullable().default(null),
    })
    .refine((v) => (VIDEO_PROVIDER_HOSTS[v.provider] as readonly string[]).includes(hostOf(v.url)), {
      message: 'The link is not a video of this provider',
      path: ['url'],
    }),
]);
export type BlockMedia = z.infer<typeof blockMediaSchema>;

/** The organizer's site (get-attached-site). */
export const siteSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  /** the site's name under the sites domain: `<subdomain>.<SITES_DOMAIN>` */
  subdomain: z.string(),
  /** the host the site is served at: the custom domain when it is set, else the subdomain's */
  domain: z.string(),
  /** the provider's own domain (its CNAME points at the sites domain), null when none */
  custom_domain: z.string().nullable().default(null),
  is_custom_domain: z.boolean().default(false),
  /** published once at least; unpublished changes are per page (get-page) */
  status: siteStatusSchema.default('unpublished'),
  preset_type: z.string(),
  favicon: imageSchema.nullable().default(null),
  published_at: dateTimeStringSchema.nullable().default(null),
  /** where the published site opens: its domain, and the path preview on this server */
  url: z.string(),
  preview_url: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteFontSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** CSS font-family */
  family: z.string(),
  /** the weights it has a file for */
  weights: z.array(fontWeightSchema).default([400]),
  /** each weight's font file (woff2/woff/ttf) */
  files: z
    .array(
      z.object({
        weight: fontWeightSchema,
        url: z.string(),
        /**
         * the CSS unicode-range this file covers (a shipped font has one file per script and weight:
         * cyrillic and latin); absent: every character
         */
        unicode_range: z.string().optional(),
      }),
    )
    .default([]),
  /** uploaded by the organizer (else shipped with the product) */
  is_custom: z.boolean().default(false),
});
export type SiteFont = z.infer<typeof siteFontSchema>;

/** The colours of a preset: CSS colours #rrggbb. */
const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');
export const sitePresetColorsSchema = z.object({
  /** buttons, links, accents */
  primary: colorSchema,
  /** the text on primary */
  on_primary: colorSchema,
  background: colorSchema,
  /** cards and muted sections */
  surface: colorSchema,
  text: colorSchema,
  muted_text: colorSchema,
});
export type SitePresetColors = z.infer<typeof sitePresetColorsSchema>;

/** A preset: colours, fonts and corner radius applied to every block. */
export const sitePresetSchema = z.object({
  preset_type: z.string(),
  name: z.string().default(''),
  colors: sitePresetColorsSchema,
  heading_font_id: idSchema,
  body_font_id: idSchema,
  heading_font_weight: fontWeightSchema.default(700),
  body_font_weight: fontWeightSchema.default(400),
  /** px */
  radius: z.number().int().min(0).max(32).default(12),
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
  url: z.url({ protocol: /^https?$/ }).max(1000),
  title: z.string().trim().max(300).default(''),
  source_name: z.string().trim().max(120).default(''),
  /** the article's picture (its og:image), an http(s) URL */
  image: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .nullable()
    .default(null),
  published_at: z.string().max(40).nullable().default(null),
});
export type MassMediaArticle = z.infer<typeof massMediaArticleSchema>;
