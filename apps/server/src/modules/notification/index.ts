/** The notification module's public face: what other modules may use of it. */
export type { ChatMessageNotice, TelegramReply } from './notification.service';
export { recordPaymentReceived } from './notification-events';
