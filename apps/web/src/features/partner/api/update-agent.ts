import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentSettings, AgentSettingsBody } from '@tourdesk/contract/api/agent';
import { agentRoutes } from '@tourdesk/contract/api/agent-routes';
import { api } from '../../../lib/api/client';
import type { ApiError } from '../../../lib/api/api-error';
import { agentKeys } from './agent-keys';

export const updateAgent = (body: AgentSettingsBody): Promise<AgentSettings> => api.call(agentRoutes.update, { body });

export const useUpdateAgent = ({ onSuccess }: { onSuccess?: (agent: AgentSettings) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation<AgentSettings, ApiError, AgentSettingsBody>({
    mutationFn: updateAgent,
    onSuccess: async (agent, input) => {
      queryClient.setQueryData(agentKeys.detail(input.organizer_id, input.agent_id), agent);
      // the partners list shows agents' commission too
      await queryClient.invalidateQueries({ queryKey: ['organizer', 'partners', input.organizer_id] });
      onSuccess?.(agent);
    },
  });
};
