import type { FastifyInstance } from 'fastify';
import { organizerApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { PartnerService } from './partner.service';

export const partnerRoutes = (app: FastifyInstance, deps: { partners: PartnerService }): void => {
  const { partners } = deps;
  registerRoute(app, organizerApi.partners, ({ userId, query }) => partners.partners(userId, query.organizer_id));
  registerRoute(app, organizerApi.signPartnership, ({ userId, body }) => partners.signPartnership(userId, body));
  registerRoute(app, organizerApi.setPublishedOnSite, ({ userId, body }) => partners.setPublishedOnSite(userId, body));
};
