import { z } from 'zod';
import { defineRoute } from '../route';
import { bookingChangeBodySchema } from './prices';
import { requestIndividualRoutes, requestRoutes, thirdPartyAgentRequestRoutes } from './request-routes';
export { requestIndividualRoutes, requestRoutes, thirdPartyAgentRequestRoutes } from './request-routes';
import {
  CANCEL_REQUEST_FIELD_RULES,
  MAX_REQUEST_PRICE,
  MAX_REQUEST_TOURISTS,
  REQUEST_FIELD_RULES,
  THIRD_PARTY_AGENT_FIELD_RULES,
  TOURIST_FIELD_RULES,
} from './request-rules';
export * from './request-rules';
import { baseSaleStatusSchema, requestSchema, touristInputSchema } from '../entities/request';
import { dateStringSchema, idSchema, moneySchema, penaltySchema, queryIdSchema } from '../entities/common';
import { tourDateSchema } from '../entities/tour';
import { issueOf } from '../messages';
import { BASE_SALE_STATUS } from '../enum-values';
import { ruleIssues, zodIssues, type FieldRuleMap } from '../validation';

/** The rules of each field present (nested paths too); a field left out of an update is not checked. */
const checked = (map: FieldRuleMap) => (v: unknown, ctx: z.RefinementCtx) => zodIssues(ruleIssues(v, map), ctx);
import { successResponseSchema } from './user';

/** How long a hold may be asked for: at least 301 s (the issue's floor), at most a day. */
export const MIN_HOLD_SECONDS = 301;
export const MAX_HOLD_SECONDS = 86_400;

/**
 * A client's key for a call that makes a request: the same key again (a retried click, a second
 * tab) answers the request the first call made, and makes none.
 */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w.:-]+$/);

const touristsSchema = z.array(touristInputSchema.superRefine(checked(TOURIST_FIELD_RULES))).max(MAX_REQUEST_TOURISTS);

const requestContactShape = {
  customer_name: z.string().trim().max(255),
  customer_email: z.string().trim().max(254).default(''),
  customer_phone: z.string().trim().max(32).default(''),
  comment: z.string().trim().max(5000).default(''),
};

/** The fields of a request made by hand: the tour, its departure (or an individual tour's dates), people and price. */
const ownRequestShape = {
  tour_organizer_id: idSchema,
  tour_id: idSchema,
  /** the departure; required unless is_individual_tour */
  tour_date_id: idSchema.nullable().default(null),
  is_individual_tour: z.boolean().default(false),
  /** an individual tour's dates */
  date_start: dateStringSchema.nullable().default(null),
  date_end: dateStringSchema.nullable().default(null),
  tourists_count: z.number().int().min(1).max(MAX_REQUEST_TOURISTS),
  /** the price of one place; default: the departure's (less its discount), or the tour's for an individual tour */
  unit_price: moneySchema.max(MAX_REQUEST_PRICE).optional(),
  ...requestContactShape,
  tourists: touristsSchema.default([]),
  /** how long the seats are held before the request is confirmed; default 15 minutes */
  hold_seconds: z.number().int().min(MIN_HOLD_SECONDS).max(MAX_HOLD_SECONDS).optional(),
  idempotency_key: idempotencyKeySchema,
  /**
   * The booking by category (issue 26), as change-booking takes them: with any of these the request
   * is priced by its travellers per category, extras and promo code (tourists_count then follows
   * the travellers); without, it is tourists_count adults.
   */
  travellers: bookingChangeBodySchema.shape.travellers,
  extras: bookingChangeBodySchema.shape.extras,
  promo_code: bookingChangeBodySchema.shape.promo_code,
};
const datesRefinement = (v: { date_start: string | null; date_end: string | null }, ctx: z.RefinementCtx) => {
  if (v.date_start && v.date_end && v.date_end < v.date_start)
    ctx.addIssue({ code: 'custom', path: ['date_end'], ...issueOf('end_before_start') });
};

export const ownRequestCreateBodySchema = z
  .strictObject(ownRequestShape)
  .superRefine(checked(REQUEST_FIELD_RULES))
  .superRefine(datesRefinement);
export type OwnRequestCreateBody = z.input<typeof ownRequestCreateBodySchema>;

