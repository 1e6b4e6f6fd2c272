import { z } from 'zod';
import { defineRoute } from '../route';

export const channelsListResponseSchema = z.object({
  connectionToken: z.string(),
  channels: z.array(z.object({ name: z.string(), token: z.string() })),
});
export type ChannelsList = z.infer<typeof channelsListResponseSchema>;

export const chatApi = {
  channelsList: defineRoute({ method: 'GET', path: '/crm/api/chat/channels-list', response: channelsListResponseSchema }),
};
