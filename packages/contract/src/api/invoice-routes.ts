/**
 * Route descriptors (method, path, flags) of ./invoice.ts, free of zod: the web calls the API
 * with these and never loads a schema. Also the invoice forms' field rules and the prepayment
 * arithmetic's check, shared by the web's forms and the server's body schemas.
 */
import type { RouteDescriptors } from '../route';
import { rules, type FieldRuleMap } from '../validation';
import type { MessageCode } from '../messages';

/** An amount above this is a typo (as MAX_REQUEST_PRICE). */
export const MAX_INVOICE_AMOUNT = 100_000_000;
/** The payments list: 20 a page by default, 100 at most. */
export const INVOICE_LIST_PAGE_SIZE = 20;
export const INVOICE_LIST_MAX_PAGE_SIZE = 100;
/** At most this many rows in one CSV export (the newest first). */
export const INVOICE_EXPORT_MAX_ROWS = 50_000;

/** The invoices of a request and the organizer's payments screen (SPEC §7 /crm/api/invoice/). */
export const invoiceRoutes = {
  /** a new invoice of a request (SPEC: create-payment) */
  createPayment: { method: 'POST', path: '/crm/api/invoice/create-payment' },
  /** a new (status 1) invoice's fields */
  updateInvoice: { method: 'POST', path: '/crm/api/invoice/update-invoice' },
  /** beyond the SPEC: a new invoice is withdrawn (status 3); its payment page stops taking money */
  cancelInvoice: { method: 'POST', path: '/crm/api/invoice/cancel-invoice' },
  /** the prepayment of a price for a number of tourists (cancellable: a newer call aborts the older) */
  calculatePrepayment: { method: 'POST', path: '/crm/api/invoice/calculate-prepayment' },
  /** beyond the SPEC: a request's invoices (what the request page shows as `invoices`) */
  byRequest: { method: 'GET', path: '/crm/api/invoice/by-request' },
  /** the /{orgId}/payments screen: invoices with their payments, filtered, with totals per currency */
  list: { method: 'GET', path: '/crm/api/invoice/list' },
  /** the same filters as list, every row, as a CSV file (UTF-8 with BOM) */
  exportCsv: { method: 'GET', path: '/crm/api/invoice/export-csv' },
  /** a partial or whole refund of a succeeded payment */
  refund: { method: 'POST', path: '/crm/api/invoice/refund' },
  /** asks the provider how a pending payment stands (when its notification is late) */
  pollPayment: { method: 'POST', path: '/crm/api/invoice/poll-payment' },
} as const satisfies RouteDescriptors;

/** What a payer and a provider reach without an account. */
export const paymentRoutes = {
  /**
   * What the payer of an invoice sees on /org/success and /org/fail (`?invoice=<token>`): what was
   * paid, to whom, for what, and what happens next. Nothing beyond what the link's holder may see.
   */
  paymentResult: { method: 'GET', path: '/spa/payment-result', isPublic: true },
  /** YooKassa's HTTP notifications; each is verified by fetching the object back from the API */
  yookassaNotification: { method: 'POST', path: '/crm/api/payment/yookassa/notification', isPublic: true },
} as const satisfies RouteDescriptors;

/**
 * The invoice's public payment page (server-rendered HTML, en and ru), `payment_url` of an
 * invoice: `/pay/<public_token>`. Not JSON routes: the web only links to it.
 */
export const PAY_PAGE_PATH = '/pay';
/** Where the payer lands after paying: the SPA's boxed pages, `?invoice=<public_token>`. */
export const PAYMENT_SUCCESS_PATH = '/org/success';
export const PAYMENT_FAIL_PATH = '/org/fail';

/** The fields of an invoice form (create-payment, update-invoice). */
export const INVOICE_FIELD_RULES: FieldRuleMap = {
  amount: [
    rules.required(),
    rules.custom((v) => v === undefined || v === null || v === '' || Number(v) > 0, 'amount_positive'),
    rules.maxValue(MAX_INVOICE_AMOUNT),
  ],
  title: [rules.maxLength(255)],
  message: [rules.maxLength(5000)],
  prepayment_percent: [rules.minValue(0), rules.maxValue(100)],
};

/** A refund's amount. */
export const REFUND_FIELD_RULES: FieldRuleMap = {
  amount: [
    rules.required(),
    rules.custom((v) => v === undefined || v === null || v === '' || Number(v) > 0, 'amount_positive'),
    rules.maxValue(MAX_INVOICE_AMOUNT),
  ],
};

/** calculate-prepayment's price and count. */
export const PREPAYMENT_FIELD_RULES: FieldRuleMap = {
  tourists_count: [rules.required(), rules.minValue(1), rules.maxValue(1000)],
  price: [rules.required(), rules.minValue(0), rules.maxValue(MAX_INVOICE_AMOUNT)],
  prepayment_size: [rules.required(), rules.minValue(0)],
};

/**
 * The prepayment's size against its type: a percent is at most 100; a fixed amount (per tourist)
 * at most the price of one place. null when it fits. Shared by the form and calculate-prepayment.
 */
export const prepaymentSizeIssue = (v: {
  prepayment_type?: unknown;
  prepayment_size?: unknown;
  price?: unknown;
}): { code: MessageCode; params: Record<string, number> } | null => {
  const size = Number(v.prepayment_size);
  if (!Number.isFinite(size)) return null;
  if (v.prepayment_type === 'percent' && size > 100) return { code: 'max_value', params: { max: 100 } };
  const price = Number(v.price);
  if (v.prepayment_type === 'currency' && Number.isFinite(price) && size > price)
    return { code: 'max_value', params: { max: price } };
  return null;
};
