/** The notification module's public face: what other modules may use of it. */
export type { TelegramReply } from './notification.service';
