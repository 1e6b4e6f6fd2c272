import type { FastifyInstance } from 'fastify';
import { organizerApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { OrganizerService } from './organizer.service';

export const organizerRoutes = (app: FastifyInstance, deps: { organizers: OrganizerService }): void => {
  registerRoute(app, organizerApi.list, ({ userId }) => deps.organizers.list(userId));
};
