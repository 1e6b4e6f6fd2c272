import { z } from 'zod';
import { defineRoute } from '../route';
import {
  REPORT_BASES,
  REPORT_FORMATS,
  REPORT_GRANULARITIES,
  REPORT_KINDS,
  REPORT_MAX_BUCKETS,
  REPORT_MAX_TOURS,
  reportRoutes,
} from './report-routes';
export * from './report-routes';
import { dateStringSchema, fileBytesSchema, idSchema, moneySchema, queryIdSchema } from '../entities/common';
import { currencySchema } from '../entities/user';
import { requestSourceSchema } from '../enums';
import { REQUEST_SOURCES } from '../enum-values';
import { issueOf } from '../messages';

/** A comma-separated list in a query (`tour_ids=3,5`), each item checked by `item`. */
const queryList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .string()
    .max(2000)
    .transform((s) => s.split(',').filter((v) => v !== ''))
    .pipe(z.array(item).max(max) as unknown as z.ZodType<z.output<T>[], string[]>);

const DAY_MS = 86_400_000;
const GRANULARITY_DAYS = { day: 1, week: 7, month: 28 } as const;

/** The filters every report takes (the export too). The period's ends are included. */
const reportFilterShape = {
  organizer_id: queryIdSchema,
  basis: z.enum(REPORT_BASES).default('booking'),
  date_from: dateStringSchema.optional(),
  date_to: dateStringSchema.optional(),
  tour_ids: queryList(z.coerce.number().pipe(idSchema), REPORT_MAX_TOURS).optional(),
  sources: queryList(requestSourceSchema, REQUEST_SOURCES.length).optional(),
  granularity: z.enum(REPORT_GRANULARITIES).default('month'),
};
const reportRefinement = (
  v: { date_from?: string; date_to?: string; granularity: keyof typeof GRANULARITY_DAYS },
  ctx: z.RefinementCtx,
) => {
  if (v.date_from && v.date_to && v.date_to < v.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], ...issueOf('end_before_start') });
  else if (v.date_from && v.date_to) {
    const days = (Date.parse(v.date_to) - Date.parse(v.date_from)) / DAY_MS + 1;
    if (days / GRANULARITY_DAYS[v.granularity] > REPORT_MAX_BUCKETS)
      ctx.addIssue({ code: 'custom', path: ['granularity'], ...issueOf('incorrect_value') });
  }
};
export const reportQuerySchema = z.strictObject(reportFilterShape).superRefine(reportRefinement);
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

export const reportExportQuerySchema = z
  .strictObject({ ...reportFilterShape, report: z.enum(REPORT_KINDS), format: z.enum(REPORT_FORMATS) })
  .superRefine(reportRefinement);
export type ReportExportQuery = z.output<typeof reportExportQuerySchema>;

const count = z.number().int().nonnegative();

