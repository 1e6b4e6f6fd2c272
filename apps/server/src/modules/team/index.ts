import type { ServerModule } from '../../lib/modules';
import { teamRoutes } from './team.routes';
import { createTeamService, type TeamService } from './team.service';

declare module '../../lib/modules' {
  interface Services {
    /** an organizer's members and their roles (issue 29) */
    team: TeamService;
  }
}

/** The team module: an organizer's members, their roles, a member removed; it offers nothing to other modules. */
export const teamModule: ServerModule = {
  name: 'team',
  create: ({ db, tenancy, realtime }) => ({
    team: createTeamService({ db, tenancy, removeUserFromChannel: realtime.removeUserFrom }),
  }),
  routes: (app, { team }) => teamRoutes(app, { team }),
};
