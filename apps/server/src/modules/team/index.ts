import type { ServerModule } from '../../lib/modules';
import { teamRoutes } from './team.routes';
import { createTeamInvitations } from './team-invitations.service';
import { createTeamService, type TeamService } from './team.service';

declare module '../../lib/modules' {
  interface Services {
    /** an organizer's members and their roles (issue 29) */
    team: TeamService;
  }
}

/** The team module: an organizer's members, their roles, a member removed, invitations; it offers nothing to other modules. */
export const teamModule: ServerModule = {
  name: 'team',
  create: ({ db, tenancy, realtime, delivery, config, brandName }) => {
    const invitations = createTeamInvitations({ db, tenancy, delivery, publicUrl: config.publicUrl, brandName });
    return { team: createTeamService({ db, tenancy, removeUserFromChannel: realtime.removeUserFrom, invitations }) };
  },
  routes: (app, { team }) => teamRoutes(app, { team }),
};
