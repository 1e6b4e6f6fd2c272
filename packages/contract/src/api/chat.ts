import { z } from 'zod';
import { defineRoute } from '../route';
import { idSchema } from '../entities/common';
import { messengerChatSchema } from '../entities/verification';
import { messengerSourceIdSchema } from '../enums';

export const channelsListResponseSchema = z.object({
  connectionToken: z.string(),
  channels: z.array(z.object({ name: z.string(), token: z.string() })),
});
export type ChannelsList = z.infer<typeof channelsListResponseSchema>;

export const chatApi = {
  channelsList: defineRoute({ method: 'GET', path: '/crm/api/chat/channels-list', response: channelsListResponseSchema }),
  /** The user's messenger chats that receive notifications, telegram first (SPEC §3). */
  chatsForNotifications: defineRoute({
    method: 'GET',
    path: '/crm/api/chat/chats-for-notifications',
    response: z.object({ data: z.array(messengerChatSchema) }),
  }),
  /**
   * A code (MESSENGER_CODE_LIFETIME_S) the user sends to the bot (`/start <code>`) to link the
   * messenger; `url` opens the bot with the code filled in when the bot is configured.
   */
  generateConnectionCode: defineRoute({
    method: 'POST',
    path: '/crm/api/chat/generate-connection-code',
    body: z.strictObject({ source_id: messengerSourceIdSchema }),
    response: z.object({ code: z.string(), expires_in: z.number().int(), url: z.string().nullable() }),
  }),
  /** chat_id: the `id` of a chat from chats-for-notifications. Another user's chat: 404. */
  disableNotifications: defineRoute({
    method: 'POST',
    path: '/crm/api/chat/disable-notifications',
    body: z.strictObject({ chat_id: idSchema }),
    response: z.object({ success: z.boolean() }),
  }),
};
