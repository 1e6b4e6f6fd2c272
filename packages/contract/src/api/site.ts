import { z } from 'zod';
import { defineRoute } from '../route';
import {
  dateStringSchema,
  dateTimeStringSchema,
  idSchema,
  imageSchema,
  moneySchema,
  queryIdSchema,
} from '../entities/common';
import { currencySchema, languageSchema } from '../entities/user';
import { documentTypeSchema, fontWeightSchema, pageTypeSchema } from '../enums';
import {
  massMediaArticleSchema,
  siteDocumentSchema,
  siteFontSchema,
  sitePresetColorsSchema,
  sitePresetSchema,
  siteSchema,
} from '../entities/site';
import { SITE_PAGE_MAX_BLOCKS, typedSiteBlockSchema } from '../entities/site-blocks';
import { guideSchema, programDaySchema, accommodationSchema, tourQuestionSchema } from '../entities/tour';
import { SITE_PRESET_TYPES, siteRoutes, sitePublicRoutes } from './site-routes';
export * from './site-routes';

/**
 * The site constructor (SPEC §7 "Site constructor") and the public site's JSON API (SPEC §7
 * "Public site"). A page is a document: a list of typed blocks, in a draft the editor saves and a
 * published version the public site reads; publishing makes the draft the next version.
 */

const orgQuery = z.strictObject({ organizer_id: queryIdSchema });
const successSchema = z.object({ success: z.literal(true) });

export const sitePresetTypeSchema = z.enum(SITE_PRESET_TYPES);

/** A page of the constructor: its draft, and what of it is published. */
export const sitePageSchema = z.object({
  type: pageTypeSchema,
  blocks: z.array(typedSiteBlockSchema),
  /** the main page's title, description and sharing picture (empty on the other pages) */
  settings: z.object({
    title: z.string(),
    meta_description: z.string(),
    og_image: imageSchema.nullable(),
  }),
  /** the published version's number, 0 before the first publish */
  published_version: z.number().int().nonnegative(),
  published_at: dateTimeStringSchema.nullable(),
  /** the draft differs from the published version */
  has_unpublished_changes: z.boolean(),
  updated_at: dateTimeStringSchema,
});
export type SitePage = z.infer<typeof sitePageSchema>;

export const attachSiteBodySchema = z.strictObject({
  /** empty: made from the organizer's name */
  subdomain: z.string().trim().toLowerCase().max(40).optional(),
  preset_type: sitePresetTypeSchema.optional(),
});
export const domainBodySchema = z.strictObject({
  domain: z.string().trim().toLowerCase().min(1).max(253),
  is_custom: z.boolean(),
});
export const domainCheckSchema = z.object({
  domain: z.string(),
  /** the domain is well-formed, not reserved and no other site's */
  available: z.boolean(),
  /** for a custom domain: its CNAME points at the sites domain (null for a subdomain) */
  dns_ok: z.boolean().nullable(),
  /** where the custom domain's CNAME must point */
  cname_target: z.string(),
  /** why it cannot be the site's, in the interface's language */
  message: z.string().nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const publishBodySchema = z.strictObject({ type: pageTypeSchema });
export const savePageBlocksBodySchema = z.strictObject({
  type: pageTypeSchema,
  blocks: z.array(typedSiteBlockSchema).max(SITE_PAGE_MAX_BLOCKS),
});
export type SavePageBlocksBody = z.input<typeof savePageBlocksBodySchema>;
export const mainPageSettingBodySchema = z.strictObject({
  title: z.string().trim().max(70),
  meta_description: z.string().trim().max(200),
  og_image_id: idSchema.nullable(),
});

export const updatePresetDataBodySchema = z.strictObject({
  colors: sitePresetColorsSchema.partial().optional(),
  heading_font_id: idSchema.optional(),
  body_font_id: idSchema.optional(),
  heading_font_weight: fontWeightSchema.optional(),
  body_font_weight: fontWeightSchema.optional(),
  radius: z.number().int().min(0).max(32).optional(),
});
const fontFilesSchema = z
  .array(z.strictObject({ weight: fontWeightSchema, file_id: idSchema }))
  .min(1)
  .max(9);
export const addFontBodySchema = z.strictObject({ name: z.string().trim().min(1).max(60), files: fontFilesSchema });
export const updateFontBodySchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().min(1).max(60).optional(),
  files: fontFilesSchema.optional(),
});
export const faviconSchema = z.object({ url: z.string(), image: imageSchema.nullable() });
export const updateDocumentBodySchema = z.strictObject({
  type: documentTypeSchema,
  /** rich text; sanitised on save */
  content: z.string().max(200_000),
});
export const validateBlockBodySchema = z.strictObject({ block: z.unknown(), page_type: pageTypeSchema.optional() });

