import { z } from 'zod';
import { dateTimeStringSchema, idSchema } from './common';

/** A tourist's review of an organizer or tour, with the organizer's reply. */
export const reviewSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  tour_id: idSchema.nullable().default(null),
  request_id: idSchema.nullable().default(null),
  author_name: z.string(),
  /** 1..5 stars (RATING labels) */
  rating: z.number().int().min(1).max(5),
  text: z.string().default(''),
  reply: z.string().nullable().default(null),
  replied_at: dateTimeStringSchema.nullable().default(null),
  created_at: dateTimeStringSchema,
});
export type Review = z.infer<typeof reviewSchema>;
