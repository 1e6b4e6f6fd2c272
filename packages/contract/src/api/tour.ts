import { z } from 'zod';
import { issueOf } from '../messages';
import { defineRoute } from '../route';
import {
  CATALOGUE_KINDS,
  MAX_TOUR_DATES_PER_SAVE,
  TOUR_DATES_MAX_PAGE_SIZE,
  TOUR_DATES_PAGE_SIZE,
  TOUR_DATE_PERIODS,
  TOUR_LIST_FORMATS,
  TOUR_LIST_MAX_PAGE_SIZE,
  tourRoutes,
} from './tour-routes';
export {
  CATALOGUE_KINDS,
  MAX_TOUR_DATES_PER_SAVE,
  TOUR_DATES_MAX_PAGE_SIZE,
  TOUR_DATES_PAGE_SIZE,
  TOUR_DATE_PERIODS,
  TOUR_LIST_FORMATS,
  TOUR_LIST_NEXT_DATES,
  TOUR_LIST_PAGE_SIZE,
  TOUR_LIST_MAX_PAGE_SIZE,
  type CatalogueKind,
  type TourDatePeriod,
  type TourListFormat,
} from './tour-routes';
import {
  accommodationSchema,
  accommodationVariantSchema,
  cityTransferSchema,
  guideSchema,
  programDaySchema,
  tourDateSchema,
  refSchema,
  tourListItemSchema,
  tourSchema,
  weekScheduleSchema,
} from '../entities/tour';
import {
  dateStringSchema,
  fileBytesSchema,
  idSchema,
  paginatedSchema,
  penaltySchema,
  queryIdSchema,
  timeStringSchema,
} from '../entities/common';
import { prepaymentTypeSchema, scheduleTypeSchema } from '../enums';
import { TOUR_STATUSES, TOUR_TYPES } from '../enum-values';
import { DEFAULT_PUBLISH_COUNT_DAYS } from '../constants';
import { zodFieldRules, zodIssues } from '../validation';
import {
  MAX_EXCLUDED_PERIODS,
  MAX_PUBLISH_COUNT_DAYS,
  MAX_WEEK_SCHEDULE_TIMES,
  tourDateFieldIssues,
  tourFieldIssues,
  weekScheduleFieldIssues,
} from './tour-rules';
import { successResponseSchema } from './user';
import { dateTimeStringSchema, moneySchema } from '../entities/common';
import { currencySchema } from '../entities/user';
import { tourStatusSchema, tourTypeSchema } from '../enums';
import {
  MAX_ICAL_FEEDS,
  TOUR_ICAL_FEED_RULES,
  tourForRequestRoutes,
  tourIcalFeedRoutes,
  tourProgramRoutes,
} from './tour-routes';
export { MAX_ICAL_FEEDS, TOUR_ICAL_FEED_RULES } from './tour-routes';

const queryId = queryIdSchema;
/** A body flag: a boolean, or 0/1 as SPEC's forms send them. */
const bodyFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

// ─── The tour body ─────────────────────────────────────────────────────────────

/** A photo by its upload id (POST /crm/api/image/upload), with its alt text. */
export const tourPhotoInputSchema = z.object({ id: idSchema, alt: z.string().trim().max(255).default('') });
const photos = (max: number) => z.array(tourPhotoInputSchema).max(max).default([]);
/** Catalogue ids (regions, cities, rest kinds, collections, showplaces). */
const refIds = z.array(idSchema).max(50).default([]);
/** A number whose range the rule map checks (so its message is the rule's, with the others). */
const num = z.number().nullable().default(null);
const int = z.number().int().nullable().default(null);

export const tourAccommodationInputSchema = accommodationSchema.extend({
  nights: z.number().int(),
  variants: z
    .array(accommodationVariantSchema.omit({ photos: true }).extend({ price: z.number().default(0), places: int }))
    .max(20)
    .default([]),
});
export const tourProgramDayInputSchema = programDaySchema.extend({ photos: photos(20) });
export const tourCityInputSchema = z.object({
  city_id: idSchema,
  arrival: cityTransferSchema.prefault({}),
  departure: cityTransferSchema.prefault({}),
});

/**
 * Every field the editor writes (SPEC §3 Tour). Lists come whole and replace what is stored;
 * catalogue values, guides and photos by id. Numbers are checked by TOUR_FIELD_RULES, so a form
 * and the server report the same message.
 */
