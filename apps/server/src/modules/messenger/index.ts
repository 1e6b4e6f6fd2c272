import { createHmac } from 'node:crypto';
import type { ServerModule } from '../../lib/modules';
import { createMessengerRepository } from './messenger.repository';
import { messengerRoutes } from './messenger.routes';
import { createMessengerService, messengerRealtime, type MessengerService } from './messenger.service';
import { createTravellerLinksRepository } from './traveller-links.repository';
import { createTravellerLinkService } from './traveller-links.service';

declare module '../../lib/modules' {
  interface Services {
    /**
     * a member's Telegram and WhatsApp connection (codes, the bot's webhook), and a traveller's
     * Telegram linked to their booking from the questionnaire page (issue 24):
     * - `travellerTelegramOf({ id, uuid })`: the page's deep links per language and whether a chat
     *   is linked (undefined while no bot is configured)
     * - `unlinkTravellerTelegram(requestId)`: every chat of the request unlinked, each told so
     * - `travellerChats(q, requestId)`: `{ chat_id, language }[]`, the Telegram chats the request's
     *   traveller messages go to now; `q` is the caller's query runner (its delivery transaction)
     */
    messenger: MessengerService;
  }
}

/** The messenger module: a member's messengers, and the Telegram chats travellers link to their bookings. */
export const messengerModule: ServerModule = {
  name: 'messenger',
  needs: ['codes', 'account'],
  create: ({ db, config, delivery, secrets }, { codes, account }) => ({
    messenger: createMessengerService({
      repo: createMessengerRepository(db),
      codes,
      config,
      telegramBot: delivery.telegramBot,
      markPhoneConfirmed: account.markPhoneConfirmed,
      travellers: createTravellerLinkService({
        repo: createTravellerLinksRepository(db),
        config,
        telegramBot: delivery.telegramBot,
        key: createHmac('sha256', secrets.jwtSecret).update('tourdesk traveller messenger links').digest(),
      }),
    }),
  }),
  // a reply to a chat notification in Telegram is posted into that chat (the notification module)
  routes: (app, { messenger, notifications }, { config }) =>
    messengerRoutes(app, { messenger, config, telegramReplies: notifications }),
  realtime: () => messengerRealtime,
};
