/**
 * Real-time event names, channels, the socket path and each event's payload type, free of zod
 * (./realtime.ts re-exports them beside the payload schemas, which `satisfies` these types).
 */
import type { Chat, ChatMessage } from './entities/chat';
import type { ChatAuthor } from './entities/chat-values';
import type {
  BookingStatus,
  InternalCheckStatus,
  MessengerSourceType,
  SiteStatus,
  UploadStatus,
  VerificationStatus,
} from './enum-values';

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
  'review_was_changed',
  'departure_was_updated',
] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** Channel names: one per user, one per organizer. */
export const userChannel = (userId: number): string => `user:${userId}`;
export const organizerChannel = (organizerId: number): string => `organizer:${organizerId}`;
/**
 * One chat's channel: what the traveller's link subscribes to (no account; GET /spa/chat/channels-list).
 * The organizer's screens get the same events on the organizer's channel.
 */
export const chatChannel = (chatId: number): string => `chat:${chatId}`;
/** Support's channel: every support chat's events, for the operator's screen (operator token). */
export const SUPPORT_CHANNEL = 'support';

/** Socket.IO wire protocol (ARCHITECTURE.md "Real time"). */
export const SOCKET_PATH = '/socket.io/';

// ─── Payloads (types are aliases, not interfaces, so each is also a Record<string, unknown>) ────

/** Who made a change: a signed-in user, a tourist (questionnaire, chat link), the system (sweeps, payments), support. */
export const REALTIME_ACTOR_TYPES = ['user', 'tourist', 'system', 'operator'] as const;
/**
 * `actor` of every payload (issue 23): who made the change the event tells of. `user_id` is the
 * user's id for `user` on the organizer's and user's channels, else null (a traveller's chat
 * channel and support's never learn a member's id). A tab compares it with its signed-in user
 * and does not refetch what its own answer already stored.
 */
export type RealtimeActor = { type: (typeof REALTIME_ACTOR_TYPES)[number]; user_id: number | null };
/** Whether the event was the signed-in user's own doing (their own answer already stored its result). */
export const isOwnChange = (payload: { actor?: RealtimeActor }, userId: number | null | undefined): boolean =>
  !!userId && payload.actor?.type === 'user' && payload.actor.user_id === userId;

/** A request was made (new_request_in_crm) or its status, departure or money changed (request_in_crm_update_status). */
export type RequestChangePayload = {
  actor: RealtimeActor;
  organizer_id: number;
  request_id: number;
  status: BookingStatus;
};

/** Who changed a request's tourists: the provider (CRM) or a tourist through the questionnaire link. */
export const TOURISTS_CHANGE_SOURCES = ['provider', 'questionnaire'] as const;
/**
 * `update_tourists_info`, on the request's organizer's channel: the tourists of `request_id`
 * changed (added, edited, removed, a questionnaire filled). Listeners refetch that request.
 */
export type UpdateTouristsInfoPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  request_id: number;
  source: (typeof TOURISTS_CHANGE_SOURCES)[number];
};

/** `crm_user_phone_was_confirmed`, on the user's channel. */
export type PhoneConfirmedPayload = { actor: RealtimeActor; user_id: number };

/** `crm_user_chat_notifications_enabled`, on the user's channel: a messenger chat was linked. */
export type ChatNotificationsEnabledPayload = { actor: RealtimeActor; source_type: MessengerSourceType };

/** `organization_requisites_was_changed_event`, on the organizer's channel: its profile or checks changed. */
export type RequisitesChangedPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  internal_check_status: InternalCheckStatus;
  verification_status: VerificationStatus;
};

/**
 * `site_status_changed`, on the organizer's channel, in two kinds: a partnership's status on a
 * site (with `is_published_on_site`, no `tour_id`), or one tour's moderation status on a site
 * (with `tour_id`). Listeners tell them apart by `tour_id`.
 */
export type SiteStatusChangedPayload =
  | {
      organizer_id: number;
      site_id: number;
      status: SiteStatus;
      is_published_on_site: boolean;
      tour_id?: undefined;
      actor: RealtimeActor;
    }
  | {
      organizer_id: number;
      site_id: number;
      status: SiteStatus;
      tour_id: number;
      is_published_on_site?: undefined;
      actor: RealtimeActor;
    };

