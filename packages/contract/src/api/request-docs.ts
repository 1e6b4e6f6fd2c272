import { z } from 'zod';
import { defineRoute } from '../route';
import { requestDocsRoutes } from './request-docs-routes';
export { requestDocsRoutes, ROOMING_LIST_STATUSES } from './request-docs-routes';
import { dateStringSchema, fileBytesSchema, idSchema, queryIdSchema } from '../entities/common';
import { bookingStatusSchema } from '../enums';
import { travellerCategoryRefSchema } from './prices';

/** GET download-contract: the request, and whether the organizer's stamp goes beside the signature (0 or 1). */
export const downloadContractQuerySchema = z.strictObject({
  id: queryIdSchema,
  use_stamp: z.coerce.number().int().min(0).max(1).default(0),
});
export type DownloadContractQuery = z.input<typeof downloadContractQuerySchema>;

/** GET rooming-list (and its CSV and XLSX): the departure. */
export const roomingListQuerySchema = z.strictObject({ tour_date_id: queryIdSchema });
export type RoomingListQuery = z.input<typeof roomingListQuerySchema>;

/** What the guide needs of a tourist and is not there (a child needs no phone of its own). */
export const roomingMissingSchema = z.object({
  /** no name: the request is for more tourists than it names */
  name: z.boolean(),
  passport: z.boolean(),
  birthday: z.boolean(),
  phone: z.boolean(),
});
export type RoomingMissing = z.infer<typeof roomingMissingSchema>;

/** One traveller of the departure: a named tourist of a request, or a place its request has not named yet. */
export const roomingListRowSchema = z.object({
  /** the tourist; null for a place the request has not named yet */
  tourist_id: idSchema.nullable(),
  request_id: idSchema,
  request_status: bookingStatusSchema,
  /** 1-based place of the traveller in the request */
  position: z.number().int().positive(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string(),
  birthday: dateStringSchema.nullable(),
  /** whole years on the departure's first day; null without a birthday */
  age: z.number().int().nonnegative().nullable(),
  passport: z.string(),
  phone: z.string(),
  email: z.string(),
  food_restriction: z.string(),
  is_contact_person: z.boolean(),
  is_child: z.boolean(),
  needs_transfer: z.boolean(),
  /**
   * the traveller category (issue 26): a named tourist's, an unnamed place's the first of the
   * request's categories not named yet; null for a request that has none (no tour)
   */
  category: travellerCategoryRefSchema.nullable(),
  /** the request's contact: who booked, and how to reach them */
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  missing: roomingMissingSchema,
});
export type RoomingListRow = z.infer<typeof roomingListRowSchema>;

/** The departure the list is of. */
export const roomingListDepartureSchema = z.object({
  id: idSchema,
  tour_id: idSchema,
  tour_name: z.string(),
  tour_organizer_id: idSchema,
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  /** HH:mm, '' without a time */
  time_start: z.string(),
  tour_variant: z.string(),
  number_of_seats: z.number().int().nonnegative(),
  number_of_free_seats: z.number().int().nonnegative(),
});
export type RoomingListDeparture = z.infer<typeof roomingListDepartureSchema>;

export const roomingListTotalsSchema = z.object({
  /** confirmed requests on the list */
  requests: z.number().int().nonnegative(),
  /** travellers (rows), named or not */
  tourists: z.number().int().nonnegative(),
  children: z.number().int().nonnegative(),
  needs_transfer: z.number().int().nonnegative(),
  with_food_restriction: z.number().int().nonnegative(),
  missing_name: z.number().int().nonnegative(),
  missing_passport: z.number().int().nonnegative(),
  missing_birthday: z.number().int().nonnegative(),
  missing_phone: z.number().int().nonnegative(),
  /** travellers with anything missing */
  with_missing_data: z.number().int().nonnegative(),
});
export type RoomingListTotals = z.infer<typeof roomingListTotalsSchema>;

export const roomingListSchema = z.object({
  departure: roomingListDepartureSchema,
  rows: z.array(roomingListRowSchema),
  totals: roomingListTotalsSchema,
});
export type RoomingList = z.infer<typeof roomingListSchema>;

export const requestDocsApi = {
  downloadContract: defineRoute({
    ...requestDocsRoutes.downloadContract,
    query: downloadContractQuerySchema,
    response: fileBytesSchema,
    summary:
      'The contract PDF (application/pdf, an attachment named after the request number) from the organizer’s contract template, every placeholder filled; the signature and, with use_stamp=1, the stamp',
  }),
  roomingList: defineRoute({
    ...requestDocsRoutes.roomingList,
    query: roomingListQuerySchema,
    response: roomingListSchema,
  }),
  roomingListCsv: defineRoute({
    ...requestDocsRoutes.roomingListCsv,
    query: roomingListQuerySchema,
    response: fileBytesSchema,
    summary: 'The rooming list as CSV (text/csv, UTF-8 with a BOM, semicolons), an attachment',
  }),
  roomingListXlsx: defineRoute({
    ...requestDocsRoutes.roomingListXlsx,
    query: roomingListQuerySchema,
    response: fileBytesSchema,
    summary: 'The rooming list as an Excel workbook (XLSX), an attachment',
  }),
};
