import { z } from 'zod';
import { issueOf } from '../messages';
import { defineRoute } from '../route';
import { dateStringSchema, dateTimeStringSchema, idSchema, queryIdSchema } from '../entities/common';
import {
  DEPARTURE_CALENDAR_MAX_DAYS,
  DEPARTURE_MESSAGE_MAX_LENGTH,
  DEPARTURE_REFUND_RULES,
  DEPARTURE_STATUSES,
  MAX_DEPARTURE_GUIDES,
  departureRoutes,
} from './departure-values';
export * from './departure-values';

/*
 * Departures across tours (issue 29): the guides of each departure, with a warning when a guide
 * runs another departure whose dates overlap, and the calendar of every departure in a range.
 */

/** A guide assigned to a departure. */
export const departureGuideSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  /** the member account the guide signs in with; null for none */
  user_id: idSchema.nullable(),
});
export type DepartureGuide = z.infer<typeof departureGuideSchema>;

/** A chosen guide also runs this other departure, whose dates overlap. */
export const guideConflictSchema = z.object({
  guide_id: idSchema,
  tour_date_id: idSchema,
  tour_id: idSchema,
  tour_name: z.string(),
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  time_start: z.string(),
});
export type GuideConflict = z.infer<typeof guideConflictSchema>;

export const departureGuidesResponseSchema = z.object({
  tour_date_id: idSchema,
  guides: z.array(departureGuideSchema),
  conflicts: z.array(guideConflictSchema),
});
export type DepartureGuidesResponse = z.infer<typeof departureGuidesResponseSchema>;

/** One departure of the calendar. Seats: booked (firm), held (holds and checkouts), free. */
export const calendarDepartureSchema = z.object({
  tour_date_id: idSchema,
  tour_id: idSchema,
  tour_name: z.string(),
  date_start: dateStringSchema,
  date_end: dateStringSchema,
  time_start: z.string(),
  tour_variant: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
  /** travellers checked in on the manifest (the day of departure) */
  checked_in: z.number().int(),
  guides: z.array(departureGuideSchema),
  /** canceled by the provider (issue 29): not for sale, its requests canceled */
  status: z.enum(DEPARTURE_STATUSES),
});
export type CalendarDeparture = z.infer<typeof calendarDepartureSchema>;

const calendarQuerySchema = z
  .strictObject({
    organizer_id: queryIdSchema,
    from: dateStringSchema,
    to: dateStringSchema,
    tour_id: queryIdSchema.optional(),
    guide_id: queryIdSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], ...issueOf('end_before_start') });
    else if (days > DEPARTURE_CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], ...issueOf('incorrect_value') });
  });

const refundRuleSchema = z.enum(DEPARTURE_REFUND_RULES);

/** A live request of a departure being canceled: who, seats, what was paid and what the rule refunds (major units). */
export const departureCancelItemSchema = z.object({
  request_id: idSchema,
  customer_name: z.string(),
  status: z.number().int(),
  seats: z.number().int(),
  currency: z.string(),
  paid: z.number(),
  penalty: z.number(),
  refund: z.number(),
});
export type DepartureCancelItem = z.infer<typeof departureCancelItemSchema>;

export const departureCancelPreviewSchema = z.object({
  tour_date_id: idSchema,
  rule: refundRuleSchema,
  /** when the departure was canceled; null while it is on sale */
  canceled_at: dateTimeStringSchema.nullable(),
  items: z.array(departureCancelItemSchema),
});
export type DepartureCancelPreview = z.infer<typeof departureCancelPreviewSchema>;

/** What the cancel did to one request: canceled (refunded now; left to refund by hand) or failed with its code. */
export const departureCancelResultSchema = z.object({
  request_id: idSchema,
  customer_name: z.string(),
  result: z.enum(['canceled', 'failed']),
  currency: z.string(),
  refunded: z.number(),
  refund_left: z.number(),
  /** the message code of what went wrong (errors:<code>); null when canceled */
  error: z.string().nullable(),
});
export type DepartureCancelResult = z.infer<typeof departureCancelResultSchema>;

export const departureCancelResponseSchema = z.object({
  tour_date_id: idSchema,
  canceled_at: dateTimeStringSchema,
  items: z.array(departureCancelResultSchema),
});
export type DepartureCancelResponse = z.infer<typeof departureCancelResponseSchema>;

export const departureMessageResponseSchema = z.object({
  tour_date_id: idSchema,
  /** the live requests written to */
  requests: z.number().int(),
  /** e-mail and messenger messages queued */
  messages: z.number().int(),
  /** requests whose chat could not take it (e.g. frozen) */
  failed: z.array(idSchema),
});
export type DepartureMessageResponse = z.infer<typeof departureMessageResponseSchema>;

export const departureApi = {
  /** A departure's guides and their clashes with other departures. */
  guides: defineRoute({
    ...departureRoutes.guides,
    query: z.strictObject({ organizer_id: queryIdSchema, tour_date_id: queryIdSchema }),
    response: departureGuidesResponseSchema,
  }),
  /** Sets a departure's guides (the organizer's own); answers them with their clashes. */
  setGuides: defineRoute({
    ...departureRoutes.setGuides,
    body: z.strictObject({
      organizer_id: idSchema,
      tour_date_id: idSchema,
      guide_ids: z.array(idSchema).max(MAX_DEPARTURE_GUIDES),
    }),
    response: departureGuidesResponseSchema,
  }),
  /** Every departure of the organizer's tours starting from … to (≤ 92 days), by start. */
  calendar: defineRoute({
    ...departureRoutes.calendar,
    query: calendarQuerySchema,
    response: z.object({ items: z.array(calendarDepartureSchema) }),
  }),
  /** Links a guide to a member account of the organizer (or unlinks it with null). */
  linkGuideUser: defineRoute({
    ...departureRoutes.linkGuideUser,
    body: z.strictObject({ organizer_id: idSchema, guide_id: idSchema, user_id: idSchema.nullable() }),
    response: departureGuideSchema,
  }),
  /** Each live request of the departure with what canceling under `rule` (full by default) would refund. */
  cancelPreview: defineRoute({
    ...departureRoutes.cancelPreview,
    query: z.strictObject({
      organizer_id: queryIdSchema,
      tour_date_id: queryIdSchema,
      rule: refundRuleSchema.default('full'),
    }),
    response: departureCancelPreviewSchema,
  }),
  /** Cancels the departure: closed for sale, each live request canceled by the author and refunded by `rule`. */
  cancel: defineRoute({
    ...departureRoutes.cancel,
    body: z.strictObject({
      organizer_id: idSchema,
      tour_date_id: idSchema,
      rule: refundRuleSchema.default('full'),
      message: z.string().trim().max(DEPARTURE_MESSAGE_MAX_LENGTH).default(''),
    }),
    response: departureCancelResponseSchema,
  }),
  /** A text to everyone on the departure: each live request's chat, e-mail and messenger. */
  message: defineRoute({
    ...departureRoutes.message,
    body: z.strictObject({
      organizer_id: idSchema,
      tour_date_id: idSchema,
      text: z.string().trim().min(1).max(DEPARTURE_MESSAGE_MAX_LENGTH),
    }),
    response: departureMessageResponseSchema,
  }),
};
