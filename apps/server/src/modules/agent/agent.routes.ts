import type { FastifyInstance } from 'fastify';
import { agentApi } from '@tourdesk/contract';
import { registerRoute } from '../../lib/route';
import type { AgentService } from './agent.service';

export const agentRoutes = (app: FastifyInstance, deps: { agents: AgentService }): void => {
  registerRoute(app, agentApi.get, ({ userId, query }) => deps.agents.get(userId, query.organizer_id, query.agent_id));
  registerRoute(app, agentApi.update, ({ userId, body }) => deps.agents.update(userId, body));
};
