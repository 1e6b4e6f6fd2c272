import { and, eq } from 'drizzle-orm';
import type { NewDomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import { organizerSites, partnerSites, tourSiteStatuses, tours } from '../../db/schema/index';

export type TourSiteStatusRow = typeof tourSiteStatuses.$inferSelect;

/** The queries of the operator's moderation of a tour on a partner site (tour-moderation.service.ts). */
const tourModerationQueries = (db: Db) => ({
  /** Records a domain event with this executor's writes (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),
  /** The tour's organizer; null for no such tour. */
  findTour: async (tourId: number): Promise<{ id: number; organizer_id: number } | null> =>
    (
      await db
        .select({ id: tours.id, organizer_id: tours.organizer_id })
        .from(tours)
        .where(eq(tours.id, tourId))
        .limit(1)
    )[0] ?? null,
  siteExists: async (siteId: number): Promise<boolean> =>
    (await db.select({ id: partnerSites.id }).from(partnerSites).where(eq(partnerSites.id, siteId)).limit(1)).length >
    0,
  /** Whether the organizer signed a partnership with the site (partnerships are never removed). */
  isConnected: async (organizerId: number, siteId: number): Promise<boolean> =>
    (
      await db
        .select({ site_id: organizerSites.site_id })
        .from(organizerSites)
        .where(and(eq(organizerSites.organizer_id, organizerId), eq(organizerSites.site_id, siteId)))
        .limit(1)
    ).length > 0,
  /** Sets the tour's status on the site, adding the row when the tour was never sent there. */
  upsertStatus: async (
    tourId: number,
    siteId: number,
    status: string,
    reason: string | null = null,
  ): Promise<TourSiteStatusRow> => {
    const [row] = await db
      .insert(tourSiteStatuses)
      .values({ tour_id: tourId, site_id: siteId, status, reason })
      .onConflictDoUpdate({
        target: [tourSiteStatuses.tour_id, tourSiteStatuses.site_id],
        set: { status, reason, updated_at: new Date() },
      })
      .returning();
    return row!;
  },
});

/** The queries of the operator's moderation (tour-moderation.service.ts), and their transaction. */
export const createTourModerationRepository = (db: Db) => ({
  ...tourModerationQueries(db),
  /** Runs fn with the queries bound to one transaction: the change and its domain event, or neither. */
  transaction: <T>(fn: (q: ReturnType<typeof tourModerationQueries>, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(tourModerationQueries(tx as unknown as Db), tx as unknown as Db)),
});
export type TourModerationRepository = ReturnType<typeof createTourModerationRepository>;
