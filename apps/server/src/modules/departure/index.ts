import type { ServerModule } from '../../lib/modules';
import { createDeparturePlanRepository } from './departure-plan.repository';
import { departurePlanRoutes } from './departure-plan.routes';
import { createDeparturePlanService, type DeparturePlanService } from './departure-plan.service';
import { departureRealtime } from './departure.realtime';

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
  create: ({ db, tenancy }) => ({
    departurePlan: createDeparturePlanService({ repo: createDeparturePlanRepository(db), tenancy }),
  }),
  routes: (app, s, { contextOf }) => {
    departurePlanRoutes(app, { plan: s.departurePlan, contextOf });
  },
  realtime: () => departureRealtime,
};
