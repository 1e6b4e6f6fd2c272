import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, organizerAgents, organizerSites, tours } from '../../db/schema/index';

export type OrganizerAgentRow = typeof organizerAgents.$inferSelect;

export const createAgentRepository = (db: Db) => ({
  /** The agent, if it works on a site this organizer is connected to; with the organizer's terms. */
  findForOrganizer: async (organizerId: number, agentId: number) =>
    (
      await db
        .select({ agent: agents, terms: organizerAgents })
        .from(agents)
        .innerJoin(
          organizerSites,
          and(eq(organizerSites.site_id, agents.site_id), eq(organizerSites.organizer_id, organizerId)),
        )
        .leftJoin(
          organizerAgents,
          and(eq(organizerAgents.agent_id, agents.id), eq(organizerAgents.organizer_id, organizerId)),
        )
        .where(eq(agents.id, agentId))
        .limit(1)
    )[0] ?? null,
  /** Which of `ids` are the organizer's tours. */
  ownTourIds: async (organizerId: number, ids: number[]): Promise<Set<number>> =>
    ids.length === 0
      ? new Set()
      : new Set(
          (
            await db
              .select({ id: tours.id })
              .from(tours)
              .where(and(eq(tours.organizer_id, organizerId), inArray(tours.id, ids)))
          ).map((r) => r.id),
        ),
  upsertTerms: async (values: Omit<OrganizerAgentRow, 'updated_at'>): Promise<OrganizerAgentRow> =>
    (
      await db
        .insert(organizerAgents)
        .values(values)
        .onConflictDoUpdate({
          target: [organizerAgents.organizer_id, organizerAgents.agent_id],
          set: { ...values, updated_at: new Date() },
        })
        .returning()
    )[0]!,
});
export type AgentRepository = ReturnType<typeof createAgentRepository>;
