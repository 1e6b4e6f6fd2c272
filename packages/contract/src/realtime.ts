import { z } from 'zod';
import { REALTIME_EVENTS, TOURISTS_CHANGE_SOURCES, type UpdateTouristsInfoPayload } from './realtime-values';

export * from './realtime-values';
export const realtimeEventSchema = z.enum(REALTIME_EVENTS);

/** Socket.IO wire protocol (ARCHITECTURE.md "Real time"). */
export const subscribeMessageSchema = z.object({
  channel: z.string().min(1).max(200),
  token: z.string().min(1).max(2000),
});
export type SubscribeMessage = z.infer<typeof subscribeMessageSchema>;
export const subscribeAckSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type SubscribeAck = z.infer<typeof subscribeAckSchema>;

export const publicationSchema = z.object({
  channel: z.string(),
  event: realtimeEventSchema,
  payload: z.record(z.string(), z.unknown()),
});
export type Publication = z.infer<typeof publicationSchema>;

/** The payload of `update_tourists_info` (UpdateTouristsInfoPayload). */
export const updateTouristsInfoPayloadSchema = z.object({
  organizer_id: z.number().int().positive(),
  request_id: z.number().int().positive(),
  source: z.enum(TOURISTS_CHANGE_SOURCES),
}) satisfies z.ZodType<UpdateTouristsInfoPayload>;
