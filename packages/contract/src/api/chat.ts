import { z } from 'zod';
import { defineRoute } from '../route';
import { chatRoutes } from './chat-routes';
import { idSchema } from '../entities/common';
import { messengerChatSchema } from '../entities/verification';
import { messengerSourceIdSchema } from '../enums';

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
};
