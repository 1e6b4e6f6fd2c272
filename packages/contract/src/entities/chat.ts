import { z } from 'zod';
import { dateTimeStringSchema, idSchema, memberActorSchema } from './common';
import { chatKindSchema, chatMessageStatusSchema, chatMessageTypeSchema, uploadStatusSchema } from '../enums';
import { CHAT_AUTHORS } from './chat-values';

export * from './chat-values';

export const chatAuthorSchema = z.enum(CHAT_AUTHORS);

/**
 * A file attached to a message. `url` is where this reader fetches it: `/files/{id}` for the
 * provider (the CRM's session cookie opens it), the traveller's own link (with their token) on the
 * traveller's routes. `download_status` (SPEC §3 upload status: 1 in progress, 2 success, 3 fail)
 * is 2 for uploads; a file a messenger sends arrives later (attachment_download_status_was_changed).
 */
export const chatFileSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** bytes */
  size: z.number().int().nonnegative(),
  mime: z.string(),
  url: z.string(),
  /** shown as a preview in the gallery */
  is_image: z.boolean(),
  download_status: uploadStatusSchema,
});
export type ChatFile = z.infer<typeof chatFileSchema>;

/**
 * SPEC §3 Chat message. `type` is from the provider's side: `output` sent by the organizer,
 * `input` received (from the traveller, or from support). `text` is plain text: the web shows it as
 * text, never as HTML. `status` (SPEC §3 waiting 0, loading 1, failed 2, success 3) is always 3
 * from the server: 0-2 are the client's own pending sends, matched to the stored message by the
 * `client_id` it sent (echoed here; null when the sender gave none).
 *
 * A deleted message keeps its place with `is_deleted`, no text and no file; a moderated one
 * (`is_moderated`) shows no text or file to the organizer and the traveller (support sees them).
 */
export const chatMessageSchema = z.object({
  id: idSchema,
  chat_id: idSchema,
  type: chatMessageTypeSchema,
  author: chatAuthorSchema,
  author_name: z.string(),
  /** the provider's member who wrote it, with their role (issue 29): the provider's side only, else null */
  actor: memberActorSchema.nullable().default(null),
  text: z.string(),
  file: chatFileSchema.nullable(),
  status: chatMessageStatusSchema,
  client_id: z.string().nullable(),
  /** its recipient has read it (the traveller or support for `output`, the organizer for `input`) */
  is_read: z.boolean(),
  created_at: dateTimeStringSchema,
  edited_at: dateTimeStringSchema.nullable(),
  is_deleted: z.boolean(),
  is_moderated: z.boolean(),
  /** the operator who edited it, hid it, deleted it ("Anna"), null when nobody of support did (issue 30) */
  edited_by: z.string().nullable(),
  moderated_by: z.string().nullable(),
  deleted_by: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The traveller of a tourist chat, as they named themselves (or as their request names them). */
export const chatTravellerSchema = z.object({ name: z.string(), email: z.string() });
export type ChatTraveller = z.infer<typeof chatTravellerSchema>;

/**
 * SPEC §3 Chat, as the provider sees it: with a traveller (`kind` tourist: `traveller`, the tour
 * they wrote about, the requests the chat is about) or with a site's support (`kind` support:
 * `site`). `title` is the traveller's name, or the site's name for support. `unread_count`: the
 * messages the organizer has not read. A frozen chat (`is_frozen`, set by support) takes no more
 * messages from the organizer or the traveller.
 */
export const chatSchema = z.object({
  id: idSchema,
  organizer_id: idSchema,
  kind: chatKindSchema,
  title: z.string(),
  traveller: chatTravellerSchema.nullable(),
  site: z.object({ id: idSchema, name: z.string() }).nullable(),
  tour: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** the requests this chat is about, oldest first (list-for-chat gives them in full) */
  request_ids: z.array(idSchema),
  last_message: chatMessageSchema.nullable(),
  unread_count: z.number().int().nonnegative(),
  is_frozen: z.boolean(),
  /** who froze it: the support operator's name (e.g. "Anna (Support)"); null when not frozen */
  frozen_by: z.string().nullable(),
  created_at: dateTimeStringSchema,
  /** the last message's time (or the chat's making): the list is ordered by it, newest first */
  updated_at: dateTimeStringSchema,
});
export type Chat = z.infer<typeof chatSchema>;

/**
 * A chat as the traveller sees it through their link: whom they talk to, about what, and how many
 * of the organizer's messages they have not read.
 */
export const travellerChatSchema = z.object({
  id: idSchema,
  organizer: z.object({ id: idSchema, name: z.string() }),
  tour: z.object({ id: idSchema, name: z.string() }).nullable(),
  traveller: chatTravellerSchema,
  unread_count: z.number().int().nonnegative(),
  is_frozen: z.boolean(),
  created_at: dateTimeStringSchema,
  updated_at: dateTimeStringSchema,
});
export type TravellerChat = z.infer<typeof travellerChatSchema>;

/** A chat as support sees it: the provider's chat plus the organizer's name; `unread_count` is support's. */
export const operatorChatSchema = chatSchema.extend({ organizer_name: z.string() });
export type OperatorChat = z.infer<typeof operatorChatSchema>;
