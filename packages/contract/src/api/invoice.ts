import { z } from 'zod';
import { defineRoute } from '../route';
import { invoiceRoutes, paymentRoutes } from './invoice-routes';
export * from './invoice-routes';
import {
  INVOICE_FIELD_RULES,
  INVOICE_LIST_MAX_PAGE_SIZE,
  INVOICE_LIST_PAGE_SIZE,
  PREPAYMENT_FIELD_RULES,
  REFUND_FIELD_RULES,
  prepaymentSizeIssue,
} from './invoice-routes';
import { dateStringSchema, dateTimeStringSchema, idSchema, moneySchema, queryIdSchema } from '../entities/common';
import { invoiceInputSchema, invoiceSchema, requestInvoicesSchema } from '../entities/invoice';
import { currencySchema } from '../entities/user';
import {
  bookingStatusSchema,
  invoiceStatusSchema,
  paymentMethodSchema,
  paymentTypeSchema,
  prepaymentTypeSchema,
} from '../enums';
import { issueOf } from '../messages';
import { zodFieldRules } from '../validation';
import { successResponseSchema } from './user';

/** The public token of an invoice's payment page: 256 random bits, base64url (43 characters). */
export const invoiceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** create-payment: an invoice of a request. */
export const invoiceCreateBodySchema = invoiceInputSchema;
export type InvoiceCreateBody = z.input<typeof invoiceCreateBodySchema>;

/** update-invoice: the same fields and the invoice's id (request_id, when sent, must be its request's). */
export const invoiceUpdateBodySchema = z
  .strictObject({
    id: idSchema,
    request_id: idSchema.optional(),
    amount: z.number().multipleOf(0.01),
    message: z.string().trim().max(5000).default(''),
    title: z.string().trim().max(255).default(''),
    contract_id: idSchema.nullable().default(null),
    prepayment_percent: z.number().multipleOf(0.01).nullable().default(null),
    payment_type: paymentTypeSchema.default('payment'),
  })
  .superRefine(zodFieldRules(INVOICE_FIELD_RULES));
export type InvoiceUpdateBody = z.input<typeof invoiceUpdateBodySchema>;

/**
 * calculate-prepayment. `price` is the price of one place; the prepayment is `prepayment_size` %
 * of price × tourists_count (percent), or `prepayment_size` per tourist × tourists_count
 * (currency, at most the price of a place). Rounded half up to the kopeck.
 */
export const calculatePrepaymentBodySchema = z
  .strictObject({
    request_id: idSchema,
    tourists_count: z.number().int(),
    price: z.number().multipleOf(0.01),
    prepayment_type: prepaymentTypeSchema,
    prepayment_size: z.number().multipleOf(0.01),
  })
  .superRefine(zodFieldRules(PREPAYMENT_FIELD_RULES))
  .superRefine((v, ctx) => {
    const issue = prepaymentSizeIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', path: ['prepayment_size'], ...issueOf(issue.code, issue.params) });
  });
export type CalculatePrepaymentBody = z.input<typeof calculatePrepaymentBodySchema>;

export const calculatePrepaymentResponseSchema = z.object({
  /** what the prepayment invoice asks */
  prepayment: moneySchema,
  /** price × tourists_count */
  total: moneySchema,
  /** the request's currency */
  currency: currencySchema,
  /** the prepayment as a percent of the total (two decimals); null when the total is 0 */
  prepayment_percent: z.number().min(0).max(100).nullable(),
});
export type CalculatePrepaymentResponse = z.infer<typeof calculatePrepaymentResponseSchema>;

/** The filters of the payments screen (list and export-csv). The period is of the invoice's creation, in the organizer's days. */
const invoiceFilterShape = {
  organizer_id: queryIdSchema,
  date_from: dateStringSchema.optional(),
  date_to: dateStringSchema.optional(),
  tour_id: queryIdSchema.optional(),
  /** invoices with a payment by this method */
  method: paymentMethodSchema.optional(),
  status: z.coerce.number().pipe(invoiceStatusSchema).optional(),
};
const periodRefinement = (v: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx) => {
  if (v.date_from && v.date_to && v.date_to < v.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], ...issueOf('end_before_start') });
};
export const invoiceListQuerySchema = z
  .strictObject({
    ...invoiceFilterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(INVOICE_LIST_MAX_PAGE_SIZE).default(INVOICE_LIST_PAGE_SIZE),
  })
  .superRefine(periodRefinement);
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export const invoiceExportQuerySchema = z.strictObject(invoiceFilterShape).superRefine(periodRefinement);
export type InvoiceExportQuery = z.input<typeof invoiceExportQuerySchema>;

