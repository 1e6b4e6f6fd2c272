import type { FastifyInstance } from 'fastify';
import { teamApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { TeamService } from './team.service';

export const teamRoutes = (app: FastifyInstance, deps: { team: TeamService }): void => {
  const s = deps.team;
  registerRoute(app, teamApi.members, ({ userId, query }) => s.members(userId, query.organizer_id));
  registerRoute(app, teamApi.changeRole, ({ userId, body }) =>
    s.changeRole(userId, body.organizer_id, body.user_id, body.role),
  );
  registerRoute(app, teamApi.remove, ({ userId, body }) => s.remove(userId, body.organizer_id, body.user_id));
  registerRoute(app, teamApi.invite, ({ userId, body }) => s.invite(userId, body.organizer_id, body.email, body.role));
  registerRoute(app, teamApi.resendInvitation, ({ userId, body }) =>
    s.resendInvitation(userId, body.organizer_id, body.invitation_id),
  );
  registerRoute(app, teamApi.revokeInvitation, ({ userId, body }) =>
    s.revokeInvitation(userId, body.organizer_id, body.invitation_id),
  );
  registerRoute(app, teamApi.invitation, ({ query }) => s.invitation(query.token));
  registerRoute(app, teamApi.accept, ({ userId, body }) => s.accept(userId, body.token));
};