/** What an update changes: contact, count, price, departure, an individual tour's dates. Absent: unchanged. */
const requestUpdateShape = {
  id: idSchema,
  tour_date_id: idSchema.optional(),
  date_start: dateStringSchema.nullable().optional(),
  date_end: dateStringSchema.nullable().optional(),
  tourists_count: z.number().int().min(1).max(MAX_REQUEST_TOURISTS).optional(),
  unit_price: moneySchema.max(MAX_REQUEST_PRICE).optional(),
  customer_name: requestContactShape.customer_name.optional(),
  customer_email: z.string().trim().max(254).optional(),
  customer_phone: z.string().trim().max(32).optional(),
  comment: z.string().trim().max(5000).optional(),
};
export const requestUpdateBodySchema = z
  .strictObject(requestUpdateShape)
  .superRefine(checked(REQUEST_FIELD_RULES))
  .superRefine((v, ctx) => datesRefinement({ date_start: v.date_start ?? null, date_end: v.date_end ?? null }, ctx));
export type RequestUpdateBody = z.input<typeof requestUpdateBodySchema>;

const thirdPartyAgentInputSchema = z.strictObject({
  name: z.string().trim().max(255),
  email: z.string().trim().max(254).default(''),
  phone: z.string().trim().max(32).default(''),
  commission: moneySchema.max(MAX_REQUEST_PRICE).default(0),
});
export const thirdPartyAgentRequestCreateBodySchema = z
  .strictObject({ ...ownRequestShape, third_party_agent: thirdPartyAgentInputSchema })
  .superRefine(checked({ ...REQUEST_FIELD_RULES, ...THIRD_PARTY_AGENT_FIELD_RULES }))
  .superRefine(datesRefinement);
export const thirdPartyAgentRequestUpdateBodySchema = z
  .strictObject({ ...requestUpdateShape, third_party_agent: thirdPartyAgentInputSchema.optional() })
  .superRefine(checked({ ...REQUEST_FIELD_RULES, ...THIRD_PARTY_AGENT_FIELD_RULES }));

/** What cancelling a request would cost now (cancel-request-popup-data). */
export const cancelPopupDataSchema = z.object({
  request_id: idSchema,
  currency: z.string(),
  /** whole days from today (the organizer's clock) to the start; null without a start date */
  days_before_start: z.number().int().nullable(),
  /** the rows the penalty is read from, and where they come from */
  penalties: z.array(penaltySchema),
  penalties_source: z.enum(['tour', 'organizer', 'none']),
  /** the row that applies; null: cancelling is free now */
  applied_penalty: penaltySchema.nullable(),
  price: moneySchema,
  paid_amount: moneySchema,
  penalty_amount: moneySchema,
  /** paid − penalty, when positive: what goes back to the tourist */
  refund_amount: moneySchema,
  cancellation_terms: z.string(),
  actual_expenses: z.string(),
});
export type CancelPopupData = z.infer<typeof cancelPopupDataSchema>;

export const cancelRequestBodySchema = z
  .strictObject({
    id: idSchema,
    message: z.string().trim().max(5000).default(''),
    notify_client: z.boolean().default(true),
    /** who asked: the provider (6, the default) or the tourist through the provider (5) */
    canceled_by: z.enum(['author', 'tourist']).default('author'),
  })
  .superRefine(checked(CANCEL_REQUEST_FIELD_RULES));

const idBody = z.strictObject({ id: idSchema });
const idQuery = z.strictObject({ id: queryIdSchema });

/** The departures a request may move to (tour-dates): its tour's, from today on, with their free seats. */
export const requestTourDatesResponseSchema = z.object({ items: z.array(tourDateSchema) });

