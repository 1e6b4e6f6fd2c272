import type { ServerModule } from '../../lib/modules';
import { createGeneralRepository } from './general.repository';
import { generalRoutes } from './general.routes';
import { createGeneralService, type GeneralService } from './general.service';

declare module '../../lib/modules' {
  interface Services {
    /** what the app says of itself: version, site tokens, the catalogue, the debug outbox */
    general: GeneralService;
  }
}

/** The general module: the app's own routes; it offers nothing to other modules. */
export const generalModule: ServerModule = {
  name: 'general',
  create: ({ db, config, buildInfo, database, operatorToken }) => ({
    general: createGeneralService({
      repo: createGeneralRepository(db),
      config,
      buildInfo,
      databaseKind: database.kind,
      operatorToken,
    }),
  }),
  routes: (app, { general }, { buildInfo }) => generalRoutes(app, { general, buildInfo }),
};
