import { z } from 'zod';
import { dateTimeStringSchema, idSchema, moneySchema, percentSchema } from './common';
import { INVOICE_FIELD_RULES } from '../api/invoice-routes';
import { zodFieldRules } from '../validation';
import { currencySchema, DEFAULT_CURRENCY } from './user';
import {
  INVOICE_STATUS,
  invoiceStatusSchema,
  paymentMethodSchema,
  paymentProblemSchema,
  paymentStatusSchema,
  paymentTypeSchema,
} from '../enums';

/** One attempt to pay an invoice through the payment provider (sbp or card). */
export const paymentSchema = z.object({
  id: idSchema,
  invoice_id: idSchema,
  amount: moneySchema,
  currency: currencySchema.default(DEFAULT_CURRENCY),
  method: paymentMethodSchema,
  status: paymentStatusSchema.default('pending'),
  /** sandbox | yookassa */
  provider: z.string().default('sandbox'),
  /** the provider's id of the payment */
  provider_payment_id: z.string().nullable().default(null),
  /** what has been refunded of it (refunded in full: status refunded) */
  refunded_amount: moneySchema.default(0),
  /** why it was not credited (status returned or attention); null otherwise */
  problem: paymentProblemSchema.nullable().default(null),
  /**
   * whose account took it (issue 27): organizer — the organizer's own YooKassa shop; platform —
   * Tourdesk's configured provider
   */
  collected_by: z.enum(['organizer', 'platform']).default('platform'),
  created_at: dateTimeStringSchema,
  paid_at: dateTimeStringSchema.nullable().default(null),
});
export type Payment = z.infer<typeof paymentSchema>;

/** An invoice of a request (invoice/create-payment, update-invoice). */
export const invoiceSchema = z.object({
  id: idSchema,
  request_id: idSchema,
  status: invoiceStatusSchema.default(INVOICE_STATUS.new),
  payment_type: paymentTypeSchema.default('payment'),
  title: z.string().default(''),
  message: z.string().default(''),
  amount: moneySchema,
  currency: currencySchema.default(DEFAULT_CURRENCY),
  /** contract template the invoice refers to */
  contract_id: idSchema.nullable().default(null),
  prepayment_percent: percentSchema.nullable().default(null),
  /** public payment page for the tourist */
  payment_url: z.string().nullable().default(null),
  payments: z.array(paymentSchema).default([]),
  created_at: dateTimeStringSchema.optional(),
  paid_at: dateTimeStringSchema.nullable().default(null),
  canceled_at: dateTimeStringSchema.nullable().default(null),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** SPEC §3 Request invoices: the prepayment invoice and additional ones. */
export const requestInvoicesSchema = z.object({
  prepayment_invoice: invoiceSchema.nullable().default(null),
  additional_invoices: z.array(invoiceSchema).default([]),
});
export type RequestInvoices = z.infer<typeof requestInvoicesSchema>;

/**
 * Body of invoice/create-payment (update-invoice adds id). amount > 0 (amount_positive), at most
 * what is left to pay; payment_type prepayment (one live per request), payment or full.
 */
export const invoiceInputSchema = z
  .strictObject({
    request_id: idSchema,
    amount: z.number().multipleOf(0.01),
    message: z.string().trim().max(5000).default(''),
    title: z.string().trim().max(255).default(''),
    contract_id: idSchema.nullable().default(null),
    prepayment_percent: z.number().multipleOf(0.01).nullable().default(null),
    payment_type: paymentTypeSchema.default('payment'),
  })
  .superRefine(zodFieldRules(INVOICE_FIELD_RULES));
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
