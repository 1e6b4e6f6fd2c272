import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import type { NewDomainEvent } from '@tourdesk/contract';
import {
  catalogueItems,
  files,
  organizerSites,
  organizers,
  tourPhotos,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';
import { guideQueries } from './guide.repository';
import { tourChildrenQueries } from './tour-children.repository';
import { anyOf, tourDateQueries } from './tour-date.repository';
import { weekScheduleQueries } from './week-schedule.repository';

export type { GuideRow } from './guide.repository';
export type { PhotoValue, TourChildren } from './tour-children.repository';
export type { TourDateFilter, TourDateRow, TourDateValues, UpcomingDate } from './tour-date.repository';

export type TourRow = typeof tours.$inferSelect;
export type TourValues = Omit<typeof tours.$inferInsert, 'id' | 'organizer_id' | 'created_at' | 'updated_at'>;
export type CatalogueRow = typeof catalogueItems.$inferSelect;

export interface TourListFilter {
  status?: string;
  type?: number;
  search?: string;
  /** a page: `limit` tours after `offset` */
  limit?: number;
  offset?: number;
}

/** What the tour list shows of a tour (and its alerts read). */
const TOUR_LIST_COLUMNS = {
  id: tours.id,
  organizer_id: tours.organizer_id,
  status: tours.status,
  name: tours.name,
  screen_name: tours.screen_name,
  type: tours.type,
  schedule_type: tours.schedule_type,
  currency: tours.currency,
  price: tours.price,
  duration: tours.duration,
  duration_hours: tours.duration_hours,
  is_dates_preliminary: tours.is_dates_preliminary,
};

/** The tour's own queries; its lists, departures and guides are parts of their own, composed here. */
const queries = (db: Db, inTransaction = false) => ({
  ...tourChildrenQueries(db, inTransaction),
  ...tourDateQueries(db),
  ...guideQueries(db),
  /** Records a domain event with this executor's writes (lib/domain-events.ts). */
  record: (event: NewDomainEvent) => recordEvent(db, event),
  findTour: async (id: number): Promise<TourRow | null> =>
    (await db.select().from(tours).where(eq(tours.id, id)).limit(1))[0] ?? null,
  insertTour: async (organizerId: number, values: TourValues): Promise<TourRow> =>
    (
      await db
        .insert(tours)
        .values({ ...values, organizer_id: organizerId })
        .returning()
    )[0]!,
  updateTour: async (id: number, values: Partial<TourValues>): Promise<TourRow> =>
    (
      await db
        .update(tours)
        .set({ ...values, updated_at: new Date() })
        .where(eq(tours.id, id))
        .returning()
    )[0]!,
  /** Another tour of the organizer with this slug. */
  isSlugTaken: async (organizerId: number, slug: string, exceptId: number | null): Promise<boolean> =>
    (
      await db
        .select({ id: tours.id })
        .from(tours)
        .where(
          and(
            eq(tours.organizer_id, organizerId),
            eq(tours.screen_name, slug),
            exceptId ? ne(tours.id, exceptId) : undefined,
          ),
        )
        .limit(1)
    ).length > 0,

  /** The organizer's tours with the columns the list shows (a whole row costs ~4× as much to read at 1 000 tours). */
  list: async (organizerId: number, f: TourListFilter) => {
    const where: (SQL | undefined)[] = [eq(tours.organizer_id, organizerId)];
    if (f.status) where.push(eq(tours.status, f.status));
    if (f.type) where.push(eq(tours.type, f.type));
    if (f.search) where.push(ilike(tours.name, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    const query = db
      .select(TOUR_LIST_COLUMNS)
      .from(tours)
      .where(and(...where))
      .orderBy(sql`${tours.id} desc`);
    if (f.limit === undefined) {
      const rows = await query;
      return { rows, total: rows.length };
    }
    const [rows, [counted]] = await Promise.all([
      query.limit(f.limit).offset(f.offset ?? 0),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(tours)
        .where(and(...where)),
    ]);
    return { rows, total: counted?.total ?? 0 };
  },

  /** The tour's stored week schedule (its times and excluded periods), or null. */
  weekSchedule: (tourId: number) => weekScheduleQueries(db).find(tourId),
  // ─── list extras (one query each for the whole page) ─────────────────────
  covers: (tourIds: number[]) =>
    db
      .select({ tour_id: tourPhotos.tour_id, file_id: tourPhotos.file_id, alt: tourPhotos.alt })
      .from(tourPhotos)
      .where(and(anyOf(tourPhotos.tour_id, tourIds), eq(tourPhotos.is_cover, true))),
  siteStatuses: (tourIds: number[]) =>
    db
      .select()
      .from(tourSiteStatuses)
      .where(anyOf(tourSiteStatuses.tour_id, tourIds))
      .orderBy(asc(tourSiteStatuses.site_id)),
  // ─── status ──────────────────────────────────────────────────────────────
  connectedSiteIds: async (organizerId: number): Promise<number[]> =>
    (
      await db
        .select({ id: organizerSites.site_id })
        .from(organizerSites)
        .where(eq(organizerSites.organizer_id, organizerId))
    ).map((r) => r.id),
  /** Sends the tour to moderation on each site it is not on yet, or back after an unpublish. */
  submitToSites: async (tourId: number, siteIds: number[]): Promise<void> => {
    if (!siteIds.length) return;
    await db
      .insert(tourSiteStatuses)
      .values(siteIds.map((site_id) => ({ tour_id: tourId, site_id, status: 'moderation' })))
      .onConflictDoUpdate({
        target: [tourSiteStatuses.tour_id, tourSiteStatuses.site_id],
        set: { status: 'moderation', updated_at: new Date() },
        setWhere: sql`${tourSiteStatuses.status} = 'unpublished'`,
      });
  },
  unpublishFromSites: async (tourId: number): Promise<void> => {
    await db
      .update(tourSiteStatuses)
      .set({ status: 'unpublished', updated_at: new Date() })
      .where(eq(tourSiteStatuses.tour_id, tourId));
  },

  // ─── references ──────────────────────────────────────────────────────────
  catalogue: (ids: number[]) =>
    ids.length ? db.select().from(catalogueItems).where(inArray(catalogueItems.id, ids)) : Promise.resolve([]),
  /** The catalogue's values of a kind, those with `search` in their English or Russian name if given. */
  catalogueOfKind: (kind: string, search?: string): Promise<CatalogueRow[]> => {
    const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return db
      .select()
      .from(catalogueItems)
      .where(
        and(
          eq(catalogueItems.kind, kind),
          like ? or(ilike(catalogueItems.name_en, like), ilike(catalogueItems.name_ru, like)) : undefined,
        ),
      )
      .orderBy(asc(catalogueItems.id));
  },
  files: (ids: number[]) =>
    ids.length
      ? db
          .select({ id: files.id, kind: files.kind, organizer_id: files.organizer_id, user_id: files.user_id })
          .from(files)
          .where(inArray(files.id, ids))
      : Promise.resolve([]),
  attachFiles: async (ids: number[], organizerId: number): Promise<void> => {
    if (ids.length) await db.update(files).set({ organizer_id: organizerId }).where(inArray(files.id, ids));
  },
  organizerPenalties: async (organizerId: number): Promise<unknown> =>
    (await db.select({ profile: organizers.profile }).from(organizers).where(eq(organizers.id, organizerId)))[0]
      ?.profile?.penalties ?? [],
});
export type TourQueries = ReturnType<typeof queries>;

export const createTourRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction: all of it is written, or none. */
  transaction: <T>(fn: (repo: TourQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db, true))),
});
export type TourRepository = ReturnType<typeof createTourRepository>;
