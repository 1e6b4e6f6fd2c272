import { z } from 'zod';
import { defineRoute } from '../route';
import { chatRoutes, operatorChatRoutes, requestChatRoutes, travellerChatRoutes } from './chat-routes';
import {
  dateStringSchema,
  dateTimeStringSchema,
  fileBytesSchema,
  idSchema,
  MAX_ID,
  queryIdSchema,
} from '../entities/common';
import {
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_LIST_MAX_LIMIT,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TRAVELLER_NAME_MAX_LENGTH,
  chatFileSchema,
  chatMessageSchema,
  chatSchema,
  operatorChatSchema,
  travellerChatSchema,
} from '../entities/chat';
import { messengerChatSchema } from '../entities/verification';
import { bookingStatusSchema, chatKindSchema, messengerSourceIdSchema } from '../enums';
import { CHAT_PAGE_SIZE } from '../constants';
import { issueOf } from '../messages';
import { rules, zodRules } from '../validation';

export * from './chat-routes';

export const channelsListResponseSchema = z.object({
  connectionToken: z.string(),
  channels: z.array(z.object({ name: z.string(), token: z.string() })),
});
export type ChannelsList = z.infer<typeof channelsListResponseSchema>;

/**
 * What a WhatsApp provider bridge posts for each inbound message: the sender's number (any
 * format; only its digits count) and the message text. Other fields are ignored.
 */
export const whatsappInboundMessageSchema = z.object({
  from: z.string().trim().min(1).max(32),
  text: z.string().max(4096),
});
export type WhatsappInboundMessage = z.infer<typeof whatsappInboundMessageSchema>;

// ─── Inputs ────────────────────────────────────────────────────────────────────

/**
 * send-message's chat id: a JSON number naming a chat, else SPEC §5/§8's 'data.chatId must be a
 * number' on `chat_id` (absent, text, a fraction, zero or less, past PostgreSQL's integer).
 */
export const sendChatIdSchema = z.custom<number>(
  (v) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID,
  issueOf('chat_id_must_be_number'),
);

/** A message's text: trimmed, at most CHAT_MESSAGE_MAX_LENGTH characters; stored and shown as plain text. */
export const chatMessageTextSchema = z.string().trim().max(CHAT_MESSAGE_MAX_LENGTH);
/** The sender's own id of a message (a UUID): the same id again answers the message already sent. */
export const chatClientIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_CLIENT_ID_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_.:-]+$/);
/** The traveller's link token (get-chat-with-organizer's `token`). */
export const travellerTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/);

/**
 * An id in a query that only bounds or filters (a page's before_id, support's organizer filter):
 * decimal digits only, so text such as '0x10' is refused rather than read as a number.
 */
const queryDecimalIdSchema = z.union([
  idSchema,
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(idSchema),
]);

/** A message needs text or a file: empty text without a file is 'Required field' on `message`. */
const textOrFile = (v: { message?: string; file_id?: number | null }, ctx: z.RefinementCtx) => {
  if (!v.message && !v.file_id) ctx.addIssue({ code: 'custom', path: ['message'], ...issueOf('required') });
};

/**
 * A page of messages: the `limit` newest messages before `before_id` (all when absent) after
 * skipping `offset` of them — or, with `after_id`, the `limit` oldest after it (catching up after
 * a reconnection). Load older messages with `before_id` = the oldest id shown: new messages
 * arriving meanwhile do not shift the page, as `offset` would.
 */
const messagePageShape = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  before_id: queryDecimalIdSchema.optional(),
  after_id: queryDecimalIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
};
const onePageDirection = (v: { before_id?: number; after_id?: number }, ctx: z.RefinementCtx) => {
  if (v.before_id !== undefined && v.after_id !== undefined)
    ctx.addIssue({ code: 'custom', path: ['after_id'], ...issueOf('incorrect_value') });
};

