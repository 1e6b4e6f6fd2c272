/**
 * Route descriptors (method, path, flags) of ./report.ts and the reports' choices, free of zod:
 * the /{orgId}/reports screen calls these and never loads a schema (issue 28).
 */
import type { RouteDescriptors } from '../route';

export const reportRoutes = {
  /** revenue and bookings per day/week/month and currency: sold, paid, refunded, outstanding */
  revenue: { method: 'GET', path: '/crm/api/report/revenue' },
  /** sales by source (and agent) and currency, with the marketplace's and the agents' commissions */
  sales: { method: 'GET', path: '/crm/api/report/sales' },
  /** occupancy per departure: capacity, sold, held, free, % full; upcoming first */
  occupancy: { method: 'GET', path: '/crm/api/report/occupancy' },
  /** cancellations by whom (statuses 5–8) and currency: penalties kept, refunds */
  cancellations: { method: 'GET', path: '/crm/api/report/cancellations' },
  /** the payments ledger per period and currency: invoiced, paid, refunded (the payments screen's totals) */
  ledger: { method: 'GET', path: '/crm/api/report/ledger' },
  /** one report with the same filters as a CSV or XLSX file (an attachment) */
  export: { method: 'GET', path: '/crm/api/report/export' },
} as const satisfies RouteDescriptors;

/** The reports, in the screen's tab order. */
export const REPORT_KINDS = ['revenue', 'sales', 'occupancy', 'cancellations', 'ledger'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * Which date the period filters and the buckets follow: the day the booking was made (a request's
 * creation, an invoice's issue for the ledger; in the organizer's time zone) or the departure's start.
 */
export const REPORT_BASES = ['booking', 'departure'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The cancellation statuses the cancellations report splits by (SPEC §4: 5 tourist, 6 author, 7 system, 8 admin). */
export const REPORT_CANCEL_STATUSES = [5, 6, 7, 8] as const;

/** At most this many tours in one filter. */
export const REPORT_MAX_TOURS = 50;
/** At most this many days in one period by day (a bucket per day), this many weeks by week. */
export const REPORT_MAX_BUCKETS = 1000;
/** The occupancy report shows at most this many departures (upcoming first, then the latest past). */
export const REPORT_MAX_DEPARTURES = 500;

/** The filters of every report, as the screen holds them (query values are text). */
export interface ReportFilters {
  organizer_id: number;
  basis?: ReportBasis;
  date_from?: string;
  date_to?: string;
  tour_ids?: number[];
  sources?: string[];
  granularity?: ReportGranularity;
}

/** The filters as a report route's query (lists comma-separated, empty ones left out). */
export interface ReportQueryParams {
  organizer_id: number;
  basis?: ReportBasis;
  date_from?: string;
  date_to?: string;
  tour_ids?: string;
  sources?: string;
  granularity?: ReportGranularity;
}
export const reportQueryParams = (f: ReportFilters): ReportQueryParams => ({
  organizer_id: f.organizer_id,
  ...(f.basis ? { basis: f.basis } : {}),
  ...(f.date_from ? { date_from: f.date_from } : {}),
  ...(f.date_to ? { date_to: f.date_to } : {}),
  ...(f.tour_ids?.length ? { tour_ids: f.tour_ids.join(',') } : {}),
  ...(f.sources?.length ? { sources: f.sources.join(',') } : {}),
  ...(f.granularity ? { granularity: f.granularity } : {}),
});
