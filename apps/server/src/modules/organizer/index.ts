import type { ServerModule } from '../../lib/modules';
import { createOrganizerRepository } from './organizer.repository';
import { operatorRoutes, organizerRoutes } from './organizer.routes';
import { createOrganizerService, organizerRealtime, type OrganizerService } from './organizer.service';

/** The organizer module's public face: what other modules may use of it. */
export { isOperatorToken, loadOperatorToken, OPERATOR_TOKEN_FILE } from './operator-token';
export { ADMIN_USAGE, runAdmin } from './admin-cli';
export type { OrganizerService } from './organizer.service';

declare module '../../lib/modules' {
  interface Services {
    /** organizers: their requisites, verification, members */
    organizers: OrganizerService;
  }
}

export const organizerModule: ServerModule = {
  name: 'organizer',
  create: ({ db, tenancy, fileUrl, secrets, realtime }) => ({
    organizers: createOrganizerService({
      repo: createOrganizerRepository(db),
      tenancy,
      fileUrl,
      tokenSecret: secrets.jwtSecret,
      addUserToChannel: realtime.addUserTo,
    }),
  }),
  routes: (app, { organizers, partners, tourModeration }, { operatorToken, contextOf }) => {
    organizerRoutes(app, { organizers });
    // the marketplace operator's routes (`npm run admin`): organizers, their sites and tours' moderation
    operatorRoutes(app, {
      organizers,
      operatorToken,
      setSiteStatus: partners.operatorSetSiteStatus,
      setTourSiteStatus: tourModeration.setTourSiteStatus,
      contextOf,
    });
  },
  realtime: () => organizerRealtime,
};
