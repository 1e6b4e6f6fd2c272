import { getBrand } from '@tourdesk/contract';
import type { ServerModule } from '../../lib/modules';
import { internalContext } from '../../lib/context';
import { createComposer, type Composer } from './traveller-message.compose';
import { createPlanSubscriber, type TravellerChats } from './traveller-message.plan';
import { createCheckoutRecoveryMessages, type CheckoutRecoveryMessages } from './traveller-message.recovery';
import { travellerMessageRoutes } from './traveller-message.routes';
import { createTravellerMessageService, type TravellerMessageService } from './traveller-message.service';

/** The traveller-message module's public face. */
export { TRAVELLER_MESSAGES_SUBSCRIBER } from './traveller-message.plan';
export type { CheckoutRecoveryMessage } from './traveller-message.recovery';

/** The contract PDF of a request, as the organizer's owner would download it with the stamp; null without an owner. */
export type TravellerContractPdf = NonNullable<Parameters<typeof createComposer>[0]['contractPdf']>;

declare module '../../lib/modules' {
  interface Services {
    /** what a request's travellers receive by themselves (issue 24): a subscriber of the domain events, its settings, the timeline */
    travellerMessages: TravellerMessageService;
    /** renders the planned messages and queues them in the outbox */
    travellerMessageComposer: Composer;
    /** the abandoned checkout's one message (issue 27): rendered and queued in the caller's transaction */
    checkoutRecoveryMessages: CheckoutRecoveryMessages;
    /** a request's contract as its travellers get it (attached to messages, on the booking page) */
    travellerContractPdf: TravellerContractPdf;
  }
}

/** How often the composer looks for messages left to render, and the departure reminders for tomorrow. */
export const COMPOSE_SWEEP_INTERVAL_MS = 15_000;
export const DEPARTURE_REMINDER_SWEEP_INTERVAL_MS = 15 * 60_000;

export const travellerMessageModule: ServerModule = {
  name: 'traveller-message',
  create: ({ db, delivery, tenancy, config, log, brandName }, services) => {
    const brand = { name: brandName, accent: getBrand(config.BRAND_ID).accent };
    // the Telegram chats the traveller linked from the questionnaire (the messenger module)
    const travellerChats: TravellerChats = (q, requestId) => services.messenger.travellerChats(q, requestId);
    // the contract as the organizer's owner downloads it, with the stamp, in the traveller's language
    const contractPdf: TravellerContractPdf = async (request, lang) => {
      const owner = await services.travellerMessages.ownerOf(request.organizer_id);
      if (!owner) return null;
      const ctx = { ...internalContext(owner, log, `traveller-message-${request.id}`), lang };
      const pdf = await services.requestContracts.download(ctx, request.id, true);
      return { name: pdf.name, mime: 'application/pdf', data: pdf.data };
    };
    const composer = createComposer({
      db,
      delivery,
      publicUrl: config.publicUrl,
      brand,
      deadlineHours: config.PREPAYMENT_DEADLINE_HOURS,
      contractPdf,
      // the review request's secret link (the review module; built after this one, read when called)
      reviewLink: (row, request) =>
        services.reviews.linkFor(db, row, request.id).catch((err: unknown) => {
          log.warn({ err, traveller_message_id: row.id }, 'traveller message: no review link');
          throw err;
        }),
      // the traveller's booking page (the booking-page module; built before this one, read when called)
      bookingLink: (request, lang) => services.bookingPages.linkFor(db, request, lang),
      // a traveller's answer comes back into the request's chat (the chat module's inbound e-mail)
      replyAddress: (requestId) => services.chats.inbound.replyAddress(requestId),
      log,
    });
    return {
      travellerMessageComposer: composer,
      travellerContractPdf: contractPdf,
      checkoutRecoveryMessages: createCheckoutRecoveryMessages({ db, delivery, brand }),
      travellerMessages: createTravellerMessageService({
        db,
        tenancy,
        composer,
        travellerChats,
        publicUrl: config.publicUrl,
        brand,
      }),
    };
  },
  routes: (app, { travellerMessages, travellerMessageComposer }, { contextOf }) => {
    travellerMessageRoutes(app, { messages: travellerMessages, contextOf });
    // a compose run in flight ends before the database closes
    app.addHook('onClose', async () => travellerMessageComposer.close());
  },
  subscribers: ({ travellerMessageComposer, messenger }) => [
    createPlanSubscriber({
      kick: travellerMessageComposer.kick,
      travellerChats: (q, requestId) => messenger.travellerChats(q, requestId),
    }),
  ],
  sweeps: ({ travellerMessages, travellerMessageComposer }) => [
    {
      name: 'traveller messages',
      sweep: () => travellerMessageComposer.composeDue(new Date()),
      intervalMs: COMPOSE_SWEEP_INTERVAL_MS,
    },
    {
      name: 'departure reminders',
      sweep: () => travellerMessages.remindDepartures(new Date()),
      intervalMs: DEPARTURE_REMINDER_SWEEP_INTERVAL_MS,
    },
  ],
};