/** GET list: the organizer's chats, the last written to first (SPEC §9 page size 20). */
export const chatListQuerySchema = z.strictObject({
  tour_organizer_id: queryIdSchema,
  limit: z.coerce.number().int().min(1).max(CHAT_LIST_MAX_LIMIT).default(CHAT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** only chats with travellers, or only with support; both when absent */
  kind: chatKindSchema.optional(),
});
export type ChatListQuery = z.input<typeof chatListQuerySchema>;

export const chatIdQuerySchema = z.strictObject({ chat_id: queryIdSchema });

export const chatMessagesQuerySchema = z
  .strictObject({ chat_id: queryIdSchema, ...messagePageShape })
  .superRefine(onePageDirection);
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

export const chatSendMessageBodySchema = z
  .strictObject({
    chat_id: sendChatIdSchema,
    message: chatMessageTextSchema.default(''),
    /** a file the organizer uploaded (file or image upload with its organizer_id) */
    file_id: idSchema.nullable().optional(),
    client_id: chatClientIdSchema.optional(),
  })
  .superRefine(textOrFile);
export type ChatSendMessageBody = z.input<typeof chatSendMessageBodySchema>;

/** GET get-chat-with-support: the organizer's chat with the site's support (made on the first call). */
export const chatWithSupportQuerySchema = z.strictObject({
  site_id: queryIdSchema,
  /** the organizer that asks; the user's first organizer when absent (SPEC §6) */
  organizer_id: queryIdSchema.optional(),
});

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .superRefine(zodRules([rules.email()]));
/**
 * POST get-chat-with-organizer (public): a traveller writes to an organizer, from a tour page or
 * the questionnaire page. Who they are: `request_uuid` (the questionnaire link's; the chat is
 * that request's, its customer the traveller, and the same uuid again continues that chat) or
 * `name` and `email` (a new chat each time: an address alone proves nothing, so it opens no
 * earlier conversation). `tour_id`: the tour written about (the request's when absent).
 */
export const chatWithOrganizerBodySchema = z
  .strictObject({
    organizer_id: idSchema,
    tour_id: idSchema.nullable().optional(),
    message: chatMessageTextSchema.min(1, issueOf('required')),
    request_uuid: z.uuid().optional(),
    name: z.string().trim().max(CHAT_TRAVELLER_NAME_MAX_LENGTH).optional(),
    email: optionalEmail.optional(),
    client_id: chatClientIdSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.request_uuid) return;
    if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], ...issueOf('required') });
    if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], ...issueOf('required') });
  });
export type ChatWithOrganizerBody = z.input<typeof chatWithOrganizerBodySchema>;

export const travellerTokenQuerySchema = z.strictObject({ token: travellerTokenSchema });
export const travellerMessagesQuerySchema = z
  .strictObject({ token: travellerTokenSchema, ...messagePageShape })
  .superRefine(onePageDirection);
export const travellerSendMessageBodySchema = z
  .strictObject({
    token: travellerTokenSchema,
    message: chatMessageTextSchema.default(''),
    /** a file the traveller uploaded through POST /spa/chat/upload */
    file_id: idSchema.nullable().optional(),
    client_id: chatClientIdSchema.optional(),
  })
  .superRefine(textOrFile);
export type TravellerSendMessageBody = z.input<typeof travellerSendMessageBodySchema>;
export const travellerFileQuerySchema = z.strictObject({ token: travellerTokenSchema, id: queryIdSchema });
/** support's signed file link: the file, when the link expires (Unix seconds) and its signature */
export const supportFileQuerySchema = z.strictObject({
  id: queryIdSchema,
  exp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[A-Za-z0-9_-]{32}$/),
});

