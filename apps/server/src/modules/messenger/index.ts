import type { ServerModule } from '../../lib/modules';
import { createMessengerRepository } from './messenger.repository';
import { messengerRoutes } from './messenger.routes';
import { createMessengerService, messengerRealtime, type MessengerService } from './messenger.service';

declare module '../../lib/modules' {
  interface Services {
    /** a member's Telegram and WhatsApp connection (codes, the bot's webhook) */
    messenger: MessengerService;
  }
}

/** The messenger module: a member's messengers; it offers nothing to other modules. */
export const messengerModule: ServerModule = {
  name: 'messenger',
  needs: ['codes', 'account'],
  create: ({ db, config, delivery }, { codes, account }) => ({
    messenger: createMessengerService({
      repo: createMessengerRepository(db),
      codes,
      config,
      telegramBot: delivery.telegramBot,
      markPhoneConfirmed: account.markPhoneConfirmed,
    }),
  }),
  // a reply to a chat notification in Telegram is posted into that chat (the notification module)
  routes: (app, { messenger, notifications }, { config }) =>
    messengerRoutes(app, { messenger, config, telegramReplies: notifications }),
  realtime: () => messengerRealtime,
};
