import { and, asc, count, eq, gte, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { NewDomainEvent } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import {
  files,
  organizerMembers,
  organizers,
  siteDocuments,
  siteFonts,
  sitePageVersions,
  sitePages,
  sites,
  tourDates,
  tourPhotos,
  tours,
  users,
} from '../../db/schema/index';
import { recordEvent } from '../../lib/domain-events';

export type SiteRow = typeof sites.$inferSelect;
export type SitePageRow = typeof sitePages.$inferSelect;
export type SiteFontRow = typeof siteFonts.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type TourRow = typeof tours.$inferSelect;
export type TourDateRow = typeof tourDates.$inferSelect;

const anyOf = (column: Parameters<typeof inArray>[0], ids: number[]) =>
  ids.length ? inArray(column, ids) : sql`false`;

/** The site module's queries; `transaction` binds them to one transaction. */
const queries = (db: Db) => ({
  record: (event: NewDomainEvent) => recordEvent(db, event),
  // ─── the site ───
  siteOf: async (organizerId: number): Promise<SiteRow | null> =>
    (await db.select().from(sites).where(eq(sites.organizer_id, organizerId)).limit(1))[0] ?? null,
  siteBySubdomain: async (subdomain: string): Promise<SiteRow | null> =>
    (await db.select().from(sites).where(eq(sites.subdomain, subdomain)).limit(1))[0] ?? null,
  siteByCustomDomain: async (domain: string): Promise<SiteRow | null> =>
    (await db.select().from(sites).where(eq(sites.custom_domain, domain)).limit(1))[0] ?? null,
  /** another site has this subdomain or custom domain */
  domainTaken: async (domain: string, exceptSiteId: number | null): Promise<boolean> => {
    const rows = await db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          sql`(${sites.subdomain} = ${domain} or ${sites.custom_domain} = ${domain})`,
          exceptSiteId ? ne(sites.id, exceptSiteId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },
  /** subdomains starting with a base, to make a unique one */
  subdomainsLike: async (base: string): Promise<string[]> =>
    (
      await db
        .select({ s: sites.subdomain })
        .from(sites)
        .where(sql`${sites.subdomain} like ${`${base}%`}`)
    ).map((r) => r.s),
  insertSite: async (values: typeof sites.$inferInsert): Promise<SiteRow | null> =>
    (await db.insert(sites).values(values).onConflictDoNothing().returning())[0] ?? null,
  updateSite: async (id: number, values: Partial<typeof sites.$inferInsert>): Promise<SiteRow> =>
    (
      await db
        .update(sites)
        .set({ ...values, updated_at: new Date() })
        .where(eq(sites.id, id))
        .returning()
    )[0]!,
  // ─── pages ───
  page: async (siteId: number, type: string): Promise<SitePageRow | null> =>
    (
      await db
        .select()
        .from(sitePages)
        .where(and(eq(sitePages.site_id, siteId), eq(sitePages.type, type)))
        .limit(1)
    )[0] ?? null,
  insertPages: async (values: (typeof sitePages.$inferInsert)[]): Promise<void> => {
    await db.insert(sitePages).values(values).onConflictDoNothing();
  },
  updatePage: async (
    siteId: number,
    type: string,
    values: Partial<typeof sitePages.$inferInsert>,
  ): Promise<SitePageRow> =>
    (
      await db
        .update(sitePages)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(sitePages.site_id, siteId), eq(sitePages.type, type)))
        .returning()
    )[0]!,
  insertVersion: async (values: typeof sitePageVersions.$inferInsert): Promise<void> => {
    await db.insert(sitePageVersions).values(values);
  },
  // ─── documents ───
  document: async (siteId: number, type: string) =>
    (
      await db
        .select()
        .from(siteDocuments)
        .where(and(eq(siteDocuments.site_id, siteId), eq(siteDocuments.type, type)))
        .limit(1)
    )[0] ?? null,
  upsertDocument: async (siteId: number, type: string, content: string) =>
    (
      await db
        .insert(siteDocuments)
        .values({ site_id: siteId, type, content })
        .onConflictDoUpdate({
          target: [siteDocuments.site_id, siteDocuments.type],
          set: { content, updated_at: new Date() },
        })
        .returning()
    )[0]!,
  // ─── fonts ───
  fonts: (organizerId: number): Promise<SiteFontRow[]> =>
    db.select().from(siteFonts).where(eq(siteFonts.organizer_id, organizerId)).orderBy(asc(siteFonts.id)),
  insertFont: async (values: typeof siteFonts.$inferInsert): Promise<SiteFontRow> =>
    (await db.insert(siteFonts).values(values).returning())[0]!,
  updateFont: async (id: number, values: Partial<typeof siteFonts.$inferInsert>): Promise<SiteFontRow> =>
    (
      await db
        .update(siteFonts)
        .set({ ...values, updated_at: new Date() })
        .where(eq(siteFonts.id, id))
        .returning()
    )[0]!,
  // ─── what blocks refer to ───
  files: (ids: number[]): Promise<FileRow[]> => db.select().from(files).where(anyOf(files.id, ids)),
  attachFiles: async (ids: number[], organizerId: number): Promise<void> => {
    if (ids.length) await db.update(files).set({ organizer_id: organizerId }).where(anyOf(files.id, ids));
  },
  /** font files become the organizer's and public: the site's visitors load them */
  publishFontFiles: async (ids: number[], organizerId: number): Promise<void> => {
    if (ids.length)
      await db.update(files).set({ organizer_id: organizerId, is_public: true }).where(anyOf(files.id, ids));
  },
  tourOwners: (ids: number[]) =>
    db.select({ id: tours.id, organizer_id: tours.organizer_id }).from(tours).where(anyOf(tours.id, ids)),
  dateOwners: (ids: number[]) =>
    db
      .select({ id: tourDates.id, tour_id: tourDates.tour_id, organizer_id: tours.organizer_id })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tour_id))
      .where(anyOf(tourDates.id, ids)),
  // ─── the organizer ───
  organizer: async (id: number) => (await db.select().from(organizers).where(eq(organizers.id, id)).limit(1))[0],
  /** the language of the organizer's first owner (the starter texts') */
  ownerLanguage: async (organizerId: number): Promise<string | null> =>
    (
      await db
        .select({ language: users.language })
        .from(organizerMembers)
        .innerJoin(users, eq(users.id, organizerMembers.user_id))
        .where(eq(organizerMembers.organizer_id, organizerId))
        .orderBy(asc(organizerMembers.created_at))
        .limit(1)
    )[0]?.language ?? null,
  // ─── the public site's tours ───
  publishedTours: (organizerId: number): Promise<TourRow[]> =>
    db
      .select()
      .from(tours)
      .where(and(eq(tours.organizer_id, organizerId), eq(tours.status, 'published')))
      .orderBy(asc(tours.id)),
  /** one of the organizer's tours, whatever its status (the operator's moderation preview) */
  tourOf: async (organizerId: number, tourId: number): Promise<TourRow | null> =>
    (
      await db
        .select()
        .from(tours)
        .where(and(eq(tours.organizer_id, organizerId), eq(tours.id, tourId)))
        .limit(1)
    )[0] ?? null,
  covers: (tourIds: number[]) =>
    db
      .select({ tour_id: tourPhotos.tour_id, file_id: tourPhotos.file_id, alt: tourPhotos.alt })
      .from(tourPhotos)
      .where(and(anyOf(tourPhotos.tour_id, tourIds), eq(tourPhotos.is_cover, true))),
  /** departures from `today` on of these tours, in order (a canceled departure is not for sale) */
  futureDates: (tourIds: number[], today: string, limit?: number, offset?: number): Promise<TourDateRow[]> => {
    const q = db
      .select()
      .from(tourDates)
      .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today), isNull(tourDates.canceled_at)))
      .orderBy(asc(tourDates.date_start), asc(tourDates.time_start), asc(tourDates.id));
    return limit === undefined ? q : q.limit(limit).offset(offset ?? 0);
  },
  countFutureDates: async (tourIds: number[], today: string): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(tourDates)
        .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today), isNull(tourDates.canceled_at)))
    )[0]?.n ?? 0,
  /** the newest change of the site's pages and documents, and of its organizer's tours and their departures */
  changeStamp: async (siteId: number, organizerId: number): Promise<string> => {
    const [p] = await db
      .select({ at: max(sitePages.updated_at) })
      .from(sitePages)
      .where(eq(sitePages.site_id, siteId));
    const [d] = await db
      .select({ at: max(siteDocuments.updated_at) })
      .from(siteDocuments)
      .where(eq(siteDocuments.site_id, siteId));
    const [tr] = await db
      .select({ at: max(tours.updated_at), n: count() })
      .from(tours)
      .where(eq(tours.organizer_id, organizerId));
    const [dt] = await db
      .select({ at: max(tourDates.updated_at), n: count() })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tour_id))
      .where(eq(tours.organizer_id, organizerId));
    const [f] = await db
      .select({ at: max(siteFonts.updated_at), n: count() })
      .from(siteFonts)
      .where(eq(siteFonts.organizer_id, organizerId));
    const ms = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : 0);
    return [ms(p?.at), ms(d?.at), ms(tr?.at), tr?.n ?? 0, ms(dt?.at), dt?.n ?? 0, ms(f?.at), f?.n ?? 0].join('.');
  },
});
export type SiteQueries = ReturnType<typeof queries>;

export const createSiteRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction: all of it is written, or none. */
  transaction: <T>(fn: (repo: SiteQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db))),
});
export type SiteRepository = ReturnType<typeof createSiteRepository>;