export const tourInputSchema = tourSchema
  .omit({
    id: true,
    tour_organizer_id: true,
    status: true,
    sites: true,
    alerts: true,
    created_at: true,
    updated_at: true,
    tour_week_schedule: true,
    photos: true,
    map_photo: true,
    guides: true,
    regions: true,
    host_cities: true,
    rest_kinds: true,
    collections: true,
    showplaces: true,
    main_activity: true,
    cities: true,
    program: true,
    accommodations: true,
  })
  .extend({
    name: z.string().trim().default(''),
    screen_name: z.string().trim().toLowerCase().default(''),
    video_url: z.string().trim().nullable().default(null),
    languages: z
      .array(z.string().regex(/^[a-z]{2}$/))
      .max(20)
      .default([]),
    price: num,
    group_min: int,
    group_max: int,
    duration: int,
    duration_hours: num,
    min_age: int,
    max_age: int,
    max_tourist_weight: int,
    booking_end_hours: z.number().int().default(12),
    insurance_price: num,
    lat: num,
    lng: num,
    penalties: z.array(penaltySchema.extend({ percent: z.number() })).default([]),
    regions: refIds,
    host_cities: refIds,
    rest_kinds: refIds,
    collections: refIds,
    showplaces: refIds,
    main_activity: idSchema.nullable().default(null),
    cities: z.array(tourCityInputSchema).default([]),
    program: z.array(tourProgramDayInputSchema).default([]),
    accommodations: z.array(tourAccommodationInputSchema).default([]),
    /** guide ids, from GET tour/guides of the same organizer */
    guides: z.array(idSchema).default([]),
    photos: photos(1000),
    map_photo_id: idSchema.nullable().default(null),
  });
export type TourInput = z.input<typeof tourInputSchema>;
type TourInputShape = typeof tourInputSchema.shape;

/** Drops a field's default, so a partial body leaves what it does not mention untouched. */
const withoutDefault = (s: z.ZodType): z.ZodType =>
  s instanceof z.ZodDefault || s instanceof z.ZodPrefault
    ? withoutDefault((s as z.ZodDefault).unwrap() as z.ZodType)
    : s;
type PartialShape = {
  [K in keyof TourInputShape]: z.ZodOptional<
    z.ZodType<z.output<TourInputShape[K]>, Exclude<z.input<TourInputShape[K]>, undefined>>
  >;
};
const tourUpdateShape = Object.fromEntries(
  Object.entries(tourInputSchema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, withoutDefault(v).optional()]),
) as PartialShape;

const tourSaveFlags = {
  /** publish right after saving (publishing's own checks apply) */
  with_publish: bodyFlag.optional(),
  /** save even if the duration and the programme's days differ */
  save_without_duration_checking: bodyFlag.optional(),
};

/** zod refinement shared by create and update: the tour's rules on every field present. */
export const tourFieldRefinement = (value: Record<string, unknown>, ctx: z.RefinementCtx): void =>
  zodIssues(tourFieldIssues(value), ctx);

/** POST tour/create: the organizer, the fields (defaults fill the rest), the flags. */
export const tourCreateBodySchema = z
  .strictObject({ organizer_id: idSchema, ...tourInputSchema.shape, ...tourSaveFlags })
  .superRefine((v, ctx) => tourFieldRefinement(v, ctx));
export type TourCreateBody = z.input<typeof tourCreateBodySchema>;

/** POST tour/update: the tour id and only the fields to change (a list sent replaces the stored one). */
export const tourUpdateBodySchema = z
  .strictObject({ id: idSchema, ...tourUpdateShape, ...tourSaveFlags })
  .superRefine((v, ctx) => tourFieldRefinement(v as Record<string, unknown>, ctx));
export type TourUpdateBody = z.input<typeof tourUpdateBodySchema>;
export type TourUpdateValues = z.output<typeof tourUpdateBodySchema>;

// ─── Guides ────────────────────────────────────────────────────────────────────

/** SPEC §3 Guide's rules live in the zod-free ./guide-rules (the web's guide form imports them there). */
import { GUIDE_FIELD_RULES } from './guide-rules';
export { GUIDE_FIELD_RULES };
const guideFields = {
  first_name: z.string().trim().default(''),
  last_name: z.string().trim().default(''),
  about: z.string().trim().default(''),
  photo_id: idSchema.nullable().default(null),
};
export const guideCreateBodySchema = z
  .strictObject({ organizer_id: idSchema, ...guideFields })
  .superRefine(zodFieldRules(GUIDE_FIELD_RULES));
