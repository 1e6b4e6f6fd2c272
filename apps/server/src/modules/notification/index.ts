import type { ServerModule } from '../../lib/modules';
import { createNotificationRepository } from './notification.repository';
import { createNotificationService, type NotificationService } from './notification.service';

/** The notification module's public face: what other modules may use of it. */
export type { TelegramAttachment, TelegramReply } from './notification.service';
export { NOTIFICATION_SUBSCRIBER } from './notification.service';

declare module '../../lib/modules' {
  interface Services {
    /** the members' messenger and e-mail notifications: a subscriber of the domain events */
    notifications: NotificationService;
  }
}

export const notificationModule: ServerModule = {
  name: 'notification',
  create: ({ db, delivery, tenancy, config, brandName, log }, services) => ({
    notifications: createNotificationService({
      repo: createNotificationRepository(db),
      delivery,
      tenancy,
      publicUrl: config.publicUrl,
      brandName,
      log,
      // a reply typed (or a photo or file sent) to a chat notification in Telegram, posted as the member (the chat module)
      postChatReply: (ctx, input) => services.chats.messengerReplies.post(ctx, input),
    }),
  }),
  subscribers: ({ notifications }) => [notifications.subscriber],
};
