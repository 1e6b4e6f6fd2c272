import { z } from 'zod';
import { defineRoute } from '../route';
import { dateStringSchema, dateTimeStringSchema, idSchema, queryIdSchema } from '../entities/common';
import { bookingStatusSchema } from '../enums';
import { travellerCategoryRefSchema } from './prices';
import { CHECKIN_CLIENT_KEY_MAX_LENGTH, CHECKIN_STATUSES, manifestRoutes } from './manifest-routes';
export { CHECKIN_CLIENT_KEY_MAX_LENGTH, CHECKIN_STATUSES, manifestRoutes, type CheckinStatus } from './manifest-routes';

export const checkinStatusSchema = z.enum(CHECKIN_STATUSES);

export const manifestQuerySchema = z.strictObject({ tour_date_id: queryIdSchema });
export type ManifestQuery = z.input<typeof manifestQuerySchema>;

/** A traveller's check-in: its state, who set it and when. */
export const manifestCheckinSchema = z.object({
  status: checkinStatusSchema,
  by_user_id: idSchema.nullable(),
  by_name: z.string(),
  at: dateTimeStringSchema,
});
export type ManifestCheckin = z.infer<typeof manifestCheckinSchema>;

/** One traveller of a request: a named tourist, or a place ("Traveller 2 of 3") not named yet. */
export const manifestTravellerSchema = z.object({
  /** 1-based place in the request: what a check-in names */
  place: z.number().int().positive(),
  /** null for a place the request has not named yet */
  tourist_id: idSchema.nullable(),
  full_name: z.string(),
  /** the tourist's phone; the lead traveller without one has the request contact's */
  phone: z.string(),
  is_lead: z.boolean(),
  category: travellerCategoryRefSchema.nullable(),
  /** the questionnaire's answers that matter on the day */
  birthday: dateStringSchema.nullable(),
  age: z.number().int().nonnegative().nullable(),
  food_restriction: z.string(),
  is_child: z.boolean(),
  needs_transfer: z.boolean(),
  checkin: manifestCheckinSchema.nullable(),
});
export type ManifestTraveller = z.infer<typeof manifestTravellerSchema>;

export const manifestRequestSchema = z.object({
  request_id: idSchema,
  status: bookingStatusSchema,
  contact_name: z.string(),
  contact_phone: z.string(),
  /** what is left to pay, in minor units (never below 0) */
  balance_due_minor: z.number().int().nonnegative(),
  currency: z.string(),
  travellers: z.array(manifestTravellerSchema),
});
export type ManifestRequest = z.infer<typeof manifestRequestSchema>;

export const manifestSchema = z.object({
  departure: z.object({
    id: idSchema,
    tour_id: idSchema,
    tour_name: z.string(),
    organizer_id: idSchema,
    date_start: dateStringSchema,
    date_end: dateStringSchema,
    time_start: z.string(),
    number_of_seats: z.number().int().nonnegative(),
  }),
  guides: z.array(z.object({ id: idSchema, name: z.string() })),
  requests: z.array(manifestRequestSchema),
  totals: z.object({
    travellers: z.number().int().nonnegative(),
    checked_in: z.number().int().nonnegative(),
    no_show: z.number().int().nonnegative(),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** POST checkin: one traveller's state; null clears it. */
export const checkinBodySchema = z.strictObject({
  tour_date_id: idSchema,
  request_id: idSchema,
  place: z.number().int().positive().max(10_000),
  status: checkinStatusSchema.nullable(),
  /** made by the client once per action: a replay (the offline queue sending again) changes nothing */
  client_key: z.string().trim().min(1).max(CHECKIN_CLIENT_KEY_MAX_LENGTH),
});
export type CheckinBody = z.input<typeof checkinBodySchema>;

export const checkinResultSchema = z.object({
  request_id: idSchema,
  place: z.number().int().positive(),
  checkin: manifestCheckinSchema.nullable(),
  /** true when this call changed nothing (a replay, or the state was already so) */
  replayed: z.boolean(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

export const manifestApi = {
  manifest: defineRoute({ ...manifestRoutes.manifest, query: manifestQuerySchema, response: manifestSchema }),
  checkin: defineRoute({ ...manifestRoutes.checkin, body: checkinBodySchema, response: checkinResultSchema }),
} as const;
