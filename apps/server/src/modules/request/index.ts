import type { ServerModule } from '../../lib/modules';
import { createTourPricesRepository } from '../tour';
import { createBookingChangeRepository } from './booking-change.repository';
import { bookingChangeRoutes } from './booking-change.routes';
import { createBookingChangeService, type BookingChangeService } from './booking-change.service';
import { createRequestCore } from './request-core';
import { requestContractRoutes } from './request-contract.routes';
import { createRequestContractRepository } from './request-contract.repository';
import { createRequestContractService, type RequestContractService } from './request-contract.service';
import { createRequestIndividualService, type RequestIndividualService } from './request-individual.service';
import { createRequestLinksRepository } from './request-links.repository';
import { requestLinksRoutes } from './request-links.routes';
import { createRequestLinksService, type RequestLinksService } from './request-links.service';
import { createRequestListRepository } from './request-list.repository';
import { requestListRoutes } from './request-list.routes';
import { createRequestListService, type RequestListService } from './request-list.service';
import { createRequestMeetDataRepository } from './request-meet-data.repository';
import { requestMeetDataRoutes } from './request-meet-data.routes';
import { createRequestMeetDataService, type RequestMeetDataService } from './request-meet-data.service';
import { requestRealtime } from './request.realtime';
import { createRequestRepository } from './request.repository';
import { requestRoutes } from './request.routes';
import { createRequestService, type RequestService } from './request.service';
import { createRequestTouristRepository } from './request-tourist.repository';
import { requestTouristRoutes } from './request-tourist.routes';
import { createRequestTouristService, type RequestTouristService } from './request-tourist.service';
import { createRoomingListRepository } from './rooming-list.repository';
import { roomingListRoutes } from './rooming-list.routes';
import { createRoomingListService, type RoomingListService } from './rooming-list.service';

/** The request module's public face: what other modules may use of it. */
export { lockRequest, releaseSeats } from './request-seats';
export { moveStatus } from './request-status';
export { departureStarted } from './request-dates';
export { fillPlaceholders, requestPlaceholderValues, textLanguage } from './request-placeholders';
export { contractFormat, personName } from './request-contract.values';
export { priceLines, pricingOf, seatsOf, type PricedBooking } from './booking-pricing.view';
export { lockDeparture } from './request-seats';
export type { RequestRow } from './request.repository';
export type { RequestService } from './request.service';
export { categoryUnitPrice, storedCategoryRule } from './booking-price';

declare module '../../lib/modules' {
  interface Services {
    /** the request core: a request's life, its seats and status; its sweep returns lapsed holds, completes trips */
    requests: RequestService;
    /** individual tours' requests (their own dates and price) */
    requestsIndividual: RequestIndividualService;
    /** the bookings list, its filters and counters */
    requestList: RequestListService;
    /** a request's tourists and the traveller's questionnaire */
    requestTourists: RequestTouristService;
    /** the contract PDF */
    requestContracts: RequestContractService;
    /** a departure's rooming list */
    roomingLists: RoomingListService;
    /** the meeting details sent to travellers */
    requestMeetData: RequestMeetDataService;
    /** the travellers' questionnaire and chat links, reissued by the provider (beyond SPEC) */
    requestLinks: RequestLinksService;
    /** changing a booking's travellers per category, extras, manual lines and promo code (issue 26) */
    bookingChanges: BookingChangeService;
  }
}

export const requestModule: ServerModule = {
  name: 'request',
  needs: ['payments', 'uploads', 'chats', 'messenger', 'promoCodes'],
  create: ({ db, tenancy, limits, brandName }, { payments, uploads, chats, messenger, promoCodes }) => {
    const repo = createRequestRepository(db);
    const requestDeps = {
      repo,
      tenancy,
      invoicesOf: payments.invoicesOf,
      // "prepayment reached" is the payment module's: this module does not import it
      advanceIfPrepaid: payments.advanceIfPrepaid,
    };
    const bookingChanges = createBookingChangeService({
      core: createRequestCore(requestDeps),
      changes: createBookingChangeRepository(db),
      prices: createTourPricesRepository(db),
      promoCodes,
    });
    // a request made by category is priced by the booking changes' apply, in its own transaction
    const requests = createRequestService({ ...requestDeps, applyBooking: bookingChanges.apply });
    const contractRepo = createRequestContractRepository(db);
    return {
      requests,
      requestsIndividual: createRequestIndividualService({ repo, requests }),
      requestList: createRequestListService({ repo: createRequestListRepository(db), tenancy }),
      requestTourists: createRequestTouristService({
        repo: createRequestTouristRepository(db),
        tenancy,
        limits,
        // the questionnaire page links the traveller's Telegram to the booking (issue 24)
        telegram: messenger,
      }),
      requestContracts: createRequestContractService({ repo: contractRepo, tenancy, uploads, brandName }),
      roomingLists: createRoomingListService({ repo: createRoomingListRepository(db), tenancy }),
      // recorded with its domain event: the traveller messages mail it
      requestMeetData: createRequestMeetDataService({
        repo: createRequestMeetDataRepository(db),
        contracts: contractRepo,
        tenancy,
      }),
      bookingChanges,
      requestLinks: createRequestLinksService({
        repo: createRequestLinksRepository(db),
        tenancy,
        chats: chats.travellers,
      }),
    };
  },
  routes: (app, s, { contextOf }) => {
    requestRoutes(app, { requests: s.requests, individual: s.requestsIndividual, contextOf });
    requestListRoutes(app, { list: s.requestList, contextOf });
    requestTouristRoutes(app, { requestTourists: s.requestTourists, contextOf });
    requestContractRoutes(app, { contracts: s.requestContracts, contextOf });
    roomingListRoutes(app, { roomingList: s.roomingLists, contextOf });
    requestMeetDataRoutes(app, { meetData: s.requestMeetData, contextOf });
    requestLinksRoutes(app, { links: s.requestLinks, contextOf });
    bookingChangeRoutes(app, { bookings: s.bookingChanges, contextOf });
  },
  realtime: () => requestRealtime,
  sweeps: ({ requests }) => [
    // lapsed seat holds returned, ended trips completed
    { name: 'request', sweep: () => requests.sweep(new Date()), intervalMs: 60_000 },
  ],
};
