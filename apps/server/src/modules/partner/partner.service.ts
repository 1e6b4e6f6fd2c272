import {
  OPERATOR_ACTOR,
  organizerChannel,
  userActor,
  type ConnectedSiteInfo,
  type DomainActor,
  type NewDomainEvent,
  type PartnersResponse,
  type SiteStatus,
} from '@tourdesk/contract';
import type { InTransaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RealtimeHandlers } from '../realtime';
import type { Tenancy } from '../../lib/tenancy';
import type { OrganizerService } from '../organizer';
import { toAgent } from '../agent';
import type { OrganizerSiteRow, PartnerRepository, PartnerSiteRow } from './partner.repository';
import { isTourAuthorComplete } from '@tourdesk/contract/api/organizer-rules';

const toConnected = (link: OrganizerSiteRow, site: PartnerSiteRow): ConnectedSiteInfo => ({
  site_id: site.id,
  name: site.name,
  domain: site.domain,
  logo: site.logo || null,
  organizer_agreement_url: site.organizer_agreement_url,
  is_tour_author_required: site.is_tour_author_required,
  is_published_on_site: link.is_published_on_site,
  status: link.status as SiteStatus,
  signed_at: link.signed_at.toISOString(),
});

export const createPartnerService = (deps: {
  repo: PartnerRepository;
  tenancy: Tenancy;
  /** the organizer's profile: signing needs its tour author */
  organizers: Pick<OrganizerService, 'info'>;
}) => {
  const { repo, tenancy, organizers } = deps;
  /** A partnership's status changed: a domain event of the transaction that changed it. */
  const statusChanged = (
    q: { record: (e: NewDomainEvent) => Promise<number> },
    organizerId: number,
    link: OrganizerSiteRow,
    actor: DomainActor,
  ): Promise<number> =>
    q.record({
      type: 'partner.site_status_changed',
      aggregateId: organizerId,
      organizerId,
      actor,
      payload: {
        site_id: link.site_id,
        status: link.status as SiteStatus,
        is_published_on_site: link.is_published_on_site,
      },
    });

  return {
    partners: async (userId: number, organizerId: number): Promise<PartnersResponse> => {
      await tenancy.assertMember(userId, organizerId, 'tours.read');
      const [sites, connections] = await Promise.all([repo.listSites(), repo.listConnections(organizerId)]);
      const connectedIds = new Set(connections.map((c) => c.site.id));
      const agentRows = await repo.listAgents(organizerId, [...connectedIds]);
      return {
        connected_sites: connections.map((c) => toConnected(c.link, c.site)),
        available_for_connection: sites
          .filter((s) => !connectedIds.has(s.id))
          .map((s) => ({
            id: s.id,
            name: s.name,
            domain: s.domain,
            logo: s.logo || null,
            organizer_agreement_url: s.organizer_agreement_url,
            is_tour_author_required: s.is_tour_author_required,
          })),
        agents: agentRows.map(({ agent, terms }) => toAgent(organizerId, agent, terms)),
      };
    },

    signPartnership: async (
      userId: number,
      body: {
        tour_organizer_id: number;
        site_id: number;
        is_agreement_accepted: boolean;
        is_privacy_accepted: boolean;
      },
    ): Promise<ConnectedSiteInfo> => {
      const organizer = await organizers.info(userId, body.tour_organizer_id);
      const site = await repo.findSite(body.site_id);
      if (!site) throw AppError.notFound('site_not_found');
      const author = organizer.tour_author;
      if (site.is_tour_author_required && !isTourAuthorComplete(author)) {
        throw AppError.validation({ tour_organizer_id: ['tour_author_required'] }, 'tour_author_required');
      }
      const link = await repo.transaction(async (q) => {
        const made = await q.connect(body.tour_organizer_id, body.site_id);
        if (made) await statusChanged(q, body.tour_organizer_id, made, userActor(userId));
        return made;
      });
      if (!link) throw AppError.validation({ site_id: ['already_signed'] }, 'already_signed');
      const connected = toConnected(link, site);
      return connected;
    },

    setPublishedOnSite: async (
      userId: number,
      body: { tour_organizer_id: number; site_id: number; is_published_on_site: boolean },
    ): Promise<ConnectedSiteInfo> => {
      await tenancy.assertMember(userId, body.tour_organizer_id, 'organizer.write');
      const site = await repo.findSite(body.site_id);
      if (!site) throw AppError.notFound('site_not_found');
      const link = await repo.transaction(async (q) => {
        const changed = await q.updateConnection(body.tour_organizer_id, body.site_id, {
          is_published_on_site: body.is_published_on_site,
          status: body.is_published_on_site ? 'published' : 'unpublished',
        });
        if (changed) await statusChanged(q, body.tour_organizer_id, changed, userActor(userId));
        return changed;
      });
      if (!link) throw AppError.validation({ site_id: ['not_connected'] }, 'not_connected');
      const connected = toConnected(link, site);
      return connected;
    },

    /** The marketplace's moderation result, set by the operator command. */
    operatorSetSiteStatus: async (
      organizerId: number,
      siteId: number,
      status: SiteStatus,
      /** runs in the change's transaction (the console's audit entry) */
      within?: InTransaction<{ after: { status: string; is_published_on_site: boolean } }>,
    ): Promise<ConnectedSiteInfo> => {
      const site = await repo.findSite(siteId);
      const link = site
        ? await repo.transaction(async (q, tx) => {
            const changed = await q.updateConnection(organizerId, siteId, {
              status,
              is_published_on_site: status === 'published',
            });
            if (changed) await statusChanged(q, organizerId, changed, OPERATOR_ACTOR);
            if (changed && within) await within(tx, { after: changed });
            return changed;
          })
        : null;
      if (!site || !link) throw AppError.notFound('partnership_not_found');
      const connected = toConnected(link, site);
      return connected;
    },
  };
};
export type PartnerService = ReturnType<typeof createPartnerService>;

/** The organizer's open screens hear a partnership's status change (site_status_changed without tour_id). */
export const partnerRealtime: RealtimeHandlers = {
  'partner.site_status_changed': (event, _tx, tell) =>
    tell(organizerChannel(event.aggregateId), 'site_status_changed', {
      organizer_id: event.aggregateId,
      site_id: event.payload.site_id,
      status: event.payload.status,
      is_published_on_site: event.payload.is_published_on_site,
    }),
};
