import { z } from 'zod';
import { dateStringSchema, dateTimeStringSchema, idSchema, memberActorSchema, moneySchema } from './common';
import { currencySchema, DEFAULT_CURRENCY } from './user';
import { requestInvoicesSchema } from './invoice';
import { STATUS_NOTE_CODES } from './status-note-values';
import {
  BOOKING_STATUS,
  bookingStatusSchema,
  discountKindSchema,
  discountValueTypeSchema,
  requestSourceSchema,
  tourTypeSchema,
} from '../enums';

export * from './status-note-values';

/** SPEC §3 Tourist. */
export const touristSchema = z.object({
  id: idSchema,
  request_id: idSchema,
  full_name: z.string().default(''),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  middle_name: z.string().default(''),
  birthday: dateStringSchema.nullable().default(null),
  passport: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  food_restriction: z.string().default(''),
  // flags
  /** the person who booked and is contacted about the request */
  is_contact_person: z.boolean().default(false),
  is_child: z.boolean().default(false),
  /** filled the questionnaire sent by link (uuid) */
  is_questionnaire_filled: z.boolean().default(false),
  needs_transfer: z.boolean().default(false),
  /** the booking's traveller category the tourist is counted in (issue 26); null: not set (an adult) */
  category_id: idSchema.nullable().optional(),
});
export type Tourist = z.infer<typeof touristSchema>;

/** Tourist fields a form or the questionnaire edits. */
export const touristInputSchema = touristSchema.omit({
  id: true,
  request_id: true,
  full_name: true,
  is_questionnaire_filled: true,
});
export type TouristInput = z.input<typeof touristInputSchema>;

/** SPEC §3 Request discount: type (discount kind) and its display string. */
export const requestDiscountSchema = z.object({
  type: discountKindSchema,
  type_string: z.string(),
  value: z.number().nonnegative().default(0),
  value_type: discountValueTypeSchema.default('percent'),
  /** the discount in money */
  amount: moneySchema.default(0),
});
export type RequestDiscount = z.infer<typeof requestDiscountSchema>;

/** The tour of a request, as the request page shows it. */
export const requestTourSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: tourTypeSchema,
  screen_name: z.string().default(''),
});
export type RequestTour = z.infer<typeof requestTourSchema>;

/** The departure of a request, as the request page shows it. */
export const requestDepartureSchema = z.object({
  id: idSchema,
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  time_start: z.string().default(''),
  tour_variant: z.string().default(''),
  price: moneySchema,
  number_of_seats: z.number().int().nonnegative(),
  number_of_free_seats: z.number().int().nonnegative(),
  full_payment_days: z.number().int().nullable().default(null),
});
export type RequestDeparture = z.infer<typeof requestDepartureSchema>;

/** One line of a request's status history. */
export const requestHistoryItemSchema = z.object({
  status: bookingStatusSchema,
  previous_status: bookingStatusSchema.nullable(),
  /** who moved it; '' for the system (a sweep, a payment) */
  user_name: z.string(),
  /** the member who moved it, with their role (issue 29); null for the system */
  actor: memberActorSchema.nullable().default(null),
  /** what was written; a system line's English text */
  message: z.string(),
  /** a system line's code (status-note-values.ts), which the web shows in its language; null for a person's words */
  note: z.enum(STATUS_NOTE_CODES).nullable().default(null),
  created_at: dateTimeStringSchema,
});
export type RequestHistoryItem = z.infer<typeof requestHistoryItemSchema>;

/** The agent of a third-party agent's request. */
export const thirdPartyAgentSchema = z.object({
  name: z.string(),
  email: z.string().default(''),
  phone: z.string().default(''),
  /** what the agent keeps, in the request's currency */
  commission: moneySchema.default(0),
});
export type ThirdPartyAgent = z.infer<typeof thirdPartyAgentSchema>;

