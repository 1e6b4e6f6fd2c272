import { z } from 'zod';
import { defineRoute } from '../route';
import { dateStringSchema, idSchema, queryIdSchema } from '../entities/common';
import { emailFieldSchema, phoneFieldSchema } from '../validation-fields';
import { MAX_TOUR_CATEGORIES, MAX_TOUR_EXTRAS } from './prices-routes';
import { bookingPricingSchema, tourPricesSchema } from './prices';
import { idempotencyKeySchema } from './request';
import { travellerTouristsRules, travellerTouristsSchema } from './request-tourist';
import { CHECKOUT_MAX_TRAVELLERS, CHECKOUT_TOKEN_LENGTH, checkoutRoutes } from './checkout-routes';

export * from './checkout-routes';

/**
 * The traveller's checkout (issue 27): what a tour's departures offer, a quote of a choice, a hold
 * of its seats (a secret token, a countdown), and the confirm that makes the request. Every number
 * the traveller sees is the server's: the client sends only its choice.
 */
const choiceShape = {
  tour_id: idSchema,
  tour_date_id: idSchema,
  /** the travellers per category (categories left out have none) */
  travellers: z
    .array(z.strictObject({ category_id: idSchema, count: z.number().int().min(0).max(CHECKOUT_MAX_TRAVELLERS) }))
    .min(1)
    .max(MAX_TOUR_CATEGORIES),
  /** the chosen optional extras; mandatory ones are always on */
  extras: z
    .array(z.strictObject({ extra_id: idSchema, quantity: z.number().int().min(1).max(CHECKOUT_MAX_TRAVELLERS) }))
    .max(MAX_TOUR_EXTRAS)
    .default([]),
  promo_code: z.string().trim().max(32).nullable().default(null),
};
export const checkoutChoiceSchema = z.strictObject(choiceShape);
export type CheckoutChoiceBody = z.input<typeof checkoutChoiceSchema>;

const tokenSchema = z
  .string()
  .trim()
  .length(CHECKOUT_TOKEN_LENGTH)
  .regex(/^[\w-]+$/);

/** A choice priced: the booking's lines as the server computes them (no request yet). */
export const checkoutPricingSchema = bookingPricingSchema.omit({ request_id: true, paid: true, balance_due: true });
export type CheckoutPricing = z.infer<typeof checkoutPricingSchema>;

export const checkoutDepartureSchema = z.object({
  id: idSchema,
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  /** HH:mm, or null: no set time */
  time_start: z.string().nullable(),
  /** the accommodation variant it is sold with (SPEC §3 tour date), or null */
  variant: z.string().nullable(),
  /** the group may not gather: the organizer may still cancel it */
  not_guaranteed: z.boolean(),
  flight_included: z.boolean(),
  free_seats: z.number().int(),
  /** false: sold out, started, past its booking end, or outside the tour's booking period */
  bookable: z.boolean(),
  reason: z.enum(['sold_out', 'started', 'booking_closed']).nullable(),
  /** the price of one traveller of each category on this departure */
  prices: z.array(z.object({ category_id: idSchema, unit_price: z.number() })),
});

