import type { ServerModule } from '../../lib/modules';
import { createPartnerRepository } from './partner.repository';
import { partnerRoutes } from './partner.routes';
import { createPartnerService, partnerRealtime, type PartnerService } from './partner.service';

declare module '../../lib/modules' {
  interface Services {
    /** the partner sites an organizer sells on, and their moderation */
    partners: PartnerService;
  }
}

/** The partner module: an organizer's partner sites; it offers nothing to other modules. */
export const partnerModule: ServerModule = {
  name: 'partner',
  needs: ['organizers'],
  create: ({ db, tenancy }, { organizers }) => ({
    partners: createPartnerService({ repo: createPartnerRepository(db), tenancy, organizers }),
  }),
  routes: (app, { partners }) => partnerRoutes(app, { partners }),
  realtime: () => partnerRealtime,
};