export const siteApi = {
  getAttachedSite: defineRoute({ ...siteRoutes.getAttachedSite, query: orgQuery, response: siteSchema.nullable() }),
  attachSite: defineRoute({
    ...siteRoutes.attachSite,
    query: orgQuery,
    body: attachSiteBodySchema,
    response: siteSchema,
  }),
  publishData: defineRoute({
    ...siteRoutes.publishData,
    query: orgQuery,
    body: publishBodySchema,
    response: sitePageSchema,
  }),
  checkDomain: defineRoute({
    ...siteRoutes.checkDomain,
    query: orgQuery,
    body: domainBodySchema,
    response: domainCheckSchema,
  }),
  changeDomain: defineRoute({
    ...siteRoutes.changeDomain,
    query: orgQuery,
    body: domainBodySchema,
    response: siteSchema,
  }),
  getPage: defineRoute({
    ...siteRoutes.getPage,
    query: orgQuery.extend({ type: pageTypeSchema }),
    response: sitePageSchema,
  }),
  savePageBlocks: defineRoute({
    ...siteRoutes.savePageBlocks,
    query: orgQuery,
    body: savePageBlocksBodySchema,
    response: sitePageSchema,
  }),
  updateMainPageSetting: defineRoute({
    ...siteRoutes.updateMainPageSetting,
    query: orgQuery,
    body: mainPageSettingBodySchema,
    response: sitePageSchema,
  }),
  getPresetList: defineRoute({ ...siteRoutes.getPresetList, query: orgQuery, response: z.array(sitePresetSchema) }),
  changePreset: defineRoute({
    ...siteRoutes.changePreset,
    query: orgQuery,
    body: z.strictObject({ preset_type: sitePresetTypeSchema }),
    response: sitePresetSchema,
  }),
  getPreset: defineRoute({ ...siteRoutes.getPreset, query: orgQuery, response: sitePresetSchema }),
  getFontsForPreset: defineRoute({
    ...siteRoutes.getFontsForPreset,
    query: orgQuery,
    response: z.array(siteFontSchema),
  }),
  updatePresetData: defineRoute({
    ...siteRoutes.updatePresetData,
    query: orgQuery,
    body: updatePresetDataBodySchema,
    response: sitePresetSchema,
  }),
  addFont: defineRoute({ ...siteRoutes.addFont, query: orgQuery, body: addFontBodySchema, response: siteFontSchema }),
  updateFont: defineRoute({
    ...siteRoutes.updateFont,
    query: orgQuery,
    body: updateFontBodySchema,
    response: siteFontSchema,
  }),
  fontData: defineRoute({
    ...siteRoutes.fontData,
    query: orgQuery.extend({ id: queryIdSchema }),
    response: siteFontSchema,
  }),
  updateFavicon: defineRoute({
    ...siteRoutes.updateFavicon,
    query: orgQuery,
    body: z.strictObject({ file_id: idSchema.nullable() }),
    response: faviconSchema,
  }),
  getFavicon: defineRoute({ ...siteRoutes.getFavicon, query: orgQuery, response: faviconSchema }),
  getDocument: defineRoute({
    ...siteRoutes.getDocument,
    query: orgQuery.extend({ type: documentTypeSchema }),
    response: siteDocumentSchema,
  }),
  updateDocument: defineRoute({
    ...siteRoutes.updateDocument,
    query: orgQuery,
    body: updateDocumentBodySchema,
    response: siteDocumentSchema,
  }),
  validateBlock: defineRoute({
    ...siteRoutes.validateBlock,
    query: orgQuery,
    body: validateBlockBodySchema,
    response: successSchema,
    summary:
      'Checks one block against its type’s schema (and the page type when given): success, or 422 with field errors',
  }),
  parseMassMediaArticle: defineRoute({
    ...siteRoutes.parseMassMediaArticle,
    query: orgQuery,
    body: z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(1000) }),
    response: massMediaArticleSchema,
  }),
};

// ─── The public site ───────────────────────────────────────────────────────────

/** A public call names the site by the host it is served at (its subdomain's or its custom domain). */
const domainQuery = z.strictObject({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    // a host name, with its port at most (the server's HTML routes pass the Host header on)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/),
});
const langQuery = { lang: languageSchema.optional() };

/** A departure as a traveller sees it. */
export const publicTourDateSchema = z.object({
  id: idSchema,
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  time_start: z.string().nullable(),
  price: moneySchema,
  currency: currencySchema,
  number_of_free_seats: z.number().int().nonnegative(),
  not_guaranteed: z.boolean(),
});
export type PublicTourDate = z.infer<typeof publicTourDateSchema>;

/** A tour card of the site (tours, other tours, schedule). */
export const publicTourCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** the tour page's path segment: /tours/<screen_name> */
  screen_name: z.string(),
  description: z.string(),
  cover: imageSchema.nullable(),
  price: moneySchema.nullable(),
  currency: currencySchema,
  duration: z.number().int().nullable(),
  duration_hours: z.number().nullable(),
  nearest_date: publicTourDateSchema.nullable(),
  /** a sample tour (a provider without tours sees these in the editor) */
  is_mock: z.boolean(),
});
export type PublicTourCard = z.infer<typeof publicTourCardSchema>;