export const checkoutOptionsSchema = z.object({
  tour: z.object({
    id: idSchema,
    organizer_id: idSchema,
    name: z.string(),
    currency: z.string(),
    instant_booking: z.boolean(),
    booking_end_hours: z.number().int(),
    group_min: z.number().int().nullable(),
    group_max: z.number().int().nullable(),
    min_age: z.number().int().nullable(),
    max_age: z.number().int().nullable(),
  }),
  categories: tourPricesSchema.shape.categories,
  extras: tourPricesSchema.shape.extras,
  departures: z.array(checkoutDepartureSchema),
  /** how long a hold lasts, minutes */
  hold_minutes: z.number().int(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/**
 * What the booking page renders first (no layout shift when its island hydrates): the options,
 * the departure and travellers chosen first, and their price (null when it cannot be priced).
 */
export interface CheckoutFirstPaint {
  options: CheckoutOptions;
  date_id: number | null;
  travellers: { category_id: number; count: number }[];
  pricing: CheckoutPricing | null;
}

export const checkoutHoldSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  /** activity extends the hold up to this moment */
  max_expires_at: z.string(),
  pricing: checkoutPricingSchema,
});
export type CheckoutHold = z.infer<typeof checkoutHoldSchema>;

export const checkoutConfirmBodySchema = z
  .strictObject({
    token: tokenSchema,
    name: z.string().trim().min(1).max(255),
    email: emailFieldSchema,
    phone: phoneFieldSchema.refine((v) => v.length > 0, { message: 'required' }),
    comment: z.string().trim().max(2000).default(''),
    /** the organizer's offer/agreement and privacy policy accepted */
    documents_accepted: z.literal(true),
    /** the total the traveller was shown: refused when the server's differs */
    total: z.number().nonnegative(),
    idempotency_key: idempotencyKeySchema,
    language: z.enum(['en', 'ru']).default('en'),
    /** each tourist's details now (optional: else later, through the questionnaire link); at most the travellers */
    tourists: travellerTouristsSchema.default([]),
  })
  .superRefine(travellerTouristsRules('tourists'));
export type CheckoutConfirmBody = z.input<typeof checkoutConfirmBodySchema>;

export const checkoutConfirmResponseSchema = z.object({
  request_id: idSchema,
  /** the questionnaire's public id (the traveller's booking link) */
  request_uuid: z.string(),
  status: z.number().int(),
  /** instant booking: confirmed, with its prepayment invoice; else the organizer confirms */
  instant: z.boolean(),
  total: z.number(),
  currency: z.string(),
  prepayment: z.number().nullable(),
  pay_url: z.string().nullable(),
  /** the traveller's chat with the organizer */
  chat_url: z.string().nullable(),
  /** the traveller's booking page (its secret link; given once, with the first answer) */
  booking_url: z.string().nullable(),
});
export type CheckoutConfirmResponse = z.infer<typeof checkoutConfirmResponseSchema>;

/** The recovered checkout: the choice as it was, held again, and the contact the traveller left. */
export const checkoutRecoverResponseSchema = z.object({
  hold: checkoutHoldSchema,
  choice: z.object({
    tour_id: idSchema,
    tour_date_id: idSchema,
    travellers: z.array(z.object({ category_id: idSchema, count: z.number().int() })),
    extras: z.array(z.object({ extra_id: idSchema, quantity: z.number().int() })),
    promo_code: z.string().nullable(),
  }),
  contact: z.object({ name: z.string(), email: z.string() }),
});
export type CheckoutRecoverResponse = z.infer<typeof checkoutRecoverResponseSchema>;

export const checkoutApi = {
  options: defineRoute({
    ...checkoutRoutes.options,
    query: z.strictObject({ tour_id: queryIdSchema }),
    response: checkoutOptionsSchema,
    summary: 'What a tour offers to book: departures with free seats, prices per category, extras, rules (issue 27)',
  }),
  quote: defineRoute({
    ...checkoutRoutes.quote,
    body: checkoutChoiceSchema,
    response: z.object({ pricing: checkoutPricingSchema }),
    summary: 'Price a choice of travellers, extras and promo code on a departure',
  }),
  hold: defineRoute({
    ...checkoutRoutes.hold,
    body: checkoutChoiceSchema.extend({ language: z.enum(['en', 'ru']).default('en') }),
    response: checkoutHoldSchema,
    summary: "Hold a choice's seats (and extras) for the organizer's hold length",
  }),
  extend: defineRoute({
    ...checkoutRoutes.extend,
    body: z.strictObject({ token: tokenSchema }),
    response: z.object({ expires_at: z.string(), max_expires_at: z.string() }),
  }),
  release: defineRoute({
    ...checkoutRoutes.release,
    body: z.strictObject({ token: tokenSchema }),
    response: z.object({ success: z.literal(true) }),
  }),
  confirm: defineRoute({
    ...checkoutRoutes.confirm,
    body: checkoutConfirmBodySchema,
    response: checkoutConfirmResponseSchema,
    summary: 'Book the held seats: instant booking confirms with a prepayment invoice; else request-to-book',
  }),
  contact: defineRoute({
    ...checkoutRoutes.contact,
    body: z.strictObject({
      token: tokenSchema,
      email: emailFieldSchema.refine((v) => v.length > 0, { message: 'required' }),
      name: z.string().trim().max(255).default(''),
    }),
    response: z.object({ success: z.literal(true) }),
    summary: 'Keep the e-mail the traveller left on the hold (an abandoned checkout gets one message)',
  }),
  recover: defineRoute({
    ...checkoutRoutes.recover,
    body: z.strictObject({ token: tokenSchema, language: z.enum(['en', 'ru']).default('en') }),
    response: checkoutRecoverResponseSchema,
    summary: "An abandoned checkout's link: its choice held again, its contact filled",
  }),
};
