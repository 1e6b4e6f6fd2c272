import { z } from 'zod';
import { defineRoute } from '../route';
import { dateStringSchema, idSchema, memberActorSchema, moneySchema, queryIdSchema } from '../entities/common';
import { discountValueTypeSchema } from '../enums';
import { MAX_REQUEST_PRICE, MAX_REQUEST_TOURISTS } from './request-rules';
import { MAX_AGE } from './tour-rules';
import {
  ADJUSTMENT_KINDS,
  CATEGORY_PRICINGS,
  EXTRA_PER,
  MAX_REQUEST_ADJUSTMENTS,
  MAX_TOUR_CATEGORIES,
  MAX_TOUR_EXTRAS,
  PROMO_CODE_PATTERN,
  TRAVELLER_CATEGORY_CODES,
  bookingChangeRoutes,
  promoCodeRoutes,
  tourPricesRoutes,
} from './prices-routes';
export * from './prices-routes';

/*
 * Prices that fit real tours (issue 26). Amounts are in the major unit (1500.5), as everywhere in
 * the API; the server computes in minor units. Cross-field rules (ages that overlap or are empty,
 * the adult, min over max, a promo code's dates) are the server's, as 422 field errors.
 */

const nameShape = { name_en: z.string().trim().max(100), name_ru: z.string().trim().max(100) };
const ageSchema = z.number().int().min(0).max(MAX_AGE).nullable();
const countSchema = z.number().int().min(0).max(MAX_REQUEST_TOURISTS);

const travellerCategoryShape = {
  code: z.enum(TRAVELLER_CATEGORY_CODES),
  ...nameShape,
  age_from: ageSchema,
  age_to: ageSchema,
  pricing: z.enum(CATEGORY_PRICINGS),
  /** the percent for percent_off, the amount for amount_off and fixed; 0 for base */
  value: moneySchema.max(MAX_REQUEST_PRICE),
  takes_seat: z.boolean(),
  min_per_booking: countSchema,
  max_per_booking: countSchema.nullable(),
};
export const travellerCategorySchema = z.object({ id: idSchema, ...travellerCategoryShape });
export type TravellerCategory = z.infer<typeof travellerCategorySchema>;
export const travellerCategoryInputSchema = z.strictObject({
  /** an existing category of the tour; absent: a new one */
  id: idSchema.optional(),
  ...travellerCategoryShape,
  age_from: ageSchema.default(null),
  age_to: ageSchema.default(null),
  value: travellerCategoryShape.value.default(0),
  takes_seat: z.boolean().default(true),
  min_per_booking: countSchema.default(0),
  max_per_booking: countSchema.nullable().default(null),
});

const tourExtraShape = {
  ...nameShape,
  price: moneySchema.max(MAX_REQUEST_PRICE),
  per: z.enum(EXTRA_PER),
  is_mandatory: z.boolean(),
  /** how many each departure has; null: no limit */
  stock: z
    .number()
    .int()
    .min(0)
    .max(MAX_REQUEST_TOURISTS * 100)
    .nullable(),
};
export const tourExtraSchema = z.object({ id: idSchema, ...tourExtraShape });
export type TourExtra = z.infer<typeof tourExtraSchema>;
export const tourExtraInputSchema = z.strictObject({
  id: idSchema.optional(),
  ...tourExtraShape,
  per: tourExtraShape.per.default('booking'),
  is_mandatory: z.boolean().default(false),
  stock: tourExtraShape.stock.default(null),
});

export const tourPricesSchema = z.object({
  /** the departure price the categories are priced from in the lists ("from"): the tour's price */
  categories: z.array(travellerCategorySchema),
  extras: z.array(tourExtraSchema),
});
export type TourPrices = z.infer<typeof tourPricesSchema>;

export const tourPricesApi = {
  prices: defineRoute({
    ...tourPricesRoutes.prices,
    query: z.strictObject({ tour_id: queryIdSchema }),
    response: tourPricesSchema,
  }),
  /** The tour's whole list of categories: absent ones are removed; the adult stays (priced at the departure's price). */
  saveCategories: defineRoute({
    ...tourPricesRoutes.saveCategories,
    body: z.strictObject({
      tour_id: idSchema,
      categories: z.array(travellerCategoryInputSchema).min(1).max(MAX_TOUR_CATEGORIES),
    }),
    response: tourPricesSchema,
    summary: 'Save the traveller categories of a tour (issue 26)',
  }),
  /** The tour's whole list of extras: absent ones are removed (requests keep their lines). */
  saveExtras: defineRoute({
    ...tourPricesRoutes.saveExtras,
    body: z.strictObject({ tour_id: idSchema, extras: z.array(tourExtraInputSchema).max(MAX_TOUR_EXTRAS) }),
    response: tourPricesSchema,
    summary: 'Save the extras of a tour (issue 26)',
  }),
};

