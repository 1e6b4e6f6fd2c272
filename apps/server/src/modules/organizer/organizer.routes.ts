import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import {
  OPERATOR_TOKEN_HEADER,
  operatorApi,
  organizerApi,
  type ConnectedSiteInfo,
  type SiteStatus,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ContextOf } from '../../lib/context';
import type { TourModerationService } from '../tour';
import { registerRoute } from '../../lib/route';
import { isOperatorToken } from './operator-token';
import type { OrganizerService } from './organizer.service';

export const organizerRoutes = (app: FastifyInstance, deps: { organizers: OrganizerService }): void => {
  const { organizers } = deps;
  registerRoute(app, organizerApi.list, ({ userId }) => organizers.list(userId));
  registerRoute(app, organizerApi.create, ({ userId, body }) => organizers.create(userId, body));
  registerRoute(app, organizerApi.update, ({ userId, body }) => organizers.update(userId, body));
  registerRoute(app, organizerApi.info, ({ userId, query }) => organizers.info(userId, query.id));
  registerRoute(app, organizerApi.view, ({ userId, query }) => organizers.view(userId, query.id));
  registerRoute(app, organizerApi.publicInfo, ({ userId, query }) =>
    organizers.publicInfo(userId, query.id, query.author_data_from_crm ?? false),
  );
  registerRoute(app, organizerApi.verificationInfo, ({ userId, query }) =>
    organizers.verificationInfo(userId, query.id),
  );
  registerRoute(app, organizerApi.acceptAgreement, ({ userId, body }) =>
    organizers.acceptAgreement(userId, body.tour_organizer_id, body.version),
  );
  registerRoute(app, organizerApi.dashboard, ({ userId, query }) => organizers.dashboard(userId, query.orgId));
  registerRoute(app, organizerApi.verificationAccessToken, ({ userId, query }) =>
    organizers.verificationAccessToken(userId, query.orgId),
  );
  registerRoute(app, organizerApi.verificationData, ({ userId, body }) => organizers.verificationData(userId, body));
};

/** Operator endpoints for `npm run admin`: no user token; the operator token header is checked before anything else. */
export const operatorRoutes = (
  app: FastifyInstance,
  deps: {
    organizers: OrganizerService;
    operatorToken: string;
    setSiteStatus: (organizerId: number, siteId: number, status: SiteStatus) => Promise<ConnectedSiteInfo>;
    setTourSiteStatus: TourModerationService['setTourSiteStatus'];
    contextOf: ContextOf;
  },
): void => {
  // checked before the body is read, on these routes only
  const operatorOnly: onRequestHookHandler = (request, _reply, done) => {
    const header = request.headers[OPERATOR_TOKEN_HEADER];
    if (isOperatorToken(Array.isArray(header) ? header[0] : header, deps.operatorToken)) return done();
    done(new AppError('unauthorized', { message: 'operator_token_required' }));
  };
  registerRoute(app, operatorApi.listOrganizers, () => deps.organizers.operatorList(), { onRequest: operatorOnly });
  registerRoute(app, operatorApi.setVerification, ({ body }) => deps.organizers.operatorSetVerification(body), {
    onRequest: operatorOnly,
  });
  registerRoute(
    app,
    operatorApi.setSiteStatus,
    ({ body }) => deps.setSiteStatus(body.organizer_id, body.site_id, body.status),
    { onRequest: operatorOnly },
  );
  registerRoute(
    app,
    operatorApi.setTourSiteStatus,
    ({ request, body }) => deps.setTourSiteStatus(deps.contextOf(request), body),
    { onRequest: operatorOnly },
  );
};
