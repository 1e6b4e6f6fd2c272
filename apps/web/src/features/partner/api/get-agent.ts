import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSettings } from '@tourdesk/contract/api/agent';
import { agentRoutes } from '@tourdesk/contract/api/agent-routes';
import { api } from '../../../lib/api/client';
import { agentKeys } from './agent-keys';

export const getAgent = (organizerId: number, agentId: number, signal?: AbortSignal): Promise<AgentSettings> =>
  api.call(agentRoutes.get, { query: { organizer_id: organizerId, agent_id: agentId }, signal });

export const agentQueryOptions = (organizerId: number, agentId: number) =>
  queryOptions({
    queryKey: agentKeys.detail(organizerId, agentId),
    queryFn: ({ signal }) => getAgent(organizerId, agentId, signal),
  });

export const useAgent = (organizerId: number, agentId: number) => useQuery(agentQueryOptions(organizerId, agentId));