// ─── Promo codes ───────────────────────────────────────────────────────────────

const promoCodeShape = {
  code: z.string().trim().regex(PROMO_CODE_PATTERN),
  value_type: discountValueTypeSchema,
  value: moneySchema.positive().max(MAX_REQUEST_PRICE),
  valid_from: dateStringSchema.nullable(),
  valid_to: dateStringSchema.nullable(),
  /** the tours it applies to; empty: every tour of the organizer */
  tour_ids: z.array(idSchema).max(1000),
  uses_total: z.number().int().min(1).max(1_000_000).nullable(),
  uses_per_email: z.number().int().min(1).max(1_000_000).nullable(),
  is_combinable: z.boolean(),
};
export const promoCodeSchema = z.object({
  id: idSchema,
  organizer_id: idSchema,
  ...promoCodeShape,
  code: z.string(),
  uses_count: z.number().int(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
const promoCodeInputShape = {
  ...promoCodeShape,
  valid_from: promoCodeShape.valid_from.default(null),
  valid_to: promoCodeShape.valid_to.default(null),
  tour_ids: promoCodeShape.tour_ids.default([]),
  uses_total: promoCodeShape.uses_total.default(null),
  uses_per_email: promoCodeShape.uses_per_email.default(null),
  is_combinable: z.boolean().default(false),
};

/** A promo code's terms, as create and update take them. */
export const promoCodeInputSchema = z.strictObject(promoCodeInputShape);
export type PromoCodeInput = z.output<typeof promoCodeInputSchema>;

export const promoCodeApi = {
  list: defineRoute({
    ...promoCodeRoutes.list,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: z.object({ items: z.array(promoCodeSchema) }),
  }),
  create: defineRoute({
    ...promoCodeRoutes.create,
    body: z.strictObject({ organizer_id: idSchema, ...promoCodeInputShape }),
    response: promoCodeSchema,
    summary: 'Create a promo code of an organizer (issue 26)',
  }),
  /** Changes the code's terms; its uses so far stay counted. */
  update: defineRoute({
    ...promoCodeRoutes.update,
    body: z.strictObject({ id: idSchema, ...promoCodeInputShape }),
    response: promoCodeSchema,
  }),
  /** Removes the code: requests that used it keep their price. */
  remove: defineRoute({
    ...promoCodeRoutes.remove,
    body: z.strictObject({ id: idSchema }),
    response: z.object({ success: z.literal(true) }),
  }),
};

// ─── A booking's price and its changes ─────────────────────────────────────────

/** A traveller category by name, as a tourist or a place of a booking carries it (rooming list, questionnaire). */
export const travellerCategoryRefSchema = z.object({ code: z.string(), name_en: z.string(), name_ru: z.string() });
export type TravellerCategoryRef = z.infer<typeof travellerCategoryRefSchema>;

export const bookingTravellerLineSchema = z.object({
  /** null: the category was removed from the tour since (the line keeps its names and price) */
  category_id: idSchema.nullable(),
  code: z.string(),
  name_en: z.string(),
  name_ru: z.string(),
  count: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
  takes_seat: z.boolean(),
});
export const bookingExtraLineSchema = z.object({
  extra_id: idSchema.nullable(),
  name_en: z.string(),
  name_ru: z.string(),
  per: z.enum(EXTRA_PER),
  is_mandatory: z.boolean(),
  quantity: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
});
export const bookingAdjustmentSchema = z.object({
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: z.number(),
  reason: z.string(),
});
export const bookingPricingSchema = z.object({
  request_id: idSchema,
  currency: z.string(),
  travellers: z.array(bookingTravellerLineSchema),
  extras: z.array(bookingExtraLineSchema),
  adjustments: z.array(bookingAdjustmentSchema),
  /** the tour's discount it got: on the travellers' price */
  discount: z.object({ type: z.string(), value: z.number(), value_type: z.string(), amount: z.number() }).nullable(),
  /** the promo code: amount 0 when a better tour discount that it does not combine with stays */
  promo: z
    .object({
      code: z.string(),
      value: z.number(),
      value_type: z.string(),
      is_combinable: z.boolean(),
      amount: z.number(),
    })
    .nullable(),
  travellers_total: z.number(),
  extras_total: z.number(),
  total: z.number(),
  paid: z.number(),
  /** the total less what was paid (0 when paid in full) */
  balance_due: z.number(),
  tourists_count: z.number().int(),
  seats: z.number().int(),
});
export type BookingPricing = z.infer<typeof bookingPricingSchema>;

/** What a change did to the money: a balance to invoice, or a refund offered by the penalty rules. */
export const bookingChangeFiguresSchema = z.object({
  total_before: z.number(),
  total_after: z.number(),
  paid: z.number(),
  balance_due: z.number(),
  overpaid: z.number(),
  penalty_percent: z.number(),
  penalty: z.number(),
  refund_offered: z.number(),
});
export type BookingChangeFigures = z.infer<typeof bookingChangeFiguresSchema>;

export const bookingChangeBodySchema = z.strictObject({
  request_id: idSchema,
  /** the travellers per category (the whole list; categories left out have none) */
  travellers: z
    .array(z.strictObject({ category_id: idSchema, count: countSchema }))
    .max(MAX_TOUR_CATEGORIES)
    .optional(),
  /** the chosen optional extras (the whole list); mandatory ones are always on */
  extras: z
    .array(z.strictObject({ extra_id: idSchema, quantity: z.number().int().min(1).max(MAX_REQUEST_TOURISTS) }))
    .max(MAX_TOUR_EXTRAS)
    .optional(),
  /** the manual lines (the whole list) */
  adjustments: z
    .array(
      z.strictObject({
        kind: z.enum(ADJUSTMENT_KINDS),
        amount: moneySchema.positive().max(MAX_REQUEST_PRICE),
        reason: z.string().trim().min(1).max(200),
      }),
    )
    .max(MAX_REQUEST_ADJUSTMENTS)
    .optional(),
  /** a code to apply, or null to remove the one applied */
  promo_code: z.string().trim().max(32).nullable().optional(),
  /** another departure of the tour to move the booking to: its categories repriced by that departure's price */
  tour_date_id: idSchema.optional(),
  /** true: answer what the change would make (price, figures, refusals) and change nothing */
  dry_run: z.boolean().optional(),
});
export type BookingChangeBody = z.input<typeof bookingChangeBodySchema>;

/** A booking as a change history row keeps it. */
export const bookingSnapshotSchema = z.object({
  travellers: z.array(z.object({ category_id: idSchema.nullable(), name_en: z.string(), count: z.number().int() })),
  extras: z.array(z.object({ extra_id: idSchema.nullable(), name_en: z.string(), quantity: z.number().int() })),
  adjustments: z.array(bookingAdjustmentSchema),
  promo_code: z.string().nullable(),
  total: z.number(),
  /** the departure's first day (absent in rows written before a booking could move) */
  date_start: z.string().nullable().optional(),
});
export type BookingSnapshot = z.infer<typeof bookingSnapshotSchema>;
export const bookingChangeSchema = z.object({
  id: idSchema,
  user_id: idSchema.nullable(),
  user_name: z.string(),
  /** the member who changed it, with their role (issue 29); null for the system */
  actor: memberActorSchema.nullable().default(null),
  what: z.array(z.string()),
  before: bookingSnapshotSchema,
  after: bookingSnapshotSchema,
  created_at: z.string(),
});

export const bookingChangeApi = {
  pricing: defineRoute({
    ...bookingChangeRoutes.pricing,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: z.object({ pricing: bookingPricingSchema, prices: tourPricesSchema }),
  }),
  /**
   * Changes counts per category, extras, manual lines and the promo code at once: the price is
   * recomputed, seats and extras' stock taken or returned in the same transaction, what was paid
   * kept (the figures say what is left to invoice, or what may be refunded).
   */
  change: defineRoute({
    ...bookingChangeRoutes.change,
    body: bookingChangeBodySchema,
    response: z.object({ pricing: bookingPricingSchema, figures: bookingChangeFiguresSchema }),
    summary: 'Change a booking’s travellers, extras, manual lines or promo code (issue 26)',
  }),
  changes: defineRoute({
    ...bookingChangeRoutes.changes,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: z.object({ items: z.array(bookingChangeSchema) }),
  }),
};
