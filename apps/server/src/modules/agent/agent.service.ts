import type { Agent, AgentSettings } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { Tenancy } from '../../lib/tenancy';
import type { AgentRepository, OrganizerAgentRow } from './agent.repository';

type AgentRow = NonNullable<Awaited<ReturnType<AgentRepository['findForOrganizer']>>>['agent'];

/** An agent as the organizer sees it in lists; terms never set: no commission, enabled. */
export const toAgent = (
  organizerId: number,
  agent: Pick<AgentRow, 'id' | 'site_id' | 'name' | 'email' | 'phone'>,
  terms: OrganizerAgentRow | null,
): Agent & { site_id: number | null } => ({
  id: agent.id,
  tour_organizer_id: organizerId,
  site_id: agent.site_id,
  name: agent.name,
  email: agent.email ?? '',
  phone: agent.phone ?? '',
  commission_percent: terms ? Number(terms.commission_percent) : 0,
  is_active: terms ? terms.is_enabled : true,
});

const toSettings = (organizerId: number, agent: AgentRow, terms: OrganizerAgentRow | null): AgentSettings => ({
  ...toAgent(organizerId, agent, terms),
  // terms never set: every tour, enabled
  is_enabled: terms ? terms.is_enabled : true,
  allowed_tour_ids: terms?.allowed_tour_ids ?? null,
  contact_name: terms?.contact_name ?? '',
  contact_phone: terms?.contact_phone ?? '',
  contact_email: terms?.contact_email ?? '',
});

export const createAgentService = (deps: { repo: AgentRepository; tenancy: Tenancy }) => {
  const { repo, tenancy } = deps;
  const find = async (userId: number, organizerId: number, agentId: number) => {
    await tenancy.assertMember(userId, organizerId, 'bookings.read');
    const found = await repo.findForOrganizer(organizerId, agentId);
    if (!found) throw AppError.notFound('agent_not_found');
    return found;
  };
  return {
    get: async (userId: number, organizerId: number, agentId: number): Promise<AgentSettings> => {
      const { agent, terms } = await find(userId, organizerId, agentId);
      return toSettings(organizerId, agent, terms);
    },
    update: async (
      userId: number,
      body: {
        organizer_id: number;
        agent_id: number;
        commission_percent: number;
        allowed_tour_ids: number[] | null;
        contact_name: string;
        contact_phone: string;
        contact_email: string;
        is_enabled: boolean;
      },
    ): Promise<AgentSettings> => {
      const { agent } = await find(userId, body.organizer_id, body.agent_id);
      // the organizer's own tours only: another organizer's tour id (or none at all) is refused
      const allowed = body.allowed_tour_ids === null ? null : [...new Set(body.allowed_tour_ids)];
      if (allowed) {
        const own = await repo.ownTourIds(body.organizer_id, allowed);
        if (allowed.some((id) => !own.has(id))) throw AppError.validation({ allowed_tour_ids: ['tour_not_found'] });
      }
      const terms = await repo.upsertTerms({
        organizer_id: body.organizer_id,
        agent_id: body.agent_id,
        commission_percent: String(body.commission_percent),
        allowed_tour_ids: allowed,
        contact_name: body.contact_name,
        contact_phone: body.contact_phone,
        contact_email: body.contact_email,
        is_enabled: body.is_enabled,
      });
      return toSettings(body.organizer_id, agent, terms);
    },
  };
};
export type AgentService = ReturnType<typeof createAgentService>;