export const guideUpdateBodySchema = z
  .strictObject({ organizer_id: idSchema, guide_id: idSchema, ...guideFields })
  .superRefine(zodFieldRules(GUIDE_FIELD_RULES));
/** A guide in the organizer's list: how many tours name them (delete-guide needs force then). */
export const guideListItemSchema = guideSchema.extend({ tours_count: z.number().int().nonnegative() });
export type GuideListItem = z.infer<typeof guideListItemSchema>;

// ─── Departures ────────────────────────────────────────────────────────────────

/**
 * A departure as the dates editor writes it (SPEC §3 Tour date). number_of_free_seats is the
 * server's (seats less those booked); days default to the span of the dates; tour_variant names
 * an accommodation variant, or none.
 */
export const tourDateInputSchema = z.object({
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  time_start: timeStringSchema.nullable().default(null),
  price: z.number(),
  days: z.number().int().nullable().default(null),
  number_of_seats: z.number().int(),
  full_payment_days: z.number().int().nullable().default(null),
  prepayment_type: prepaymentTypeSchema.default('percent'),
  prepayment_size: z.number().default(0),
  not_guaranteed: z.boolean().default(false),
  flight_included: z.boolean().default(false),
  tour_variant: z.string().trim().nullable().default(null),
  commentary: z.string().trim().default(''),
});
export type TourDateInput = z.input<typeof tourDateInputSchema>;
const tourDateRefinement = (v: Record<string, unknown>, ctx: z.RefinementCtx): void =>
  zodIssues(tourDateFieldIssues(v), ctx);

/** POST tour/save-date: a new departure, or (with date_id) a change to one; uid is echoed back. */
export const tourSaveDateBodySchema = z
  .strictObject({
    tour_id: idSchema,
    date_id: idSchema.optional(),
    uid: z.string().max(64).optional(),
    ...tourDateInputSchema.shape,
  })
  .superRefine(tourDateRefinement);
/** POST tour/save-dates: new departures at once (the bulk "every Saturday from … to …", previewed on the client). */
export const tourSaveDatesBodySchema = z.strictObject({
  tour_id: idSchema,
  dates: z
    .array(tourDateInputSchema.extend({ uid: z.string().max(64).optional() }).superRefine(tourDateRefinement))
    .min(1)
    .max(MAX_TOUR_DATES_PER_SAVE),
});
/** POST tour/remove-date: a saved departure by date_id, or an unsaved row by date_uid (nothing stored to remove). */
export const tourRemoveDateBodySchema = z
  .strictObject({ tour_id: idSchema, date_id: idSchema.optional(), date_uid: z.string().max(64).optional() })
  .refine((b) => b.date_id !== undefined || b.date_uid !== undefined, { ...issueOf('required'), path: ['date_id'] });

const queryFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
export const tourDatesQuerySchema = z.strictObject({
  tour_id: queryId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(TOUR_DATES_MAX_PAGE_SIZE).default(TOUR_DATES_PAGE_SIZE),
  /** default true; false: the departures sold without an accommodation variant only */
  with_variants: queryFlag.optional(),
  /** 1: the departures saved by hand; 2: those the week schedule made */
  schedule_type: z.coerce.number().pipe(scheduleTypeSchema).optional(),
  period: z.enum(TOUR_DATE_PERIODS).default('upcoming'),
});
export const tourDatesResponseSchema = paginatedSchema(tourDateSchema);
export type TourDatesResponse = z.infer<typeof tourDatesResponseSchema>;

// ─── Week schedule ─────────────────────────────────────────────────────────────

/** What each departure the week schedule makes is sold with (a departure's fields but its day, time and variant). */
const weekScheduleTemplateSchema = tourDateInputSchema.pick({
  price: true,
  days: true,
  number_of_seats: true,
  full_payment_days: true,
  prepayment_type: true,
  prepayment_size: true,
  not_guaranteed: true,
  flight_included: true,
  commentary: true,
});
/**
 * POST tour/save-week-schedule (SPEC §3 Week schedule, §9 defaults): the weekdays (Sunday 0) and
 * their start times, periods without departures, the last day of departures, how many days ahead
 * they are kept, and the departure template. Ranges and formats are WEEK_SCHEDULE_FIELD_RULES' (so
 * an out-of-range weekday is a field error on its path); the lists' sizes are bounded here too.
 */
