/**
 * Query keys of chats (one factory per resource): an organizer's list and unread count under
 * ['chat', 'org', orgId]; one chat, its messages and its requests under ['chat', 'chat', chatId];
 * the traveller's chat under ['chat', 'traveller', token].
 */
export const chatKeys = {
  all: ['chat'] as const,
  channels: () => [...chatKeys.all, 'channels'] as const,
  organizer: (orgId: number) => [...chatKeys.all, 'org', orgId] as const,
  list: (orgId: number) => [...chatKeys.organizer(orgId), 'list'] as const,
  unreadCount: (orgId: number) => [...chatKeys.organizer(orgId), 'unread'] as const,
  support: (orgId: number, siteId: number) => [...chatKeys.organizer(orgId), 'support', siteId] as const,
  chat: (chatId: number) => [...chatKeys.all, 'chat', chatId] as const,
  detail: (chatId: number) => [...chatKeys.chat(chatId), 'detail'] as const,
  messages: (chatId: number) => [...chatKeys.chat(chatId), 'messages'] as const,
  requests: (chatId: number) => [...chatKeys.chat(chatId), 'requests'] as const,
  traveller: (token: string) => [...chatKeys.all, 'traveller', token] as const,
  travellerDetail: (token: string) => [...chatKeys.traveller(token), 'detail'] as const,
  travellerMessages: (token: string) => [...chatKeys.traveller(token), 'messages'] as const,
  travellerChannels: (token: string) => [...chatKeys.traveller(token), 'channels'] as const,
};