/**
 * A message was sent (new_message), edited (message_was_edit), deleted (message_was_deleted: no
 * text or file left) or moderated (message_was_moderated: `is_moderated` on or off), as the
 * channel's readers see it: on the organizer's and the traveller's channels a moderated message
 * carries no text; on support's it does. Listeners put `message` in place by its id (a new one
 * also by its `client_id`, which ends the sender's pending copy).
 */
export type ChatMessagePayload = { actor: RealtimeActor; organizer_id: number; chat_id: number; message: ChatMessage };

/** chat_created (a traveller or the organizer opened a chat) and chat_was_updated (its requests, tour or traveller changed). */
export type ChatPayload = { actor: RealtimeActor; organizer_id: number; chat: Chat };

/**
 * `chat_is_read`: `reader` read the chat up to message `last_read_id` (the organizer: any member,
 * one mark for all of them; the traveller; support). The organizer's unread counts change when
 * the reader is the organizer; the readers' ticks (`is_read`) when it is the other side.
 */
export type ChatIsReadPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  chat_id: number;
  reader: ChatAuthor;
  last_read_id: number;
};

/** `chat_is_frozen`: support froze (or unfroze) a chat; a frozen chat takes no messages from the organizer or the traveller. */
export type ChatIsFrozenPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  chat_id: number;
  is_frozen: boolean;
  /** the support operator who froze it, as the provider reads the name; null when unfrozen */
  frozen_by: string | null;
};

/** `attachment_download_status_was_changed`: a file a messenger sent has been fetched (or failed). */
export type AttachmentDownloadStatusPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  chat_id: number;
  message_id: number;
  file_id: number;
  download_status: UploadStatus;
};

/**
 * `review_was_changed` (issue 28), on the organizer's channel: a traveller wrote or edited a review,
 * or a member answered, hid or reported one. The reviews screen and the menu's count refetch.
 */
export type ReviewChangedPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  review_id: number;
  change: 'created' | 'edited' | 'answered' | 'hidden' | 'reported';
};

/**
 * `departure_was_updated` (issue 29), on the organizer's channel: a departure's guides changed,
 * a traveller was checked in (or marked no-show), the departure was canceled or messaged. The
 * calendar, the departure's screens and its manifest refetch.
 */
export const DEPARTURE_CHANGES = ['guides', 'checkin', 'canceled', 'messaged'] as const;
export type DepartureChange = (typeof DEPARTURE_CHANGES)[number];
export type DepartureUpdatedPayload = {
  actor: RealtimeActor;
  organizer_id: number;
  tour_date_id: number;
  change: DepartureChange;
};

/** Each SPEC §4 event's payload: `publish(channel, event, payload)` and the web's listeners are typed by it. */
export type RealtimePayloads = {
  new_message: ChatMessagePayload;
  message_was_edit: ChatMessagePayload;
  message_was_moderated: ChatMessagePayload;
  chat_is_read: ChatIsReadPayload;
  chat_was_updated: ChatPayload;
  chat_created: ChatPayload;
  message_was_deleted: ChatMessagePayload;
  attachment_download_status_was_changed: AttachmentDownloadStatusPayload;
  crm_user_chat_notifications_enabled: ChatNotificationsEnabledPayload;
  chat_is_frozen: ChatIsFrozenPayload;
  new_request_in_crm: RequestChangePayload;
  update_tourists_info: UpdateTouristsInfoPayload;
  request_in_crm_update_status: RequestChangePayload;
  organization_requisites_was_changed_event: RequisitesChangedPayload;
  site_status_changed: SiteStatusChangedPayload;
  crm_user_phone_was_confirmed: PhoneConfirmedPayload;
  review_was_changed: ReviewChangedPayload;
  departure_was_updated: DepartureUpdatedPayload;
};

/** What the server emits as `publication`: the channel, the event and its payload (one type per event). */
export type Publication<E extends RealtimeEvent = RealtimeEvent> = {
  [K in E]: { channel: string; event: K; payload: RealtimePayloads[K] };
}[E];

/**
 * Who of an organizer's channel hears a publication about a departure's things (issue 29): every
 * member not departure-scoped, and of the departure-scoped ones (guides) only these users.
 */
export interface PublishAudience {
  scopedUserIds: readonly number[];
}

/** Publishes an event on a channel; the payload must be its event's. */
export type Publish = <E extends RealtimeEvent>(
  channel: string,
  event: E,
  payload: RealtimePayloads[E],
  audience?: PublishAudience,
) => void;
