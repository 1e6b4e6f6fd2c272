import type { ServerModule } from '../../lib/modules';
import { createDeparturePlanRepository } from './departure-plan.repository';
import { departurePlanRoutes } from './departure-plan.routes';
import { createDeparturePlanService, type DeparturePlanService } from './departure-plan.service';
import { departureRealtime } from './departure.realtime';
import { createDepartureCancelRepository } from './departure-cancel.repository';
import { departureCancelRoutes } from './departure-cancel.routes';
import { createDepartureCancelService, type DepartureCancelService } from './departure-cancel.service';
import { createDepartureMessageService, type DepartureMessageService } from './departure-message.service';
import { createManifestRepository } from './manifest.repository';
import { manifestRoutes } from './manifest.routes';
import { createManifestService, type ManifestService } from './manifest.service';

declare module '../../lib/modules' {
  interface Services {
    /** a departure's manifest on the guide's phone and its check-ins (issue 29) */
    manifests: ManifestService;
  }
}

declare module '../../lib/modules' {
  interface Services {
    /** guides per departure and the calendar of every departure (issue 29) */
    departurePlan: DeparturePlanService;
  }
}

declare module '../../lib/modules' {
  interface Services {
    /** canceling a whole departure, with the refunds (issue 29) */
    departureCancel: DepartureCancelService;
    /** a message to everyone on a departure (issue 29) */
    departureMessage: DepartureMessageService;
  }
}

/**
 * The departure module (issue 29): every departure across tours (the calendar), the guides
 * assigned to each, canceling or messaging a whole departure, and its manifest with check-in.
 */
export const departureModule: ServerModule = {
  name: 'departure',
  needs: ['roomingLists', 'requests', 'payments', 'chats', 'travellerMessages'],
  create: ({ db, tenancy }, { roomingLists, requests, payments, chats, travellerMessages }) => {
    const planRepo = createDeparturePlanRepository(db);
    const cancelRepo = createDepartureCancelRepository(db);
    return {
      manifests: createManifestService({ repo: createManifestRepository(db), tenancy, roomingLists }),
      departurePlan: createDeparturePlanService({ repo: planRepo, tenancy }),
      departureCancel: createDepartureCancelService({
        repo: cancelRepo,
        tenancy,
        departure: planRepo.departure,
        requests,
        refundOwed: payments.refundOwed,
      }),
      departureMessage: createDepartureMessageService({
        repo: cancelRepo,
        tenancy,
        departure: planRepo.departure,
        chatPoster: chats.requestPoster,
        sendTravellerMessage: travellerMessages.sendDepartureMessage,
      }),
    };
  },
  routes: (app, s, { contextOf }) => {
    manifestRoutes(app, { manifest: s.manifests, contextOf });
    departurePlanRoutes(app, { plan: s.departurePlan, contextOf });
    departureCancelRoutes(app, { cancel: s.departureCancel, message: s.departureMessage, contextOf });
  },
  realtime: () => departureRealtime,
};
