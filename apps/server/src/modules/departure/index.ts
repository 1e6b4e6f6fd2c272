import type { ServerModule } from '../../lib/modules';
import { createDeparturePlanRepository } from './departure-plan.repository';
import { departurePlanRoutes } from './departure-plan.routes';
import { createDeparturePlanService, type DeparturePlanService } from './departure-plan.service';
import { departureRealtime } from './departure.realtime';
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

/**
 * The departure module (issue 29): every departure across tours (the calendar), the guides
 * assigned to each, canceling or messaging a whole departure, and its manifest with check-in.
 */
export const departureModule: ServerModule = {
  name: 'departure',
  needs: ['roomingLists'],
  create: ({ db, tenancy }, { roomingLists }) => ({
    manifests: createManifestService({ repo: createManifestRepository(db), tenancy, roomingLists }),
    departurePlan: createDeparturePlanService({ repo: createDeparturePlanRepository(db), tenancy }),
  }),
  routes: (app, s, { contextOf }) => {
    manifestRoutes(app, { manifest: s.manifests, contextOf });
    departurePlanRoutes(app, { plan: s.departurePlan, contextOf });
  },
  realtime: () => departureRealtime,
};
