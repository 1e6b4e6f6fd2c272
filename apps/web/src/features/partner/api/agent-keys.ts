/** Query keys of agents (one factory per resource). */
export const agentKeys = {
  all: ['agent'] as const,
  detail: (organizerId: number, agentId: number) => [...agentKeys.all, 'detail', organizerId, agentId] as const,
};
