import { z } from 'zod';
import { idSchema } from './common';
import { SITE_BLOCK_TYPE, type SiteBlockTypeName } from '../enum-values';
import { blockLinkSchema, blockMediaSchema, massMediaArticleSchema } from './site';
import { socialNetworkSchema } from './organizer';

/**
 * The 25 block types of the site constructor (SPEC §3), each with the schema of its `data`.
 * Every field has a default, so `{}` parses to an empty block the editor can start from. Texts are
 * plain (React escapes them); the one rich text (the text block's `html`) is sanitised by the
 * server on save. Tour-bound blocks hold only how they show the tour: the programme, prices,
 * dates, guides, accommodation, questions and reviews are read live from the tour.
 */

const short = (max = 160) => z.string().trim().max(max).default('');
const title = short(160);
const subtitle = short(300);
/** several paragraphs of plain text (line breaks kept) */
const paragraphs = z.string().trim().max(5000).default('');
const media = blockMediaSchema.nullable().default(null);
const link = blockLinkSchema.nullable().default(null);

/** A menu entry: its text and where it leads. */
export const blockMenuItemSchema = z.object({ text: short(60).pipe(z.string().min(1)), link: blockLinkSchema });

export const blockSocialLinkSchema = z.object({
  network: socialNetworkSchema,
  url: z.url({ protocol: /^https?$/ }).max(500),
});

export const siteBlockDataSchemas = {
  app_header: z.object({
    /** the site's name beside (or instead of) the logo; empty: the organizer's name */
    site_name: title,
    logo: blockMediaSchema.nullable().default(null),
    menu: z.array(blockMenuItemSchema).max(8).default([]),
    button: link,
  }),
  footer: z.object({
    text: subtitle,
    menu: z.array(blockMenuItemSchema).max(12).default([]),
    socials: z.array(blockSocialLinkSchema).max(8).default([]),
    /** links to the agreement and the policy pages */
    show_documents: z.boolean().default(true),
    /** the organizer's phone, e-mail and legal name from its profile */
    show_contacts: z.boolean().default(true),
  }),
  main_intro: z.object({ title, subtitle, media, button: link }),
  tours: z.object({
    title,
    subtitle,
    /** the tours shown, in this order; empty: every published tour */
    tour_ids: z.array(idSchema).max(50).default([]),
    layout: z.enum(['grid', 'list']).default('grid'),
  }),
  about_info: z.object({ title, text: paragraphs, media }),
  gallery: z.object({ title, items: z.array(blockMediaSchema).max(40).default([]) }),
  advantages: z.object({
    title,
    items: z
      .array(z.object({ title: short(120), text: short(600), media }))
      .max(12)
      .default([]),
  }),
  stats: z.object({
    title,
    items: z
      .array(z.object({ value: short(24), label: short(120) }))
      .max(8)
      .default([]),
  }),
  schedule: z.object({
    title,
    subtitle,
    /** the tours whose departures are listed; empty: every published tour */
    tour_ids: z.array(idSchema).max(50).default([]),
    months_ahead: z.number().int().min(1).max(24).default(6),
  }),
  booking_steps: z.object({
    title,
    steps: z
      .array(z.object({ title: short(120), text: short(600) }))
      .max(8)
      .default([]),
  }),
  mass_media: z.object({ title, articles: z.array(massMediaArticleSchema).max(20).default([]) }),
  tour_intro: z.object({
    /** a picture instead of the tour's cover */
    media,
    show_price: z.boolean().default(true),
    show_nearest_date: z.boolean().default(true),
    button: link,
  }),
  impressions: z.object({
    title,
    items: z
      .array(z.object({ media, text: short(600) }))
      .max(20)
      .default([]),
  }),
  program: z.object({ title, show_photos: z.boolean().default(true), show_meals: z.boolean().default(true) }),
  livings: z.object({ title, text: paragraphs }),
  guides: z.object({ title }),
  reviews: z.object({
    title,
    /**
     * mine: the organizer's published reviews (of the page's tour on a tour page), with the average
     * and its answers; when there are none yet, the quotes below. typed: only the quotes below.
     */
    source: z.enum(['mine', 'typed']).default('mine'),
    /** reviews the provider quotes by hand */
    items: z
      .array(
        z.object({
          author: short(80),
          text: short(2000),
          rating: z.number().int().min(1).max(5).default(5),
          date: short(40),
        }),
      )
      .max(30)
      .default([]),
  }),
  price: z.object({
    title,
    show_in_price: z.boolean().default(true),
    show_not_in_price: z.boolean().default(true),
    button: link,
  }),
  faq: z.object({
    title,
    items: z
      .array(z.object({ question: short(300), answer: short(3000) }))
      .max(30)
      .default([]),
  }),
  dates: z.object({ title, button_text: short(40) }),
  contacts: z.object({
    title,
    text: paragraphs,
    show_phone: z.boolean().default(true),
    show_email: z.boolean().default(true),
    show_address: z.boolean().default(true),
  }),
  other_tours: z.object({ title, limit: z.number().int().min(1).max(12).default(3) }),
  tour_faq: z.object({ title }),
  text: z.object({
    title,
    /** rich text: sanitised on save (paragraphs, headings, lists, links, emphasis) */
    html: z.string().max(50_000).default(''),
  }),
  recommendations: z.object({
    title,
    items: z
      .array(z.object({ title: short(120), text: short(600) }))
      .max(20)
      .default([]),
  }),
} as const satisfies Record<SiteBlockTypeName, z.ZodObject>;

/** How a block sits on the page, whatever its type. */
export const siteBlockSettingsSchema = z.object({
  background: z.enum(['default', 'muted', 'accent', 'dark']).default('default'),
  spacing: z.enum(['normal', 'compact']).default('normal'),
  /** the anchor links of kind 1 lead to (#anchor); empty: the block's id */
  anchor: z
    .string()
    .trim()
    .max(40)
    .regex(/^(|[a-z0-9][a-z0-9-]*)$/, 'Latin lower-case letters, digits and hyphens')
    .default(''),
});
export type SiteBlockSettings = z.infer<typeof siteBlockSettingsSchema>;

const blockIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const blockOf = (name: SiteBlockTypeName) =>
  z.object({
    /** stable within the page */
    id: blockIdSchema,
    type: z.literal(SITE_BLOCK_TYPE[name]),
    is_hidden: z.boolean().default(false),
    settings: siteBlockSettingsSchema.prefault({}),
    data: (siteBlockDataSchemas[name] as z.ZodObject).prefault({}),
  });

/** A block of one type as it is stored and read. */
export type SiteBlockOf<N extends SiteBlockTypeName> = {
  id: string;
  type: (typeof SITE_BLOCK_TYPE)[N];
  is_hidden: boolean;
  settings: SiteBlockSettings;
  data: z.infer<(typeof siteBlockDataSchemas)[N]>;
};
export type TypedSiteBlock = { [N in SiteBlockTypeName]: SiteBlockOf<N> }[SiteBlockTypeName];
export type SiteBlockData<N extends SiteBlockTypeName> = z.infer<(typeof siteBlockDataSchemas)[N]>;

const names = Object.keys(SITE_BLOCK_TYPE) as SiteBlockTypeName[];
/** One block of a page, its `data` checked by its type's schema. */
export const typedSiteBlockSchema = z.discriminatedUnion(
  'type',
  names.map(blockOf) as unknown as [ReturnType<typeof blockOf>, ...ReturnType<typeof blockOf>[]],
) as unknown as z.ZodType<TypedSiteBlock, unknown>;

export * from './site-values';
