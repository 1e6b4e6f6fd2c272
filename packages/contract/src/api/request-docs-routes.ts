/**
 * Route descriptors (method, path, flags) of ./request-docs.ts, free of zod: the documents of a
 * booking and of a departure — the contract PDF of a request, and the rooming list (manifest) of a
 * departure as JSON, CSV and XLSX. The web calls these and never loads a schema.
 */
import type { RouteDescriptors } from '../route';
import { BOOKING_STATUS } from '../enum-values';

export const requestDocsRoutes = {
  /** the request's contract as a PDF (an attachment), from the organizer's contract template */
  downloadContract: { method: 'GET', path: '/crm/api/request/download-contract' },
  /** beyond the SPEC: every confirmed tourist of a departure with what a guide needs */
  roomingList: { method: 'GET', path: '/crm/api/request/rooming-list' },
  /** the rooming list as CSV (UTF-8 with a BOM, `;`-separated: what Excel in a Russian locale opens as columns) */
  roomingListCsv: { method: 'GET', path: '/crm/api/request/rooming-list-csv' },
  /** the rooming list as an Excel workbook */
  roomingListXlsx: { method: 'GET', path: '/crm/api/request/rooming-list-xlsx' },
} as const satisfies RouteDescriptors;

/** Which booking statuses the rooming list shows: confirmed (2), prepaid (3) and, after the trip, complete (4). */
export const ROOMING_LIST_STATUSES = [
  BOOKING_STATUS.pending_prepayment,
  BOOKING_STATUS.made_prepayment,
  BOOKING_STATUS.tour_complete,
] as const;
