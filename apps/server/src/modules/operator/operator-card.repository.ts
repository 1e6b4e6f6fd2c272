import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatMessages,
  chats,
  operatorAudit,
  organizerSites,
  organizers,
  partnerSites,
  requests,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';

/** How many of an organizer's requests and chats the card shows, the newest first. */
export const CARD_RECENT = 20;
/** The audit actions that make up an organizer's verification history. */
const VERIFICATION_ACTIONS = ['verification.approve', 'verification.reject'];

/** What the organizer's card reads (issue 30): one organizer across the modules' tables, read-only. */
export const createCardRepository = (db: Db) => ({
  /** the organizer of a tour, or null */
  tourOrganizer: async (tourId: number): Promise<number | null> =>
    (await db.select({ id: tours.organizer_id }).from(tours).where(eq(tours.id, tourId)).limit(1))[0]?.id ?? null,
  organizer: async (id: number) =>
    (await db.select().from(organizers).where(eq(organizers.id, id)).limit(1))[0] ?? null,
  sites: (organizerId: number) =>
    db
      .select({ id: partnerSites.id, name: partnerSites.name, status: organizerSites.status })
      .from(organizerSites)
      .innerJoin(partnerSites, eq(partnerSites.id, organizerSites.site_id))
      .where(eq(organizerSites.organizer_id, organizerId))
      .orderBy(partnerSites.id),
  verificationHistory: (organizerId: number) =>
    db
      .select()
      .from(operatorAudit)
      .where(
        and(
          eq(operatorAudit.object_type, 'organizer'),
          eq(operatorAudit.object_id, String(organizerId)),
          inArray(operatorAudit.action, VERIFICATION_ACTIONS),
        ),
      )
      .orderBy(desc(operatorAudit.id))
      .limit(100),
  tours: (organizerId: number) =>
    db
      .select({
        id: tours.id,
        name: tours.name,
        status: tours.status,
        sites: sql<
          { site_id: number; status: string }[] | null
        >`(select json_agg(json_build_object('site_id', ${tourSiteStatuses.site_id}, 'status', ${tourSiteStatuses.status}) order by ${tourSiteStatuses.site_id}) from ${tourSiteStatuses} where ${tourSiteStatuses.tour_id} = ${tours.id})`,
      })
      .from(tours)
      .where(eq(tours.organizer_id, organizerId))
      .orderBy(desc(tours.id))
      .limit(200),
  requests: (organizerId: number) =>
    db
      .select({
        id: requests.id,
        status: requests.status,
        tour_name: tours.name,
        customer_name: requests.customer_name,
        tourists_count: requests.tourists_count,
        total_minor: requests.total_minor,
        currency: requests.currency,
        created_at: requests.created_at,
      })
      .from(requests)
      .leftJoin(tours, eq(tours.id, requests.tour_id))
      .where(eq(requests.organizer_id, organizerId))
      .orderBy(desc(requests.id))
      .limit(CARD_RECENT),
  chats: (organizerId: number) =>
    db
      .select({
        id: chats.id,
        kind: chats.kind,
        traveller_name: chats.traveller_name,
        site_name: partnerSites.name,
        is_frozen: chats.is_frozen,
        last_text: chatMessages.text,
        updated_at: chats.updated_at,
      })
      .from(chats)
      .leftJoin(partnerSites, eq(partnerSites.id, chats.site_id))
      .leftJoin(chatMessages, eq(chatMessages.id, chats.last_message_id))
      .where(eq(chats.organizer_id, organizerId))
      .orderBy(desc(chats.updated_at), desc(chats.id))
      .limit(CARD_RECENT),
});
export type CardRepository = ReturnType<typeof createCardRepository>;
