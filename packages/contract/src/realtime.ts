import { z } from 'zod';
import { idSchema } from './entities/common';
import { chatAuthorSchema, chatMessageSchema, chatSchema } from './entities/chat';
import {
  bookingStatusSchema,
  internalCheckStatusSchema,
  messengerSourceTypeSchema,
  siteStatusSchema,
  uploadStatusSchema,
  verificationStatusSchema,
} from './enums';
import {
  REALTIME_ACTOR_TYPES,
  REALTIME_EVENTS,
  TOURISTS_CHANGE_SOURCES,
  type AttachmentDownloadStatusPayload,
  type ChatIsFrozenPayload,
  type ChatIsReadPayload,
  type ChatMessagePayload,
  type ChatNotificationsEnabledPayload,
  type ChatPayload,
  type PhoneConfirmedPayload,
  type Publication,
  type RealtimeActor,
  type RealtimeEvent,
  type RealtimePayloads,
  type RequestChangePayload,
  type RequisitesChangedPayload,
  type SiteStatusChangedPayload,
  type ReviewChangedPayload,
  type DepartureUpdatedPayload,
  DEPARTURE_CHANGES,
  type UpdateTouristsInfoPayload,
} from './realtime-values';

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

// ─── Payload schemas, one per SPEC §4 event (the types in ./realtime-values.ts) ────────────────

/** Who made the change (RealtimeActor): every payload carries it. */
export const realtimeActorSchema = z.object({
  type: z.enum(REALTIME_ACTOR_TYPES),
  user_id: idSchema.nullable(),
}) satisfies z.ZodType<RealtimeActor>;

export const requestChangePayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  request_id: idSchema,
  status: bookingStatusSchema,
}) satisfies z.ZodType<RequestChangePayload>;

/** The payload of `update_tourists_info` (UpdateTouristsInfoPayload). */
export const updateTouristsInfoPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  request_id: idSchema,
  source: z.enum(TOURISTS_CHANGE_SOURCES),
}) satisfies z.ZodType<UpdateTouristsInfoPayload>;

export const phoneConfirmedPayloadSchema = z.object({
  actor: realtimeActorSchema,
  user_id: idSchema,
}) satisfies z.ZodType<PhoneConfirmedPayload>;

export const chatNotificationsEnabledPayloadSchema = z.object({
  actor: realtimeActorSchema,
  source_type: messengerSourceTypeSchema,
}) satisfies z.ZodType<ChatNotificationsEnabledPayload>;

export const requisitesChangedPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  internal_check_status: internalCheckStatusSchema,
  verification_status: verificationStatusSchema,
}) satisfies z.ZodType<RequisitesChangedPayload>;

export const siteStatusChangedPayloadSchema = z.union([
  z.strictObject({
    actor: realtimeActorSchema,
    organizer_id: idSchema,
    site_id: idSchema,
    status: siteStatusSchema,
    is_published_on_site: z.boolean(),
  }),
  z.strictObject({
    actor: realtimeActorSchema,
    organizer_id: idSchema,
    site_id: idSchema,
    status: siteStatusSchema,
    tour_id: idSchema,
  }),
]) satisfies z.ZodType<SiteStatusChangedPayload>;

export const chatMessagePayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  chat_id: idSchema,
  message: chatMessageSchema,
}) satisfies z.ZodType<ChatMessagePayload>;

export const chatPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  chat: chatSchema,
}) satisfies z.ZodType<ChatPayload>;

export const chatIsReadPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  chat_id: idSchema,
  reader: chatAuthorSchema,
  /** 0 when the chat had no message to read */
  last_read_id: z.number().int().nonnegative(),
}) satisfies z.ZodType<ChatIsReadPayload>;

export const chatIsFrozenPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  chat_id: idSchema,
  is_frozen: z.boolean(),
  frozen_by: z.string().nullable(),
}) satisfies z.ZodType<ChatIsFrozenPayload>;

export const attachmentDownloadStatusPayloadSchema = z.object({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  chat_id: idSchema,
  message_id: idSchema,
  file_id: idSchema,
  download_status: uploadStatusSchema,
}) satisfies z.ZodType<AttachmentDownloadStatusPayload>;

export const reviewChangedPayloadSchema = z.strictObject({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  review_id: idSchema,
  change: z.enum(['created', 'edited', 'answered', 'hidden', 'reported']),
}) satisfies z.ZodType<ReviewChangedPayload>;

export const departureUpdatedPayloadSchema = z.strictObject({
  actor: realtimeActorSchema,
  organizer_id: idSchema,
  tour_date_id: idSchema,
  change: z.enum(DEPARTURE_CHANGES),
}) satisfies z.ZodType<DepartureUpdatedPayload>;

/** Each event's payload schema (RealtimePayloads). */
export const realtimePayloadSchemas = {
  new_message: chatMessagePayloadSchema,
  message_was_edit: chatMessagePayloadSchema,
  message_was_moderated: chatMessagePayloadSchema,
  chat_is_read: chatIsReadPayloadSchema,
  chat_was_updated: chatPayloadSchema,
  chat_created: chatPayloadSchema,
  message_was_deleted: chatMessagePayloadSchema,
  attachment_download_status_was_changed: attachmentDownloadStatusPayloadSchema,
  crm_user_chat_notifications_enabled: chatNotificationsEnabledPayloadSchema,
  chat_is_frozen: chatIsFrozenPayloadSchema,
  new_request_in_crm: requestChangePayloadSchema,
  update_tourists_info: updateTouristsInfoPayloadSchema,
  request_in_crm_update_status: requestChangePayloadSchema,
  organization_requisites_was_changed_event: requisitesChangedPayloadSchema,
  site_status_changed: siteStatusChangedPayloadSchema,
  crm_user_phone_was_confirmed: phoneConfirmedPayloadSchema,
  review_was_changed: reviewChangedPayloadSchema,
  departure_was_updated: departureUpdatedPayloadSchema,
} as const satisfies { [E in RealtimeEvent]: z.ZodType<RealtimePayloads[E]> };

const publicationOf = <E extends RealtimeEvent>(event: E) =>
  z.object({ channel: z.string(), event: z.literal(event), payload: realtimePayloadSchemas[event] });

/** A `publication` as it arrives: its payload is its event's (a discriminated union on `event`). */
export const publicationSchema = z.discriminatedUnion(
  'event',
  REALTIME_EVENTS.map(publicationOf) as unknown as [
    ReturnType<typeof publicationOf<RealtimeEvent>>,
    ...ReturnType<typeof publicationOf<RealtimeEvent>>[],
  ],
) as unknown as z.ZodType<Publication>;