export const tourSaveWeekScheduleBodySchema = z
  .strictObject({
    id: idSchema,
    publish_count_days: z.number().int().default(DEFAULT_PUBLISH_COUNT_DAYS),
    last_tour_date: dateStringSchema.nullable().default(null),
    days_data: z
      .array(
        z.object({
          day_of_week: z.number().int(),
          times: z
            .array(z.string().max(5))
            .max(MAX_WEEK_SCHEDULE_TIMES + 1)
            .default([]),
        }),
      )
      .max(8)
      .default([]),
    excluded_periods_data: z
      .array(z.object({ date_from: dateStringSchema, date_to: dateStringSchema }))
      .max(MAX_EXCLUDED_PERIODS + 1)
      .default([]),
    ...weekScheduleTemplateSchema.shape,
  })
  .superRefine((v, ctx) => zodIssues(weekScheduleFieldIssues(v), ctx));
export type TourSaveWeekScheduleBody = z.input<typeof tourSaveWeekScheduleBodySchema>;
/** The stored week schedule and its departure template; days_data holds the seven weekdays, Sunday first. */
export const tourWeekScheduleResponseSchema = weekScheduleSchema.extend({
  tour_id: idSchema,
  publish_count_days: z.number().int().min(1).max(MAX_PUBLISH_COUNT_DAYS),
  price: z.number(),
  days: z.number().int().nullable(),
  number_of_seats: z.number().int(),
  full_payment_days: z.number().int().nullable(),
  prepayment_type: prepaymentTypeSchema,
  prepayment_size: z.number(),
  not_guaranteed: z.boolean(),
  flight_included: z.boolean(),
  commentary: z.string(),
});
export type TourWeekScheduleResponse = z.infer<typeof tourWeekScheduleResponseSchema>;

// ─── Routes ────────────────────────────────────────────────────────────────────

/** Status changes: the tour; `force_draft` on archive/publish moves a tour through drafts first. */
const statusBody = z.strictObject({ id: idSchema, force_draft: bodyFlag.optional() });
const preliminaryBody = z.strictObject({ id: idSchema, value: z.boolean() });

export const tourListQuerySchema = z.strictObject({
  organizer_id: queryId,
  status: z.enum(TOUR_STATUSES).optional(),
  type: z.coerce
    .number()
    .refine((v) => (TOUR_TYPES as readonly number[]).includes(v))
    .optional(),
  /** part of a name; text PostgreSQL cannot hold (U+0000) is no name */
  search: z
    .string()
    .trim()
    .max(255)
    .refine((v) => !v.includes('\u0000'), issueOf('incorrect_value'))
    .optional(),
  format: z.enum(TOUR_LIST_FORMATS).optional(),
  /** a page of `limit` tours (the screen's); without `limit`, every tour (SPEC) */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(TOUR_LIST_MAX_PAGE_SIZE).optional(),
});
/** GET tour/catalogue: the values of one kind, named in the caller's language; `search` is part of a name (en or ru). */
export const tourCatalogueQuerySchema = z.strictObject({
  kind: z.enum(CATALOGUE_KINDS),
  search: z
    .string()
    .trim()
    .max(255)
    .refine((v) => !v.includes('\u0000'), issueOf('incorrect_value'))
    .optional(),
});
export const tourCatalogueResponseSchema = z.object({ items: z.array(refSchema) });
export type TourCatalogueResponse = z.infer<typeof tourCatalogueResponseSchema>;

/** `total`: every tour the filters find (more than `items` when paged). */
export const tourListResponseSchema = z.object({ items: z.array(tourListItemSchema), total: z.number().int() });
export type TourListResponse = z.infer<typeof tourListResponseSchema>;

