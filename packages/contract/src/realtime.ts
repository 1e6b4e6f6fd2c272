import { z } from 'zod';

/** SPEC §4 real-time events. */
export const REALTIME_EVENTS = [
  'new_message',
  'message_was_edit',
  'message_was_moderated',
  'chat_is_read',
  'chat_was_updated',
  'chat_created',
  'message_was_deleted',
  'attachment_download_status_was_changed',
  'crm_user_chat_notifications_enabled',
  'chat_is_frozen',
  'new_request_in_crm',
  'update_tourists_info',
  'request_in_crm_update_status',
  'organization_requisites_was_changed_event',
  'site_status_changed',
  'crm_user_phone_was_confirmed',
] as const;
export const realtimeEventSchema = z.enum(REALTIME_EVENTS);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Channel names: one per user, one per organizer. */
export const userChannel = (userId: number): string => `user:${userId}`;
export const organizerChannel = (organizerId: number): string => `organizer:${organizerId}`;

/** Socket.IO wire protocol (ARCHITECTURE.md "Real time"). */
export const SOCKET_PATH = '/socket.io/';
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
