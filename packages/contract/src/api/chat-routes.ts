/**
 * Route descriptors (method, path, flags) of ./chat.ts, free of zod: the web calls the API with
 * these and never loads a schema. ./chat.ts builds each route's contract from the same
 * descriptor, so path and method cannot drift; the types of a call come from that contract.
 */
import type { RouteDescriptors } from '../route';

/** The routes of chatApi (./chat.ts): method, path and flags. */
export const chatRoutes = {
  channelsList: { method: 'GET', path: '/crm/api/chat/channels-list' },
  chatsForNotifications: { method: 'GET', path: '/crm/api/chat/chats-for-notifications' },
  generateConnectionCode: { method: 'POST', path: '/crm/api/chat/generate-connection-code' },
  disableNotifications: { method: 'POST', path: '/crm/api/chat/disable-notifications' },
  whatsappWebhook: { method: 'POST', path: '/crm/api/messenger/whatsapp/webhook', isPublic: true },
} as const satisfies RouteDescriptors;
