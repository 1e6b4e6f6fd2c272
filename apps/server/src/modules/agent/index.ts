import type { ServerModule } from '../../lib/modules';
import { createAgentRepository } from './agent.repository';
import { agentRoutes } from './agent.routes';
import { createAgentService, type AgentService } from './agent.service';

/** The agent module's public face: what other modules may use of it. */
export { toAgent } from './agent.service';

declare module '../../lib/modules' {
  interface Services {
    /** an organizer's terms for agents */
    agents: AgentService;
  }
}

export const agentModule: ServerModule = {
  name: 'agent',
  create: ({ db, tenancy }) => ({ agents: createAgentService({ repo: createAgentRepository(db), tenancy }) }),
  routes: (app, { agents }) => agentRoutes(app, { agents }),
};