export const requestApi = {
  get: defineRoute({ ...requestRoutes.get, query: idQuery, response: requestSchema }),
  /** A request the provider makes by hand (source own): it holds its seats until confirmed. */
  createRequestWithOwnType: defineRoute({
    ...requestRoutes.createRequestWithOwnType,
    body: ownRequestCreateBodySchema,
    response: requestSchema,
  }),
  updateRequestWithOwnType: defineRoute({
    ...requestRoutes.updateRequestWithOwnType,
    body: requestUpdateBodySchema,
    response: requestSchema,
  }),
  /** Any request's contact, count, price or departure (seats moved under the departures' locks). */
  update: defineRoute({ ...requestRoutes.update, body: requestUpdateBodySchema, response: requestSchema }),
  /** 1 → 2: the seats become firm (taken again if the hold has lapsed, 422 when they are gone). */
  confirm: defineRoute({ ...requestRoutes.confirm, body: idBody, response: requestSchema }),
  extendHold: defineRoute({
    ...requestRoutes.extendHold,
    body: z.strictObject({ id: idSchema, seconds: z.number().int().min(MIN_HOLD_SECONDS).max(MAX_HOLD_SECONDS) }),
    response: requestSchema,
  }),
  tourDates: defineRoute({
    ...requestRoutes.tourDates,
    body: z.strictObject({ request_id: idSchema, with_variants: z.boolean().default(true) }),
    response: requestTourDatesResponseSchema,
  }),
  cancelRequestPopupData: defineRoute({
    ...requestRoutes.cancelRequestPopupData,
    query: idQuery,
    response: cancelPopupDataSchema,
  }),
  cancel: defineRoute({ ...requestRoutes.cancel, body: cancelRequestBodySchema, response: requestSchema }),
  baseSaleStatusesByRequestId: defineRoute({
    ...requestRoutes.baseSaleStatusesByRequestId,
    query: idQuery,
    response: z.object({ items: z.array(baseSaleStatusSchema) }),
  }),
  changeBaseSaleStatus: defineRoute({
    ...requestRoutes.changeBaseSaleStatus,
    body: z.strictObject({ id: idSchema, base_sale_status: z.enum(BASE_SALE_STATUS) }),
    response: successResponseSchema,
  }),
};

export const thirdPartyAgentRequestApi = {
  create: defineRoute({
    ...thirdPartyAgentRequestRoutes.create,
    body: thirdPartyAgentRequestCreateBodySchema,
    response: requestSchema,
  }),
  update: defineRoute({
    ...thirdPartyAgentRequestRoutes.update,
    body: thirdPartyAgentRequestUpdateBodySchema,
    response: requestSchema,
  }),
};

// ─── Individual tours ──────────────────────────────────────────────────────────

const queryFlag01 = z.enum(['0', '1']).transform((v) => v === '1');

/** The dates of an individual tour; from_source=1 adds its base tour's coming departures as suggestions. */
export const individualDatesSchema = z.object({
  request_id: idSchema,
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  suggestions: z.array(tourDateSchema),
});
export type IndividualDates = z.infer<typeof individualDatesSchema>;

/** The offer of an individual tour: what is applied, and the draft being prepared. */
const individualOfferShape = {
  tour_id: idSchema.nullable(),
  price: moneySchema.nullable(),
  comment: z.string(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
};
export const individualTourSchema = z.object({
  request_id: idSchema,
  ...individualOfferShape,
  draft: z.object(individualOfferShape).nullable(),
});
export type IndividualTour = z.infer<typeof individualTourSchema>;

export const saveIndividualBodySchema = z
  .strictObject({
    request_id: idSchema,
    tour_id: idSchema,
    /** true: keep as a draft; false: apply it to the request (and drop the draft) */
    is_draft: z.boolean().default(false),
    price: moneySchema.max(MAX_REQUEST_PRICE).optional(),
    comment: z.string().trim().max(5000).default(''),
    date_start: dateStringSchema.nullable().optional(),
    date_end: dateStringSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => datesRefinement({ date_start: v.date_start ?? null, date_end: v.date_end ?? null }, ctx));

export const requestIndividualApi = {
  individualDates: defineRoute({
    ...requestIndividualRoutes.individualDates,
    query: z.strictObject({ request_id: queryIdSchema, from_source: queryFlag01.optional() }),
    response: individualDatesSchema,
  }),
  saveIndividualDates: defineRoute({
    ...requestIndividualRoutes.saveIndividualDates,
    body: z
      .strictObject({ request_id: idSchema, date_start: dateStringSchema, date_end: dateStringSchema })
      .superRefine(datesRefinement),
    response: individualDatesSchema,
  }),
  individual: defineRoute({
    ...requestIndividualRoutes.individual,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: individualTourSchema,
  }),
  saveIndividual: defineRoute({
    ...requestIndividualRoutes.saveIndividual,
    body: saveIndividualBodySchema,
    response: individualTourSchema,
  }),
  individualClearDraft: defineRoute({
    ...requestIndividualRoutes.individualClearDraft,
    body: z.strictObject({ request_id: idSchema }),
    response: individualTourSchema,
  }),
};
