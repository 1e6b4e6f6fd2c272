import { z } from 'zod';
import { defineRoute } from '../route';
import { dateTimeStringSchema, idSchema, queryIdSchema } from '../entities/common';
import { languageSchema } from '../entities/user';
import { zodRules } from '../validation';
import {
  REVIEW_ANSWER_MAX_LENGTH,
  REVIEW_FIELD_RULES,
  REVIEW_MAX_DELAY_HOURS,
  REVIEW_PAGE_SIZE,
  REVIEW_PAGE_STATES,
  REVIEW_PHOTOS_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REASON_MAX_LENGTH,
  reviewRoutes,
} from './review-routes';
import { successResponseSchema } from './user';
export * from './review-routes';

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const reviewRatingSchema = z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX);

export const reviewPhotoSchema = z.object({ id: idSchema, url: z.string(), thumb_url: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** A review as the public sees it (the site, the tour page): no e-mail, no request. */
export const publicReviewSchema = z.object({
  id: idSchema,
  display_name: z.string(),
  rating: reviewRatingSchema,
  text: z.string(),
  photos: z.array(reviewPhotoSchema),
  language: languageSchema,
  created_at: dateTimeStringSchema,
  tour_id: idSchema.nullable(),
  tour_name: z.string().nullable(),
  answer: z.string().nullable(),
  answered_at: dateTimeStringSchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A review on /{orgId}/reviews: with its departure, request, hiding and report. */
export const crmReviewSchema = publicReviewSchema.extend({
  organizer_id: idSchema,
  request_id: idSchema,
  tour_date_id: idSchema.nullable(),
  date_start: z.string().nullable(),
  edited_at: dateTimeStringSchema.nullable(),
  answer_edited_at: dateTimeStringSchema.nullable(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  support_chat_id: idSchema.nullable(),
});
export type CrmReview = z.infer<typeof crmReviewSchema>;

export const reviewAverageSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export const reviewListSchema = z.object({
  items: z.array(crmReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  overall: reviewAverageSchema,
  per_tour: z.array(reviewAverageSchema.extend({ tour_id: idSchema, tour_name: z.string() })),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

const queryPage = z.coerce.number().int().positive().max(100_000).default(1);

export const reviewListQuerySchema = z.strictObject({
  tour_organizer_id: queryIdSchema,
  tour_id: queryIdSchema.optional(),
  rating: z.coerce.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX).optional(),
  answered: z.enum(['yes', 'no']).optional(),
  date_from: daySchema.optional(),
  date_to: daySchema.optional(),
  page: queryPage,
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/** The review page behind a link: its state, the trip, the review written (if any). */
export const reviewPageSchema = z.object({
  state: z.enum(REVIEW_PAGE_STATES),
  language: languageSchema,
  organizer_name: z.string(),
  tour_name: z.string().nullable(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  suggested_name: z.string(),
  expires_at: dateTimeStringSchema,
  review: publicReviewSchema.nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewSaveBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
  rating: reviewRatingSchema,
  text: z.string().trim().default('').superRefine(zodRules(REVIEW_FIELD_RULES.text)),
  display_name: z.string().trim().superRefine(zodRules(REVIEW_FIELD_RULES.display_name)),
  photo_ids: z.array(idSchema).max(REVIEW_PHOTOS_MAX).default([]),
  language: languageSchema.optional(),
});
export type ReviewSaveBody = z.input<typeof reviewSaveBodySchema>;

export const organizerReviewsSchema = z.object({
  items: z.array(publicReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  average: z.number().nullable(),
  count: z.number().int(),
});
export type OrganizerReviews = z.infer<typeof organizerReviewsSchema>;

const orgAndId = { tour_organizer_id: idSchema, id: idSchema };

export const reviewApi = {
  list: defineRoute({ ...reviewRoutes.list, query: reviewListQuerySchema, response: reviewListSchema }),
  unanswered: defineRoute({
    ...reviewRoutes.unanswered,
    query: z.strictObject({ tour_organizer_id: queryIdSchema }),
    response: z.object({ count: z.number().int() }),
  }),
  answer: defineRoute({
    ...reviewRoutes.answer,
    body: z.strictObject({ ...orgAndId, answer: z.string().trim().max(REVIEW_ANSWER_MAX_LENGTH) }),
    response: crmReviewSchema,
  }),
  hide: defineRoute({
    ...reviewRoutes.hide,
    body: z
      .strictObject({
        ...orgAndId,
        hidden: z.boolean(),
        reason: z.string().trim().max(REVIEW_REASON_MAX_LENGTH).default(''),
      })
      .superRefine((v, ctx) => {
        if (v.hidden && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
      }),
    response: crmReviewSchema,
  }),
  report: defineRoute({
    ...reviewRoutes.report,
    body: z.strictObject({ ...orgAndId, message: z.string().trim().min(1).max(REVIEW_REASON_MAX_LENGTH) }),
    response: crmReviewSchema,
  }),
  settings: defineRoute({
    ...reviewRoutes.settings,
    query: z.strictObject({ tour_organizer_id: queryIdSchema }),
    response: z.object({ delay_hours: z.number().int() }),
  }),
  updateSettings: defineRoute({
    ...reviewRoutes.updateSettings,
    body: z.strictObject({
      tour_organizer_id: idSchema,
      delay_hours: z.number().int().min(0).max(REVIEW_MAX_DELAY_HOURS),
    }),
    response: z.object({ delay_hours: z.number().int() }),
  }),
  page: defineRoute({
    ...reviewRoutes.page,
    query: z.strictObject({ token: z.string().min(1).max(200) }),
    response: reviewPageSchema,
  }),
  save: defineRoute({ ...reviewRoutes.save, body: reviewSaveBodySchema, response: publicReviewSchema }),
  photo: defineRoute({
    ...reviewRoutes.photo,
    query: z.strictObject({ token: z.string().min(1).max(200) }),
    response: reviewPhotoSchema,
  }),
  organizerReviews: defineRoute({
    ...reviewRoutes.organizerReviews,
    query: z.strictObject({
      id: queryIdSchema,
      tour_id: queryIdSchema.optional(),
      limit: z.coerce.number().int().positive().max(50).default(REVIEW_PAGE_SIZE),
      page: queryPage,
    }),
    response: organizerReviewsSchema,
  }),
};
export { successResponseSchema as reviewSuccessSchema };