export const operatorChatListQuerySchema = z.strictObject({
  /** support chats by default; `tourist` lists travellers' chats (to moderate them) */
  kind: chatKindSchema.default('support'),
  organizer_id: queryDecimalIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIST_MAX_LIMIT).default(CHAT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const operatorSendMessageBodySchema = z
  .strictObject({
    chat_id: idSchema,
    message: chatMessageTextSchema.default(''),
    /** a file support uploaded for this chat through POST /crm/api/operator/chat/upload */
    file_id: idSchema.nullable().optional(),
    client_id: chatClientIdSchema.optional(),
  })
  .superRefine(textOrFile);
export const operatorUploadQuerySchema = z.strictObject({ chat_id: queryIdSchema });
export const operatorEditMessageBodySchema = z.strictObject({
  message_id: idSchema,
  message: chatMessageTextSchema.min(1, issueOf('required')),
});
export const operatorMessageIdBodySchema = z.strictObject({ message_id: idSchema });
export const operatorModerateMessageBodySchema = z.strictObject({
  message_id: idSchema,
  /** false lifts the moderation */
  is_moderated: z.boolean().default(true),
});
export const operatorFreezeChatBodySchema = z.strictObject({
  chat_id: idSchema,
  /** false unfreezes */
  is_frozen: z.boolean().default(true),
});
export const chatIdBodySchema = z.strictObject({ chat_id: idSchema });

// ─── Answers ───────────────────────────────────────────────────────────────────

/** A page of the chat list: `total` chats in all (of the kind asked). */
export const chatListResponseSchema = z.object({
  items: z.array(chatSchema),
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

export const operatorChatListResponseSchema = z.object({
  items: z.array(operatorChatSchema),
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type OperatorChatListResponse = z.infer<typeof operatorChatListResponseSchema>;

/**
 * A page of messages in the order they were written (oldest first). `has_more`: there are older
 * ones before the page (newer ones after it, for `after_id`).
 */
export const chatMessagesResponseSchema = z.object({
  items: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** mark-as-read: done, and how many unread messages the organizer has left in all its chats. */
export const chatMarkAsReadResponseSchema = z.object({
  success: z.boolean(),
  unread_count: z.number().int().nonnegative(),
});

/**
 * get-chat-with-organizer: the chat, and the traveller's access to it without an account: `token`
 * for the /spa/chat routes, `url` the traveller's chat page (travellerChatPath under /org).
 */
export const chatWithOrganizerResponseSchema = z.object({
  id: idSchema,
  token: z.string(),
  url: z.string(),
  message: chatMessageSchema,
});
export type ChatWithOrganizerResponse = z.infer<typeof chatWithOrganizerResponseSchema>;

/** One request of a chat (list-for-chat). */
export const chatRequestSchema = z.object({
  id: idSchema,
  status: bookingStatusSchema,
  tour: z.object({ id: idSchema, name: z.string() }).nullable(),
  date_start: dateStringSchema.nullable(),
  date_end: dateStringSchema.nullable(),
  tourists_count: z.number().int().nonnegative(),
  customer_name: z.string(),
  customer_email: z.string(),
  created_at: dateTimeStringSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

const successSchema = z.object({ success: z.boolean() });

export const chatApi = {
  channelsList: defineRoute({ ...chatRoutes.channelsList, response: channelsListResponseSchema }),
  /** The user's messenger chats that receive notifications, telegram first (SPEC §3). */
  chatsForNotifications: defineRoute({
    ...chatRoutes.chatsForNotifications,
    response: z.object({ data: z.array(messengerChatSchema) }),
  }),
  /**
   * A code (MESSENGER_CODE_LIFETIME_S) the user sends to the bot (`/start <code>`) to link the
   * messenger; `url` opens the bot with the code filled in when the bot is configured.
   */
  generateConnectionCode: defineRoute({
    ...chatRoutes.generateConnectionCode,
    body: z.strictObject({ source_id: messengerSourceIdSchema }),
    response: z.object({ code: z.string(), expires_in: z.number().int(), url: z.string().nullable() }),
  }),
  /** chat_id: the `id` of a chat from chats-for-notifications. Another user's chat: 404. */
  disableNotifications: defineRoute({
    ...chatRoutes.disableNotifications,
    body: z.strictObject({ chat_id: idSchema }),
    response: z.object({ success: z.boolean() }),
  }),
  /**
   * Inbound WhatsApp messages (the manual phone-confirmation flow), posted by the provider bridge
   * with the header `X-Webhook-Secret: WHATSAPP_WEBHOOK_SECRET`; 404 unless the flow is configured.
   * `success` tells whether the message confirmed a phone; anything else is 200 `{ success: false }`.
   */
  whatsappWebhook: defineRoute({
    ...chatRoutes.whatsappWebhook,
    body: whatsappInboundMessageSchema,
    response: z.object({ success: z.boolean() }),
    summary: 'Inbound WhatsApp message (provider bridge; X-Webhook-Secret header)',
  }),
  list: defineRoute({ ...chatRoutes.list, query: chatListQuerySchema, response: chatListResponseSchema }),
  getChat: defineRoute({ ...chatRoutes.getChat, query: chatIdQuerySchema, response: chatSchema }),
  getMessages: defineRoute({
    ...chatRoutes.getMessages,
    query: chatMessagesQuerySchema,
    response: chatMessagesResponseSchema,
  }),
  /** Messages the organizer has not read, in all its chats (the navigation badge). */
  unreadCount: defineRoute({
    ...chatRoutes.unreadCount,
    query: z.strictObject({ organizer_id: queryIdSchema }),
    response: z.object({ count: z.number().int().nonnegative() }),
  }),
  /** Marks every message of the chat read for the organizer (all its members): chat_is_read. */
  markAsRead: defineRoute({
    ...chatRoutes.markAsRead,
    body: chatIdBodySchema,
    response: chatMarkAsReadResponseSchema,
  }),
  /** The organizer writes (new_message); the same client_id again answers the message already sent. */
  sendMessage: defineRoute({
    ...chatRoutes.sendMessage,
    body: chatSendMessageBodySchema,
    response: chatMessageSchema,
  }),
  getChatWithSupport: defineRoute({
    ...chatRoutes.getChatWithSupport,
    query: chatWithSupportQuerySchema,
    response: z.object({ id: idSchema }),
  }),
  getChatWithOrganizer: defineRoute({
    ...chatRoutes.getChatWithOrganizer,
    body: chatWithOrganizerBodySchema,
    response: chatWithOrganizerResponseSchema,
  }),
};

export const requestChatApi = {
  /** The requests a chat is about, oldest first (a support chat has none). */
  listForChat: defineRoute({
    ...requestChatRoutes.listForChat,
    query: chatIdQuerySchema,
    response: z.object({ items: z.array(chatRequestSchema) }),
  }),
};

export const travellerChatApi = {
  get: defineRoute({ ...travellerChatRoutes.get, query: travellerTokenQuerySchema, response: travellerChatSchema }),
  getMessages: defineRoute({
    ...travellerChatRoutes.getMessages,
    query: travellerMessagesQuerySchema,
    response: chatMessagesResponseSchema,
  }),
  sendMessage: defineRoute({
    ...travellerChatRoutes.sendMessage,
    body: travellerSendMessageBodySchema,
    response: chatMessageSchema,
  }),
  markAsRead: defineRoute({
    ...travellerChatRoutes.markAsRead,
    body: z.strictObject({ token: travellerTokenSchema }),
    response: successSchema,
  }),
  channelsList: defineRoute({
    ...travellerChatRoutes.channelsList,
    query: travellerTokenQuerySchema,
    response: channelsListResponseSchema,
  }),
  /** multipart/form-data with one `file` part; the file belongs to the chat's organizer. */
  upload: defineRoute({
    ...travellerChatRoutes.upload,
    query: travellerTokenQuerySchema,
    body: z.strictObject({}).nullish(),
    response: chatFileSchema,
  }),
  file: defineRoute({
    ...travellerChatRoutes.file,
    query: travellerFileQuerySchema,
    response: fileBytesSchema,
    summary: 'A file of the chat’s messages (its own content type; an attachment unless an image)',
  }),
  /** Any chat's file, hidden or deleted messages' too, through the signed link support's message views carry. */
  supportFile: defineRoute({
    ...travellerChatRoutes.supportFile,
    query: supportFileQuerySchema,
    response: fileBytesSchema,
    summary: 'A chat’s file for support (a signed link of support’s message views)',
  }),
};

export const operatorChatApi = {
  list: defineRoute({
    ...operatorChatRoutes.list,
    query: operatorChatListQuerySchema,
    response: operatorChatListResponseSchema,
  }),
  /** Any chat's messages, moderated ones with their text. */
  getMessages: defineRoute({
    ...operatorChatRoutes.getMessages,
    query: chatMessagesQuerySchema,
    response: chatMessagesResponseSchema,
  }),
  /** Support writes in a support chat (frozen or not). */
  sendMessage: defineRoute({
    ...operatorChatRoutes.sendMessage,
    body: operatorSendMessageBodySchema,
    response: chatMessageSchema,
  }),
  markAsRead: defineRoute({ ...operatorChatRoutes.markAsRead, body: chatIdBodySchema, response: successSchema }),
  /** Support's own messages only (message_was_edit). */
  editMessage: defineRoute({
    ...operatorChatRoutes.editMessage,
    body: operatorEditMessageBodySchema,
    response: chatMessageSchema,
  }),
  /** Any message of any chat (message_was_deleted): its text and file are gone. */
  deleteMessage: defineRoute({
    ...operatorChatRoutes.deleteMessage,
    body: operatorMessageIdBodySchema,
    response: chatMessageSchema,
  }),
  /** Hides (or shows again) a message of any chat from the organizer and the traveller (message_was_moderated). */
  moderateMessage: defineRoute({
    ...operatorChatRoutes.moderateMessage,
    body: operatorModerateMessageBodySchema,
    response: chatMessageSchema,
  }),
  /** Freezes (or unfreezes) any chat (chat_is_frozen). */
  freezeChat: defineRoute({
    ...operatorChatRoutes.freezeChat,
    body: operatorFreezeChatBodySchema,
    response: operatorChatSchema,
  }),
  /** multipart/form-data with one `file` part; the file belongs to the chat's organizer. */
  upload: defineRoute({
    ...operatorChatRoutes.upload,
    query: operatorUploadQuerySchema,
    body: z.strictObject({}).nullish(),
    response: chatFileSchema,
  }),
  channelsList: defineRoute({ ...operatorChatRoutes.channelsList, response: channelsListResponseSchema }),
};
