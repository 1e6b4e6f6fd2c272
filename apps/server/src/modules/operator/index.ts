import { SUPPORT_CHANNEL } from '@tourdesk/contract';
import { loadSiteRenderer } from '../../lib/site-renderer';
import type { ServerModule } from '../../lib/modules';
import { createOperatorAuthService, type OperatorAuthService } from './operator-auth.service';
import { createOperatorQueueService, type OperatorQueueService } from './operator-queue.service';
import { createOperatorOrganizerService, type OperatorOrganizerService } from './operator-organizer.service';
import { createCardRepository } from './operator-card.repository';
import { createOperatorRepository, createQueueRepository } from './operator.repository';
import { consoleRoutes, operatorAuthRoutes } from './operator.routes';
import { createTotpBox } from './operator-totp';

/** The operator module's public face (issue 30): the marketplace's staff, their queues and the audit log. */
export type { OperatorActor, OperatorAuthService } from './operator-auth.service';
export type { OperatorQueueService } from './operator-queue.service';
export { createOperatorGuard, type OperatorActorOfRequest } from './operator-guard';
/** writes an audit log entry in the caller's transaction (every operator action, issue 30) */
export { writeAudit } from './operator.repository';

declare module '../../lib/modules' {
  interface Services {
    /** operator accounts: creation, sign-in with password + TOTP, sessions */
    operatorAuth: OperatorAuthService;
    /** the moderation queues and their decisions, the audit log */
    operatorQueues: OperatorQueueService;
    /** what an operator reads of one organizer: its card and verification document (each read audited) */
    operatorOrganizers: OperatorOrganizerService;
  }
}

export const operatorModule: ServerModule = {
  name: 'operator',
  create: ({ db, signer, config, limits, secrets, realtime }, services) => {
    const repo = createOperatorRepository(db);
    return {
      operatorAuth: createOperatorAuthService({
        repo,
        signer,
        config,
        limits,
        totp: createTotpBox(secrets.jwtSecret),
        // the support desk's socket names its session (chat module): it goes with the session
        endSockets: (sessionId) => realtime.endGuestGeneration(SUPPORT_CHANNEL, sessionId),
      }),
      // the other modules' services are read when a decision is made, once every module is built
      operatorQueues: createOperatorQueueService({
        queues: createQueueRepository(db),
        repo,
        services: {
          get organizers() {
            return services.organizers;
          },
          get partners() {
            return services.partners;
          },
          get tourModeration() {
            return services.tourModeration;
          },
        },
      }),
      operatorOrganizers: createOperatorOrganizerService({
        cards: createCardRepository(db),
        repo,
        services: {
          get uploads() {
            return services.uploads;
          },
          get sitePublic() {
            return services.sitePublic;
          },
        },
        renderer: () => loadSiteRenderer(),
      }),
    };
  },
  cookieRoutes: (app, { operatorAuth }, { config, contextOf }) =>
    operatorAuthRoutes(app, { operatorAuth, config, contextOf }),
  routes: (app, { operatorAuth, operatorQueues, operatorOrganizers }, { contextOf, operatorToken }) =>
    consoleRoutes(app, { operatorAuth, operatorQueues, operatorOrganizers, contextOf, operatorToken }),
};