/** Revenue of one bucket (or the whole period) in one currency. Money in major units. */
const revenueFiguresSchema = z.object({
  currency: currencySchema,
  /** requests not canceled */
  bookings: count,
  /** requests canceled (statuses 5–8) */
  canceled: count,
  /** travellers of the requests not canceled */
  tourists: count,
  /** what the requests not canceled cost, their discounts taken off */
  sold: moneySchema,
  /** what every request's succeeded payments brought, refunds not taken off */
  paid: moneySchema,
  refunded: moneySchema,
  /** what the requests not canceled still owe (price − paid, never below 0) */
  outstanding: moneySchema,
});
export const revenueRowSchema = revenueFiguresSchema.extend({
  /** the bucket's first day (a week starts on Monday) */
  period: dateStringSchema,
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;
export const revenueReportSchema = z.object({
  rows: z.array(revenueRowSchema),
  totals: z.array(revenueFiguresSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** Sales of one source in one currency (requests not canceled). */
const salesFiguresSchema = z.object({
  currency: currencySchema,
  bookings: count,
  tourists: count,
  sold: moneySchema,
  /** what was paid of them, refunds taken off */
  paid: moneySchema,
  /** the marketplace's commission: its percent (organizer_commission) of what marketplace requests sold */
  marketplace_commission: moneySchema,
  /** what agents keep: each agent's percent of its requests, and third-party agents' own amounts */
  agent_commission: moneySchema,
});
export const salesRowSchema = salesFiguresSchema.extend({ source: requestSourceSchema });
export type SalesRow = z.infer<typeof salesRowSchema>;
export const salesAgentRowSchema = z.object({
  /** null: a third-party agent (named on the request) */
  agent_id: idSchema.nullable(),
  name: z.string(),
  currency: currencySchema,
  bookings: count,
  sold: moneySchema,
  commission_percent: z.number().min(0).max(100).nullable(),
  commission: moneySchema,
});
export type SalesAgentRow = z.infer<typeof salesAgentRowSchema>;
/** One extra sold (issue 26) in one currency: on the requests not canceled, by its names as sold. */
export const salesExtraRowSchema = z.object({
  name_en: z.string(),
  name_ru: z.string(),
  currency: currencySchema,
  bookings: count,
  quantity: count,
  amount: moneySchema,
});
export type SalesExtraRow = z.infer<typeof salesExtraRowSchema>;
export const salesReportSchema = z.object({
  rows: z.array(salesRowSchema),
  /** what each agent is owed */
  agents: z.array(salesAgentRowSchema),
  /** the extras sold, the most money first */
  extras: z.array(salesExtraRowSchema),
  totals: z.array(salesFiguresSchema),
  /** the marketplace's percent now */
  marketplace_commission_percent: z.number().min(0).max(100),
  /**
   * Abandoned checkouts (issue 27): the reminders sent in the period (of the tours filtered) and
   * the bookings made from their links that the filters match, not canceled.
   */
  checkout_recovery: z.object({ sent: count, recovered: count }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const occupancyRowSchema = z.object({
  tour_date_id: idSchema,
  tour_id: idSchema,
  tour_name: z.string(),
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  tour_variant: z.string(),
  capacity: count,
  /** seats of firm bookings */
  sold: count,
  /** seats held by requests awaiting confirmation */
  held: count,
  free: count,
  /** (sold + held) / capacity, one decimal */
  percent_full: z.number().min(0).max(100),
  is_upcoming: z.boolean(),
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;
export const occupancyReportSchema = z.object({
  rows: z.array(occupancyRowSchema),
  totals: z.object({ departures: count, capacity: count, sold: count, held: count, free: count }),
  /** more departures matched than REPORT_MAX_DEPARTURES */
  is_truncated: z.boolean(),
});
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;

const cancellationFiguresSchema = z.object({
  currency: currencySchema,
  requests: count,
  tourists: count,
  /** what the canceled requests cost */
  value: moneySchema,
  /** penalties the tourists were charged */
  penalties: moneySchema,
  /** succeeded payments on them, refunds not taken off */
  paid: moneySchema,
  refunded: moneySchema,
  /** paid − refunded: what the organizer kept */
  kept: moneySchema,
});
export const cancellationRowSchema = cancellationFiguresSchema.extend({ status: z.number().int().min(5).max(8) });
export type CancellationRow = z.infer<typeof cancellationRowSchema>;
export const cancellationsReportSchema = z.object({
  rows: z.array(cancellationRowSchema),
  totals: z.array(cancellationFiguresSchema),
});
export type CancellationsReport = z.infer<typeof cancellationsReportSchema>;

const ledgerFiguresSchema = z.object({
  currency: currencySchema,
  invoices: count,
  /** invoices not canceled */
  invoiced: moneySchema,
  /** succeeded payments, refunds not taken off */
  paid: moneySchema,
  refunded: moneySchema,
  /** paid − refunded */
  net: z.number().multipleOf(0.01),
});
export const ledgerRowSchema = ledgerFiguresSchema.extend({ period: dateStringSchema });
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
export const ledgerReportSchema = z.object({
  rows: z.array(ledgerRowSchema),
  totals: z.array(ledgerFiguresSchema),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;

export const reportApi = {
  revenue: defineRoute({ ...reportRoutes.revenue, query: reportQuerySchema, response: revenueReportSchema }),
  sales: defineRoute({ ...reportRoutes.sales, query: reportQuerySchema, response: salesReportSchema }),
  occupancy: defineRoute({ ...reportRoutes.occupancy, query: reportQuerySchema, response: occupancyReportSchema }),
  cancellations: defineRoute({
    ...reportRoutes.cancellations,
    query: reportQuerySchema,
    response: cancellationsReportSchema,
  }),
  ledger: defineRoute({ ...reportRoutes.ledger, query: reportQuerySchema, response: ledgerReportSchema }),
  export: defineRoute({
    ...reportRoutes.export,
    query: reportExportQuerySchema,
    response: fileBytesSchema,
    summary:
      'One report as CSV (UTF-8 with a BOM) or an Excel workbook, an attachment; headers in the caller’s language',
  }),
};