/** SPEC §3 Request (booking). */
export const requestSchema = z.object({
  request_id: idSchema,
  /** public id for the tourist's questionnaire link */
  uuid: z.uuid(),
  tour_organizer_id: idSchema,
  status: bookingStatusSchema.default(BOOKING_STATUS.pending_confirm),
  source: requestSourceSchema.default('marketplace'),
  /** partner site the request came from (marketplace source) */
  site_id: idSchema.nullable().default(null),
  agent_id: idSchema.nullable().default(null),
  group_id: idSchema.nullable().default(null),
  tour: requestTourSchema.nullable().default(null),
  tour_date_id: idSchema.nullable().default(null),
  date_start: dateStringSchema.nullable().default(null),
  date_end: dateStringSchema.nullable().default(null),
  is_individual_tour: z.boolean().default(false),
  individual_tour_price: moneySchema.nullable().default(null),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  tourists_count: z.number().int().nonnegative().default(0),
  price: moneySchema.default(0),
  paid_amount: moneySchema.default(0),
  discount: requestDiscountSchema.nullable().default(null),
  tourists: z.array(touristSchema).default([]),
  invoices: requestInvoicesSchema.prefault({}),
  customer_name: z.string().default(''),
  customer_email: z.string().default(''),
  customer_phone: z.string().default(''),
  comment: z.string().default(''),
  chat_id: idSchema.nullable().default(null),
  /** marketplace-side sale status id (base-sale-statuses) */
  base_sale_status: z.number().int().nullable().default(null),
  cancel_message: z.string().nullable().default(null),
  // beyond SPEC §3: what the request page shows besides
  departure: requestDepartureSchema.nullable().default(null),
  /** the price of one place (price is the whole request's, the discount taken off) */
  unit_price: moneySchema.default(0),
  /** price − paid_amount */
  balance: moneySchema.default(0),
  /** what cancelling cost the tourist */
  penalty: moneySchema.nullable().default(null),
  /** seats this request has taken from its departure; held until hold_expires_at, else firm */
  seats_taken: z.number().int().nonnegative().default(0),
  hold_expires_at: dateTimeStringSchema.nullable().default(null),
  third_party_agent: thirdPartyAgentSchema.nullable().default(null),
  history: z.array(requestHistoryItemSchema).default([]),
  balance_reminder_sent_at: dateTimeStringSchema.nullable().default(null),
  confirmed_at: dateTimeStringSchema.nullable().default(null),
  canceled_at: dateTimeStringSchema.nullable().default(null),
  created_at: dateTimeStringSchema.optional(),
  updated_at: dateTimeStringSchema.optional(),
});
/** Named BookingRequest so it does not shadow the Fetch API `Request`. */
export type BookingRequest = z.infer<typeof requestSchema>;

/** GET request/groups: one tab of the request list (REQUEST_GROUPS), the statuses it holds and how many requests are in it. */
export const requestGroupSchema = z.object({
  id: idSchema,
  /** stable key the web translates the tab's name by (all, new, awaiting_prepayment, prepaid, completed, canceled) */
  key: z.string(),
  /** English name */
  name: z.string(),
  statuses: z.array(bookingStatusSchema),
  /** exact up to REQUEST_LIST_COUNT_CAP (10 000); past it the cap, and count_exact false */
  count: z.number().int().nonnegative(),
  count_exact: z.boolean(),
});
export type RequestGroup = z.infer<typeof requestGroupSchema>;

/** Marketplace sale status a request can be moved to (base-sale-statuses-by-request-id). */
export const baseSaleStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_current: z.boolean().default(false),
});
export type BaseSaleStatus = z.infer<typeof baseSaleStatusSchema>;

/**
 * Saved request-list filter (get/set-search-filter), one per user, organizer and kind
 * (is_individual_tour): the list's `filters` (RequestListFilters) plus the tab and the marketplace
 * sale status, so the screen comes back as it was left.
 */
export const requestSearchFilterSchema = z.object({
  /** the tab (REQUEST_GROUPS); 1 all */
  group_id: z.number().int().min(1).max(6).default(1),
  base_sale_status: z.number().int().nullable().default(null),
  query: z.string().default(''),
  statuses: z.array(bookingStatusSchema).default([]),
  sources: z.array(requestSourceSchema).default([]),
  tour_ids: z.array(idSchema).default([]),
  date_from: dateStringSchema.nullable().default(null),
  date_to: dateStringSchema.nullable().default(null),
  /** 0 or 1 on the wire (SPEC §7) */
  is_individual_tour: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type RequestSearchFilter = z.infer<typeof requestSearchFilterSchema>;