/** One published tour with everything its page's blocks read live. */
export const publicTourSchema = publicTourCardSchema.extend({
  photos: z.array(imageSchema),
  video_url: z.string().nullable(),
  program: z.array(programDaySchema),
  accommodations: z.array(accommodationSchema),
  living_base: z.string(),
  guides: z.array(guideSchema.pick({ id: true, first_name: true, last_name: true, about: true, photo: true })),
  questions: z.array(tourQuestionSchema.pick({ question: true, answer: true })),
  in_price: z.string(),
  not_in_price: z.string(),
  gathering_place: z.string(),
  group_min: z.number().int().nullable(),
  group_max: z.number().int().nullable(),
  min_age: z.number().int().nullable(),
  difficulty: z.number().int().nullable(),
  dates: z.array(publicTourDateSchema),
});
export type PublicTour = z.infer<typeof publicTourSchema>;

/** The organizer behind a site, and how the site looks. */
export const siteOrgDataSchema = z.object({
  site_id: idSchema,
  organizer_id: idSchema,
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  preset: sitePresetSchema,
  fonts: z.array(siteFontSchema),
  favicon_url: z.string(),
  /** the published site page's header and footer */
  site_blocks: z.array(typedSiteBlockSchema),
  has_agreement: z.boolean(),
  has_policy: z.boolean(),
});
export type SiteOrgData = z.infer<typeof siteOrgDataSchema>;

export const customPageSchema = z.object({
  type: z.enum(['main', 'tour']),
  version: z.number().int().nonnegative(),
  blocks: z.array(typedSiteBlockSchema),
  /** the tour the page shows (type tour) */
  tour: publicTourSchema.nullable(),
});
export type CustomPage = z.infer<typeof customPageSchema>;

export const customMetadataSchema = z.object({
  title: z.string(),
  description: z.string(),
  canonical: z.string(),
  image: z.string().nullable(),
  /** the same page in each language */
  alternates: z.array(z.object({ lang: languageSchema, url: z.string() })),
  /** schema.org JSON-LD of the organizer and, on a tour page, the tour with an offer per departure */
  json_ld: z.array(z.record(z.string(), z.unknown())),
});
export type CustomMetadata = z.infer<typeof customMetadataSchema>;

export const toursScheduleSchema = z.object({
  items: z.array(z.object({ tour: publicTourCardSchema, date: publicTourDateSchema })),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type ToursSchedule = z.infer<typeof toursScheduleSchema>;

const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/);

export const sitePublicApi = {
  customPage: defineRoute({
    ...sitePublicRoutes.customPage,
    query: domainQuery.extend({ type: z.enum(['main', 'tour']), slug: slugSchema.optional(), ...langQuery }),
    response: customPageSchema,
  }),
  customDocumentPage: defineRoute({
    ...sitePublicRoutes.customDocumentPage,
    query: domainQuery.extend({ type: documentTypeSchema }),
    response: siteDocumentSchema,
  }),
  customSiteOrgData: defineRoute({
    ...sitePublicRoutes.customSiteOrgData,
    query: domainQuery,
    response: siteOrgDataSchema,
  }),
  customMetadata: defineRoute({
    ...sitePublicRoutes.customMetadata,
    query: domainQuery.extend({
      type: z.enum(['main', 'tour', 'agreement', 'policy', 'schedule']),
      slug: slugSchema.optional(),
      ...langQuery,
    }),
    response: customMetadataSchema,
  }),
  toursCrm: defineRoute({ ...sitePublicRoutes.toursCrm, query: domainQuery, response: z.array(publicTourCardSchema) }),
  siteMockTours: defineRoute({
    ...sitePublicRoutes.siteMockTours,
    query: z.strictObject({ ...langQuery }),
    response: z.array(publicTourCardSchema),
  }),
  toursSchedule: defineRoute({
    ...sitePublicRoutes.toursSchedule,
    query: domainQuery.extend({
      page: z.coerce.number().int().min(1).max(1000).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(20),
      tour_id: queryIdSchema.optional(),
    }),
    response: toursScheduleSchema,
  }),
  tourCrm: defineRoute({
    ...sitePublicRoutes.tourCrm,
    query: domainQuery.extend({ slug: slugSchema, format: z.literal('main').optional() }),
    response: publicTourSchema,
    summary: 'One published tour of the site by its slug; 404 when the site has no such published tour',
  }),
  siteMockTour: defineRoute({
    ...sitePublicRoutes.siteMockTour,
    query: z.strictObject({ ...langQuery }),
    response: publicTourSchema,
  }),
};
