/** Real-time event names, channels and the socket path, free of zod (./realtime.ts re-exports them). */

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
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** Channel names: one per user, one per organizer. */
export const userChannel = (userId: number): string => `user:${userId}`;
export const organizerChannel = (organizerId: number): string => `organizer:${organizerId}`;

/** Socket.IO wire protocol (ARCHITECTURE.md "Real time"). */
export const SOCKET_PATH = '/socket.io/';

/** Who changed a request's tourists: the provider (CRM) or a tourist through the questionnaire link. */
export const TOURISTS_CHANGE_SOURCES = ['provider', 'questionnaire'] as const;
/**
 * `update_tourists_info`, on the request's organizer's channel: the tourists of `request_id`
 * changed (added, edited, removed, a questionnaire filled). Listeners refetch that request.
 */
export interface UpdateTouristsInfoPayload {
  organizer_id: number;
  request_id: number;
  source: (typeof TOURISTS_CHANGE_SOURCES)[number];
}