export const tourApi = {
  list: defineRoute({ ...tourRoutes.list, query: tourListQuerySchema, response: tourListResponseSchema }),
  view: defineRoute({ ...tourRoutes.view, query: z.strictObject({ id: queryId }), response: tourSchema }),
  create: defineRoute({ ...tourRoutes.create, body: tourCreateBodySchema, response: tourSchema }),
  update: defineRoute({ ...tourRoutes.update, body: tourUpdateBodySchema, response: tourSchema }),
  publish: defineRoute({ ...tourRoutes.publish, body: statusBody, response: tourSchema }),
  draft: defineRoute({ ...tourRoutes.draft, body: statusBody, response: tourSchema }),
  archive: defineRoute({ ...tourRoutes.archive, body: statusBody, response: tourSchema }),
  changeDatesPreliminary: defineRoute({
    ...tourRoutes.changeDatesPreliminary,
    body: preliminaryBody,
    response: tourSchema,
  }),
  changeProgramPreliminary: defineRoute({
    ...tourRoutes.changeProgramPreliminary,
    body: preliminaryBody,
    response: tourSchema,
  }),
  /** A draft copy of the tour (content, programme, media, guides; no dates), in the same or another own organizer. */
  createCopy: defineRoute({
    ...tourRoutes.createCopy,
    body: z.strictObject({ id: idSchema, organizer_id: idSchema }),
    response: tourSchema,
  }),
  /** The organizer's cancellation penalties, to start a tour's penalties from. */
  defaultPenalties: defineRoute({
    ...tourRoutes.defaultPenalties,
    query: z.strictObject({ organizer_id: queryId }),
    response: z.array(penaltySchema),
  }),
  /** Reference values a tour picks from (regions, cities, …), sorted by name. */
  catalogue: defineRoute({
    ...tourRoutes.catalogue,
    query: tourCatalogueQuerySchema,
    response: tourCatalogueResponseSchema,
  }),
  guides: defineRoute({
    ...tourRoutes.guides,
    query: z.strictObject({ organizer_id: queryId }),
    response: z.array(guideListItemSchema),
  }),
  createGuide: defineRoute({ ...tourRoutes.createGuide, body: guideCreateBodySchema, response: guideListItemSchema }),
  updateGuide: defineRoute({ ...tourRoutes.updateGuide, body: guideUpdateBodySchema, response: guideListItemSchema }),
  /** A guide some tour names is deleted only with force (and leaves those tours). */
  deleteGuide: defineRoute({
    ...tourRoutes.deleteGuide,
    body: z.strictObject({ organizer_id: idSchema, guide_id: idSchema, force: bodyFlag.optional() }),
    response: successResponseSchema,
  }),
  getDates: defineRoute({ ...tourRoutes.getDates, query: tourDatesQuerySchema, response: tourDatesResponseSchema }),
  saveDate: defineRoute({ ...tourRoutes.saveDate, body: tourSaveDateBodySchema, response: tourDateSchema }),
  /** All or none: a duplicate or a bad row refuses the whole batch with errors on `dates.N.field`. */
  saveDates: defineRoute({
    ...tourRoutes.saveDates,
    body: tourSaveDatesBodySchema,
    response: z.object({ items: z.array(tourDateSchema) }),
  }),
  /** A departure with bookings stays. */
  removeDate: defineRoute({
    ...tourRoutes.removeDate,
    body: tourRemoveDateBodySchema,
    response: successResponseSchema,
  }),
  /** Stores the week schedule and makes its departures for the next publish_count_days at once. */
  saveWeekSchedule: defineRoute({
    ...tourRoutes.saveWeekSchedule,
    body: tourSaveWeekScheduleBodySchema,
    response: tourWeekScheduleResponseSchema,
  }),
};

// ─── The programme PDF ─────────────────────────────────────────────────────────

