import { and, asc, eq, inArray } from 'drizzle-orm';
import type { NewDomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { agents, organizerAgents, organizerSites, partnerSites } from '../../db/schema/index';

export type PartnerSiteRow = typeof partnerSites.$inferSelect;
export type OrganizerSiteRow = typeof organizerSites.$inferSelect;

const partnerQueries = (db: Db) => ({
  /** Records a domain event with this executor's writes (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),
  listSites: () => db.select().from(partnerSites).orderBy(asc(partnerSites.id)),
  findSite: async (id: number): Promise<PartnerSiteRow | null> =>
    (await db.select().from(partnerSites).where(eq(partnerSites.id, id)).limit(1))[0] ?? null,
  listConnections: (organizerId: number) =>
    db
      .select({ link: organizerSites, site: partnerSites })
      .from(organizerSites)
      .innerJoin(partnerSites, eq(partnerSites.id, organizerSites.site_id))
      .where(eq(organizerSites.organizer_id, organizerId))
      .orderBy(asc(partnerSites.id)),
  findConnection: async (organizerId: number, siteId: number): Promise<OrganizerSiteRow | null> =>
    (
      await db
        .select()
        .from(organizerSites)
        .where(and(eq(organizerSites.organizer_id, organizerId), eq(organizerSites.site_id, siteId)))
        .limit(1)
    )[0] ?? null,
  /** Inserts the partnership; null when it already exists (two signings at once: one wins). */
  connect: async (organizerId: number, siteId: number): Promise<OrganizerSiteRow | null> =>
    (
      await db
        .insert(organizerSites)
        .values({ organizer_id: organizerId, site_id: siteId, status: 'moderation', is_published_on_site: false })
        .onConflictDoNothing()
        .returning()
    )[0] ?? null,
  updateConnection: async (
    organizerId: number,
    siteId: number,
    patch: Partial<Pick<OrganizerSiteRow, 'status' | 'is_published_on_site'>>,
  ): Promise<OrganizerSiteRow | null> =>
    (
      await db
        .update(organizerSites)
        .set(patch)
        .where(and(eq(organizerSites.organizer_id, organizerId), eq(organizerSites.site_id, siteId)))
        .returning()
    )[0] ?? null,
  /** Agents of the given sites with this organizer's terms (null terms: never set). */
  listAgents: (organizerId: number, siteIds: number[]) =>
    siteIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ agent: agents, terms: organizerAgents })
          .from(agents)
          .leftJoin(
            organizerAgents,
            and(eq(organizerAgents.agent_id, agents.id), eq(organizerAgents.organizer_id, organizerId)),
          )
          .where(inArray(agents.site_id, siteIds))
          .orderBy(asc(agents.id)),
});

/** The partner sites, an organizer's partnerships and agents. */
export const createPartnerRepository = (db: Db) => ({
  ...partnerQueries(db),
  /** Runs fn with the queries bound to one transaction: the change and its domain event, or neither. */
  transaction: <T>(fn: (q: ReturnType<typeof partnerQueries>, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(partnerQueries(tx as unknown as Db), tx as unknown as Db)),
});
export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
