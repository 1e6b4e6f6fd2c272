import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizerSites, partnerSites, tourSiteStatuses, tours } from '../../db/schema/index';

export type TourSiteStatusRow = typeof tourSiteStatuses.$inferSelect;

/** The queries of the operator's moderation of a tour on a partner site (tour-moderation.service.ts). */
export const createTourModerationRepository = (db: Db) => ({
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
  upsertStatus: async (tourId: number, siteId: number, status: string): Promise<TourSiteStatusRow> => {
    const [row] = await db
      .insert(tourSiteStatuses)
      .values({ tour_id: tourId, site_id: siteId, status })
      .onConflictDoUpdate({
        target: [tourSiteStatuses.tour_id, tourSiteStatuses.site_id],
        set: { status, updated_at: new Date() },
      })
      .returning();
    return row!;
  },
});
export type TourModerationRepository = ReturnType<typeof createTourModerationRepository>;
