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
  // ── the provider's chats (SPEC §7 Chat) ──
  list: { method: 'GET', path: '/crm/api/chat/list' },
  getChat: { method: 'GET', path: '/crm/api/chat/get-chat' },
  getMessages: { method: 'GET', path: '/crm/api/chat/get-messages' },
  unreadCount: { method: 'GET', path: '/crm/api/chat/unread-count' },
  markAsRead: { method: 'POST', path: '/crm/api/chat/mark-as-read' },
  sendMessage: { method: 'POST', path: '/crm/api/chat/send-message' },
  getChatWithSupport: { method: 'GET', path: '/crm/api/chat/get-chat-with-support' },
  /** a traveller starts (or continues) a chat with an organizer: no account, invisible captcha */
  getChatWithOrganizer: {
    method: 'POST',
    path: '/crm/api/chat/get-chat-with-organizer',
    isPublic: true,
    invisibleCaptcha: true,
  },
} as const satisfies RouteDescriptors;

/** GET /crm/api/request/list-for-chat (SPEC §7 Requests): the requests a chat is about. */
export const requestChatRoutes = {
  listForChat: { method: 'GET', path: '/crm/api/request/list-for-chat' },
} as const satisfies RouteDescriptors;

/**
 * The traveller's side of a chat, through the link get-chat-with-organizer gives (its `token`, no
 * account). Every call names the chat by that token only.
 */
export const travellerChatRoutes = {
  get: { method: 'GET', path: '/spa/chat/get', isPublic: true },
  getMessages: { method: 'GET', path: '/spa/chat/get-messages', isPublic: true },
  sendMessage: { method: 'POST', path: '/spa/chat/send-message', isPublic: true },
  markAsRead: { method: 'POST', path: '/spa/chat/mark-as-read', isPublic: true },
  /** the chat's real-time channel for the traveller's page (ARCHITECTURE "Real time") */
  channelsList: { method: 'GET', path: '/spa/chat/channels-list', isPublic: true },
  /** multipart `file` (token in the query): a file for the traveller's next message */
  upload: { method: 'POST', path: '/spa/chat/upload', isPublic: true, invisibleCaptcha: true },
  /** a file of the chat's messages (bytes), for the traveller (the `url` of their messages' files) */
  file: { method: 'GET', path: '/spa/chat/file', isPublic: true },
  /**
   * a chat's file for support's screen (beyond SPEC): a signed link support's message views carry,
   * as an <img> sends no operator header
   */
  supportFile: { method: 'GET', path: '/spa/chat/support-file', isPublic: true },
} as const satisfies RouteDescriptors;

/**
 * Support's side: an operator's session of role support or admin (OPERATOR_AUTH_HEADER,
 * SUPPORT_DESK_ROLES), or the admin command's shared token (`x-operator-token`, the server's
 * machine only): support chats answered (files too), any chat's messages moderated or deleted,
 * chats frozen. Each change carries the operator's name and is written to the audit log.
 */
export const operatorChatRoutes = {
  list: { method: 'GET', path: '/crm/api/operator/chat/list', isPublic: true },
  getMessages: { method: 'GET', path: '/crm/api/operator/chat/get-messages', isPublic: true },
  sendMessage: { method: 'POST', path: '/crm/api/operator/chat/send-message', isPublic: true },
  markAsRead: { method: 'POST', path: '/crm/api/operator/chat/mark-as-read', isPublic: true },
  editMessage: { method: 'POST', path: '/crm/api/operator/chat/edit-message', isPublic: true },
  deleteMessage: { method: 'POST', path: '/crm/api/operator/chat/delete-message', isPublic: true },
  moderateMessage: { method: 'POST', path: '/crm/api/operator/chat/moderate-message', isPublic: true },
  freezeChat: { method: 'POST', path: '/crm/api/operator/chat/freeze-chat', isPublic: true },
  /** multipart `file` (chat_id in the query): a file for support's next message in that chat */
  upload: { method: 'POST', path: '/crm/api/operator/chat/upload', isPublic: true },
  /** support's real-time channel (SUPPORT_CHANNEL) */
  channelsList: { method: 'GET', path: '/crm/api/operator/chat/channels-list', isPublic: true },
} as const satisfies RouteDescriptors;