/** POST tour-program/create-pdf: the tour whose programme to render (in the caller's X-Language). */
export const tourProgramCreatePdfBodySchema = z.strictObject({ tour_id: idSchema });
/** A rendered programme: its id for download-pdf, the file name (the tour's), its size in bytes. */
export const tourProgramPdfSchema = z.object({
  id: idSchema,
  tour_id: idSchema,
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type TourProgramPdf = z.infer<typeof tourProgramPdfSchema>;
/** GET tour-program/download-pdf: the PDF create-pdf made (SPEC's request_id comes with the bookings issue). */
/** download-pdf: a stored programme by pdf_id, else by SPEC's request_id the programme of the request's tour, rendered now. */
export const tourProgramDownloadPdfQuerySchema = z
  .strictObject({ pdf_id: queryId.optional(), request_id: queryId.optional() })
  .refine((q) => q.pdf_id !== undefined || q.request_id !== undefined, {
    ...issueOf('required'),
    path: ['request_id'],
  });

export const tourProgramApi = {
  createPdf: defineRoute({
    ...tourProgramRoutes.createPdf,
    body: tourProgramCreatePdfBodySchema,
    response: tourProgramPdfSchema,
  }),
  downloadPdf: defineRoute({
    ...tourProgramRoutes.downloadPdf,
    query: tourProgramDownloadPdfQuerySchema,
    response: fileBytesSchema,
    summary: 'The PDF (application/pdf, an attachment named after the tour), to members of its organizer',
  }),
};

// ─── Calendar feeds ────────────────────────────────────────────────────────────

/** A calendar feed: one tour's departures (tour_id) or every tour's of the organizer (null). */
export const tourIcalFeedSchema = z.object({
  id: idSchema,
  tour_id: idSchema.nullable(),
  /** the tour's name when the feed is of one tour */
  tour_name: z.string().nullable(),
  name: z.string(),
  created_at: dateTimeStringSchema,
});
export type TourIcalFeed = z.infer<typeof tourIcalFeedSchema>;
/** A new feed with its secret address (a path on this server), answered this once. */
export const tourIcalFeedCreatedSchema = tourIcalFeedSchema.extend({ url: z.string() });
export type TourIcalFeedCreated = z.infer<typeof tourIcalFeedCreatedSchema>;

export const tourIcalFeedsQuerySchema = z.strictObject({
  organizer_id: queryId,
  /** only the feeds of this tour and the organizer's whole-catalogue ones */
  tour_id: queryId.optional(),
});
export const tourCreateIcalFeedBodySchema = z
  .strictObject({
    organizer_id: idSchema,
    /** null: every tour of the organizer */
    tour_id: idSchema.nullable().default(null),
    name: z.string().trim().default(''),
  })
  .superRefine(zodFieldRules(TOUR_ICAL_FEED_RULES));
export type TourCreateIcalFeedBody = z.input<typeof tourCreateIcalFeedBodySchema>;

export const tourIcalFeedApi = {
  /** The organizer's live feeds (revoked ones aside), newest first; at most MAX_ICAL_FEEDS. */
  icalFeeds: defineRoute({
    ...tourIcalFeedRoutes.icalFeeds,
    query: tourIcalFeedsQuerySchema,
    response: z.object({ items: z.array(tourIcalFeedSchema).max(MAX_ICAL_FEEDS) }),
  }),
  createIcalFeed: defineRoute({
    ...tourIcalFeedRoutes.createIcalFeed,
    body: tourCreateIcalFeedBodySchema,
    response: tourIcalFeedCreatedSchema,
  }),
  revokeIcalFeed: defineRoute({
    ...tourIcalFeedRoutes.revokeIcalFeed,
    body: z.strictObject({ organizer_id: idSchema, feed_id: idSchema }),
    response: successResponseSchema,
  }),
  icalFeed: defineRoute({
    ...tourIcalFeedRoutes.icalFeed,
    response: z.string(),
    summary: 'The departures as an iCalendar (text/calendar); a revoked or unknown address is 404',
  }),
};

// ─── The tours a request picks from ────────────────────────────────────────────

/** A tour a booking request can be made for. */
export const tourForRequestSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: tourTypeSchema,
  schedule_type: scheduleTypeSchema,
  status: tourStatusSchema,
  currency: currencySchema,
  price: moneySchema.nullable(),
});
export type TourForRequest = z.infer<typeof tourForRequestSchema>;

export const tourForRequestApi = {
  /** The organizer's published and draft tours (archived ones aside), published first, then by name. */
  /** SPEC's list-for-request: the tours a request may be moved to or based on (its organizer's, archived ones aside). */
  listForRequest: defineRoute({
    ...tourForRequestRoutes.listForRequest,
    query: z.strictObject({ request_id: queryId }),
    response: z.object({ items: z.array(tourForRequestSchema) }),
  }),
  listForRequestWithOwnType: defineRoute({
    ...tourForRequestRoutes.listForRequestWithOwnType,
    query: z.strictObject({ tour_organizer_id: queryId }),
    response: z.object({ items: z.array(tourForRequestSchema) }),
  }),
};