/** One row of the payments screen: the invoice, its payments, and what it is for. */
export const invoiceListItemSchema = invoiceSchema.extend({
  customer_name: z.string(),
  request_status: bookingStatusSchema,
  tour: z.object({ id: idSchema, name: z.string() }).nullable(),
  date_start: dateStringSchema.nullable(),
  /** what its succeeded payments brought, refunds not taken off */
  paid_amount: moneySchema,
  refunded_amount: moneySchema,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** Totals of every invoice the filters match (all pages), per currency. */
export const invoiceTotalsSchema = z.object({
  currency: currencySchema,
  /** invoices not canceled */
  invoiced: moneySchema,
  /** succeeded payments, refunds not taken off */
  paid: moneySchema,
  refunded: moneySchema,
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totals: z.array(invoiceTotalsSchema),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const refundBodySchema = z
  .strictObject({ payment_id: idSchema, amount: z.number().multipleOf(0.01) })
  .superRefine(zodFieldRules(REFUND_FIELD_RULES));
export type RefundBody = z.input<typeof refundBodySchema>;

/**
 * What the payer sees after paying (GET /spa/payment-result?token=): the invoice's amount and
 * outcome, whom it was paid to and for what, and what comes next. No personal data.
 */
export const paymentResultSchema = z.object({
  /** paid: the invoice is paid; pending: a payment is on its way; failed: the last attempt failed; open: nothing paid yet; canceled: the invoice was withdrawn */
  status: z.enum(['paid', 'pending', 'failed', 'open', 'canceled']),
  amount: moneySchema,
  currency: currencySchema,
  title: z.string(),
  payment_type: paymentTypeSchema,
  method: paymentMethodSchema.nullable(),
  paid_at: dateTimeStringSchema.nullable(),
  request_number: idSchema,
  request_status: bookingStatusSchema,
  tour_name: z.string(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  organizer_name: z.string(),
  organizer_email: z.string(),
  organizer_phone: z.string(),
  /** what is left to pay on the whole booking */
  balance: moneySchema,
  /** the day the rest is due (the departure's start less its full_payment_days); null when none */
  full_payment_due: dateStringSchema.nullable(),
  /** the payment page, to try again or pay the rest */
  pay_url: z.string(),
  /**
   * whose account the money goes to (issue 27): organizer — the tour provider's own YooKassa
   * shop; platform — Tourdesk's configured provider
   */
  collected_by: z.enum(['organizer', 'platform']),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/**
 * A YooKassa notification: the event, the object's id and the shop it names
 * (`recipient.account_id`, which chooses whose key reads it back) are all that is read; the rest
 * is fetched back from YooKassa.
 */
export const yookassaNotificationBodySchema = z.object({
  type: z.literal('notification'),
  event: z.string().max(100),
  object: z
    .object({
      id: z.string().min(1).max(100),
      recipient: z
        .object({ account_id: z.coerce.string().max(100).optional() })
        .loose()
        .optional(),
    })
    .loose(),
});

const idBody = z.strictObject({ id: idSchema });

export const invoiceApi = {
  createPayment: defineRoute({
    ...invoiceRoutes.createPayment,
    body: invoiceCreateBodySchema,
    response: invoiceSchema,
  }),
  updateInvoice: defineRoute({
    ...invoiceRoutes.updateInvoice,
    body: invoiceUpdateBodySchema,
    response: invoiceSchema,
  }),
  cancelInvoice: defineRoute({ ...invoiceRoutes.cancelInvoice, body: idBody, response: invoiceSchema }),
  calculatePrepayment: defineRoute({
    ...invoiceRoutes.calculatePrepayment,
    body: calculatePrepaymentBodySchema,
    response: calculatePrepaymentResponseSchema,
  }),
  byRequest: defineRoute({
    ...invoiceRoutes.byRequest,
    query: z.strictObject({ request_id: queryIdSchema }),
    response: requestInvoicesSchema,
  }),
  list: defineRoute({ ...invoiceRoutes.list, query: invoiceListQuerySchema, response: invoiceListResponseSchema }),
  exportCsv: defineRoute({
    ...invoiceRoutes.exportCsv,
    query: invoiceExportQuerySchema,
    response: z.string(),
    summary: 'The invoices as CSV (text/csv, UTF-8 with BOM, an attachment); headers in the caller’s language',
  }),
  refund: defineRoute({ ...invoiceRoutes.refund, body: refundBodySchema, response: invoiceSchema }),
  pollPayment: defineRoute({
    ...invoiceRoutes.pollPayment,
    body: z.strictObject({ payment_id: idSchema }),
    response: invoiceSchema,
  }),
};

export const paymentApi = {
  paymentResult: defineRoute({
    ...paymentRoutes.paymentResult,
    query: z.strictObject({ token: invoiceTokenSchema }),
    response: paymentResultSchema,
  }),
  yookassaNotification: defineRoute({
    ...paymentRoutes.yookassaNotification,
    body: yookassaNotificationBodySchema,
    response: successResponseSchema,
  }),
};
