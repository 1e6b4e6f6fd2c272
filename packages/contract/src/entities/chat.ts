import { z } from 'zod';
import { dateTimeStringSchema, idSchema } from './common';
import {
  CHAT_MESSAGE_STATUS,
  chatKindSchema,
  chatMessageStatusSchema,
  chatMessageTypeSchema,
  uploadStatusSchema,
  UPLOAD_STATUS,
} from '../enums';

/** A file attached to a chat message. */
export const chatAttachmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string().nullable().default(null),
  size: z.number().int().nonnegative().default(0),
  mime_type: z.string().default('application/octet-stream'),
  /** attachments from messengers are downloaded asynchronously (attachment_download_status_was_changed) */
  download_status: uploadStatusSchema.default(UPLOAD_STATUS.success),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** SPEC §3 Chat message. `output` is sent by the organizer, `input` received. */
export const chatMessageSchema = z.object({
  id: idSchema,
  chat_id: idSchema,
  /** client-generated id of a message still being sent (waiting/loading/failed) */
  uid: z.string().nullable().default(null),
  type: chatMessageTypeSchema,
  status: chatMessageStatusSchema.default(CHAT_MESSAGE_STATUS.success),
  message: z.string().default(''),
  attachments: z.array(chatAttachmentSchema).default([]),
  author_name: z.string().default(''),
  is_read: z.boolean().default(false),
  is_edited: z.boolean().default(false),
  /** hidden by moderation (message_was_moderated) */
  is_moderated: z.boolean().default(false),
  created_at: dateTimeStringSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** SPEC §3 Chat: with a tourist (about a request or a tour) or with support. */
export const chatSchema = z.object({
  id: idSchema,
  tour_organizer_id: idSchema,
  kind: chatKindSchema.default('tourist'),
  title: z.string().default(''),
  avatar: z.string().nullable().default(null),
  request_id: idSchema.nullable().default(null),
  tour_id: idSchema.nullable().default(null),
  site_id: idSchema.nullable().default(null),
  last_message: chatMessageSchema.nullable().default(null),
  unread_count: z.number().int().nonnegative().default(0),
  /** no more messages can be sent (chat_is_frozen) */
  is_frozen: z.boolean().default(false),
  is_notifications_enabled: z.boolean().default(true),
  updated_at: dateTimeStringSchema.optional(),
});
export type Chat = z.infer<typeof chatSchema>;
