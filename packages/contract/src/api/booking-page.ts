import { z } from 'zod';
import { defineRoute } from '../route';
import { dateStringSchema, fileBytesSchema, idSchema, penaltySchema } from '../entities/common';
import { bookingPricingSchema } from './prices';
import { BOOKING_LINK_TOKEN_LENGTH, bookingPageRoutes } from './booking-page-routes';

export * from './booking-page-routes';

/**
 * The traveller's booking page (issue 27): what a secret link shows of its booking — status, price
 * lines, paid and due, documents, the chat — and what the traveller may do there: pay the balance,
 * cancel within the tour's rules (the penalty and refund shown before confirming).
 */
const tokenSchema = z
  .string()
  .trim()
  .length(BOOKING_LINK_TOKEN_LENGTH)
  .regex(/^[\w-]+$/);

export const bookingPageInvoiceSchema = z.object({
  id: idSchema,
  title: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** new | paid | canceled … (the invoice status name) */
  status: z.string(),
  paid_at: z.string().nullable(),
  /** the pay page, while it is open */
  pay_url: z.string().nullable(),
});

export const bookingPageSchema = z.object({
  request_id: idSchema,
  /** SPEC §4 booking status (1…8) */
  status: z.number().int(),
  canceled: z.boolean(),
  tour_name: z.string(),
  organizer_name: z.string(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  customer_name: z.string(),
  /** the tourists' names given so far (the questionnaire fills the rest) */
  tourists: z.array(z.string()),
  pricing: bookingPricingSchema.omit({ request_id: true }),
  /** the penalty kept of a canceled booking */
  penalty: z.number().nullable(),
  invoices: z.array(bookingPageInvoiceSchema),
  /** the balance can be paid now (a live booking confirmed by the organizer with money left to pay) */
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  chat_url: z.string().nullable(),
  questionnaire_url: z.string(),
  /** the contract PDF, once the organizer has confirmed the booking (unless it hands out none) */
  contract_url: z.string().nullable(),
  language: z.enum(['en', 'ru']),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

export const bookingCancelQuoteSchema = z.object({
  currency: z.string(),
  days_before_start: z.number().int().nullable(),
  penalties: z.array(penaltySchema),
  applied_penalty: penaltySchema.nullable(),
  price: z.number(),
  paid_amount: z.number(),
  penalty_amount: z.number(),
  refund_amount: z.number(),
  cancellation_terms: z.string(),
});
export type BookingCancelQuote = z.infer<typeof bookingCancelQuoteSchema>;

const tokenQuery = z.strictObject({ token: tokenSchema });

export const bookingPageApi = {
  page: defineRoute({
    ...bookingPageRoutes.page,
    query: tokenQuery,
    response: bookingPageSchema,
    summary: "The traveller's booking by its secret link: status, price, paid and due, documents (issue 27)",
  }),
  payBalance: defineRoute({
    ...bookingPageRoutes.payBalance,
    body: z.strictObject({ token: tokenSchema, language: z.enum(['en', 'ru']).default('en') }),
    response: z.object({ pay_url: z.string() }),
    summary: 'The pay page of what is left to pay: the open invoice, or a new one for the balance',
  }),
  cancelQuote: defineRoute({
    ...bookingPageRoutes.cancelQuote,
    query: tokenQuery,
    response: bookingCancelQuoteSchema,
    summary: "What cancelling costs now by the tour's cancellation terms: the penalty and the refund",
  }),
  cancel: defineRoute({
    ...bookingPageRoutes.cancel,
    body: z.strictObject({
      token: tokenSchema,
      message: z.string().trim().max(2000).default(''),
      /** the penalty the traveller was shown: refused when the server's differs */
      penalty_amount: z.number().nonnegative(),
    }),
    response: bookingPageSchema,
    summary: 'Cancel the booking as the tourist, within the rules (5 canceled by the tourist)',
  }),
  contract: defineRoute({
    ...bookingPageRoutes.contract,
    query: tokenQuery,
    response: fileBytesSchema,
    summary:
      'The booking’s contract PDF (an attachment), once the organizer has confirmed it; 404 booking_contract_not_available before, after a cancel, or when the organizer hands out none',
  }),
};
