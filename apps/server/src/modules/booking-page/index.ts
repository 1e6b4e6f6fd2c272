import { travellerChatPath } from '@tourdesk/contract';
import type { ServerModule } from '../../lib/modules';
import { createBookingPageRepository } from './booking-page.repository';
import { bookingPageRoutes } from './booking-page.routes';
import { createBookingPageService, type BookingPageService } from './booking-page.service';

/** The booking page module's public face. */
export type { BookingPageService } from './booking-page.service';

declare module '../../lib/modules' {
  interface Services {
    /** the traveller's booking page by its secret link (issue 27): status, pay the balance, documents, chat, cancel */
    bookingPages: BookingPageService;
  }
}

export const bookingPageModule: ServerModule = {
  name: 'booking-page',
  create: ({ db, limits, config }, services) => ({
    bookingPages: createBookingPageService({
      repo: createBookingPageRepository(db),
      limits,
      requests: () => services.requests,
      invoicesOf: (id) => services.payments.invoicesOf(id),
      chatLink: async (id) => {
        const token = await services.chats.travellers.linkOfRequest(id);
        return token ? `/org${travellerChatPath(token)}` : null;
      },
      // the traveller-message module is built after this one: read when called
      contracts: {
        offered: (organizerId) => services.travellerMessages.contractOffered(organizerId),
        pdf: (request, lang) => services.travellerContractPdf(request, lang),
      },
      publicUrl: config.publicUrl,
    }),
  }),
  routes: (app, { bookingPages }, { contextOf }) => bookingPageRoutes(app, { bookingPages, contextOf }),
};
