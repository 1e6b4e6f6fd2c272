import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  files,
  organizers,
  partnerSites,
  requests,
  reviewLinks,
  reviewSettings,
  reviews,
  tourDates,
  tours,
} from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

/** A review with the names the screens show beside it. */
const reviewColumns = {
  review: reviews,
  tour_name: sql<string | null>`${tours.name}`,
  date_start: sql<string | null>`coalesce(${tourDates.date_start}, ${requests.date_start})::text`,
};
export type ReviewWithNames = { review: ReviewRow; tour_name: string | null; date_start: string | null };

export interface ReviewFilter {
  organizerId: number;
  tourId?: number;
  rating?: number;
  answered?: boolean;
  /** created on or after this day, on or before that one (UTC days) */
  from?: string;
  to?: string;
  /** the public: hidden ones left out */
  visibleOnly?: boolean;
}

const whereOf = (f: ReviewFilter): SQL | undefined =>
  and(
    eq(reviews.organizer_id, f.organizerId),
    ...(f.tourId !== undefined ? [eq(reviews.tour_id, f.tourId)] : []),
    ...(f.rating !== undefined ? [eq(reviews.rating, f.rating)] : []),
    ...(f.answered === true ? [isNotNull(reviews.answer)] : f.answered === false ? [isNull(reviews.answer)] : []),
    ...(f.from ? [gte(reviews.created_at, new Date(`${f.from}T00:00:00Z`))] : []),
    ...(f.to ? [lte(reviews.created_at, new Date(`${f.to}T23:59:59.999Z`))] : []),
    ...(f.visibleOnly ? [isNull(reviews.hidden_at)] : []),
  );

export const createReviewRepository = (db: Db) => ({
  db,
  transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db)),

  insertLink: async (q: Db, values: typeof reviewLinks.$inferInsert): Promise<ReviewLinkRow> =>
    (await q.insert(reviewLinks).values(values).returning())[0]!,
  linkByHash: async (hash: string): Promise<ReviewLinkRow | null> =>
    (await db.select().from(reviewLinks).where(eq(reviewLinks.token_hash, hash)).limit(1))[0] ?? null,
  /** The ids of every link of one traveller's request (their photos are theirs). */
  linkIdsOf: async (requestId: number, authorKey: string): Promise<number[]> =>
    (
      await db
        .select({ id: reviewLinks.id })
        .from(reviewLinks)
        .where(and(eq(reviewLinks.request_id, requestId), eq(reviewLinks.author_key, authorKey)))
    ).map((r) => r.id),

  /** The review of a traveller for a request, or for the same departure through another request. */
  reviewOf: async (q: Db, requestId: number, tourDateId: number | null, authorKey: string): Promise<ReviewRow | null> =>
    (
      await q
        .select()
        .from(reviews)
        .where(
          and(
            eq(reviews.author_key, authorKey),
            tourDateId === null
              ? eq(reviews.request_id, requestId)
              : sql`(${reviews.request_id} = ${requestId} OR ${reviews.tour_date_id} = ${tourDateId})`,
          ),
        )
        .orderBy(asc(reviews.id))
        .limit(1)
    )[0] ?? null,

  /** The trip a link is for: the request, its tour and departure, its organizer. */
  trip: async (requestId: number) =>
    (
      await db
        .select({
          id: requests.id,
          organizer_id: requests.organizer_id,
          status: requests.status,
          tour_id: requests.tour_id,
          tour_date_id: requests.tour_date_id,
          site_id: requests.site_id,
          organizer_name: organizers.name,
          tour_name: sql<string | null>`${tours.name}`,
          date_start: sql<string | null>`coalesce(${tourDates.date_start}, ${requests.date_start})::text`,
          date_end: sql<string | null>`coalesce(${tourDates.date_end}, ${requests.date_end})::text`,
        })
        .from(requests)
        .innerJoin(organizers, eq(organizers.id, requests.organizer_id))
        .leftJoin(tours, eq(tours.id, requests.tour_id))
        .leftJoin(tourDates, eq(tourDates.id, requests.tour_date_id))
        .where(eq(requests.id, requestId))
        .limit(1)
    )[0] ?? null,

  insertReview: async (q: Db, values: typeof reviews.$inferInsert): Promise<ReviewRow> =>
    (await q.insert(reviews).values(values).returning())[0]!,
  updateReview: async (q: Db, id: number, values: Partial<typeof reviews.$inferInsert>): Promise<ReviewRow | null> =>
    (
      await q
        .update(reviews)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(reviews.id, id))
        .returning()
    )[0] ?? null,
  /** What changes whenever the organizer's published reviews do: how many, and the newest change. */
  stamp: async (organizerId: number): Promise<string> => {
    const [row] = await db
      .select({ n: count(), at: sql<string | null>`max(${reviews.updated_at})::text` })
      .from(reviews)
      .where(eq(reviews.organizer_id, organizerId));
    return `${row?.n ?? 0}:${row?.at ?? ''}`;
  },
  /** Locks the review (its answer and its author's edit wait for each other). */
  lockReview: async (q: Db, id: number): Promise<ReviewRow | null> =>
    (await q.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1))[0] ?? null,

  /** The organizer's review by id; null when it is another organizer's or none. */
  find: async (organizerId: number, id: number): Promise<ReviewWithNames | null> =>
    (
      await db
        .select(reviewColumns)
        .from(reviews)
        .innerJoin(requests, eq(requests.id, reviews.request_id))
        .leftJoin(tours, eq(tours.id, reviews.tour_id))
        .leftJoin(tourDates, eq(tourDates.id, reviews.tour_date_id))
        .where(and(eq(reviews.id, id), eq(reviews.organizer_id, organizerId)))
        .limit(1)
    )[0] ?? null,

  page: async (f: ReviewFilter, limit: number, offset: number): Promise<{ rows: ReviewWithNames[]; total: number }> => {
    const where = whereOf(f);
    const rows = await db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(requests, eq(requests.id, reviews.request_id))
      .leftJoin(tours, eq(tours.id, reviews.tour_id))
      .leftJoin(tourDates, eq(tourDates.id, reviews.tour_date_id))
      .where(where)
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(reviews).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /** The average rating and count of the reviews the filter takes. */
  average: async (f: ReviewFilter): Promise<{ average: number | null; count: number }> => {
    const [row] = await db
      .select({ average: avg(reviews.rating), count: count() })
      .from(reviews)
      .where(whereOf(f));
    return {
      average: row?.average === null || row?.average === undefined ? null : Number(row.average),
      count: row?.count ?? 0,
    };
  },
  /** The average and count per tour. */
  perTour: async (organizerId: number) =>
    db
      .select({
        tour_id: sql<number>`${reviews.tour_id}`,
        tour_name: sql<string>`coalesce(${tours.name}, '')`,
        average: avg(reviews.rating),
        count: count(),
      })
      .from(reviews)
      .innerJoin(tours, eq(tours.id, reviews.tour_id))
      .where(eq(reviews.organizer_id, organizerId))
      .groupBy(reviews.tour_id, tours.name)
      .orderBy(asc(tours.name)),

  /** Whether the tour is the organizer's (a filter naming another's is refused). */
  hasTour: async (organizerId: number, tourId: number): Promise<boolean> =>
    (
      await db
        .select({ id: tours.id })
        .from(tours)
        .where(and(eq(tours.id, tourId), eq(tours.organizer_id, organizerId)))
        .limit(1)
    ).length === 1,
  tourExists: async (tourId: number): Promise<boolean> =>
    (await db.select({ id: tours.id }).from(tours).where(eq(tours.id, tourId)).limit(1)).length === 1,
  organizerExists: async (organizerId: number): Promise<boolean> =>
    (await db.select({ id: organizers.id }).from(organizers).where(eq(organizers.id, organizerId)).limit(1)).length ===
    1,

  unanswered: async (organizerId: number): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.organizer_id, organizerId), isNull(reviews.answer)));
    return row?.n ?? 0;
  },

  /** Photos the traveller uploaded through one of their links (bucket `review:<link id>`). */
  photosOf: async (organizerId: number, ids: number[], linkIds: number[]): Promise<number[]> => {
    if (ids.length === 0 || linkIds.length === 0) return [];
    const rows = await db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          inArray(files.id, ids),
          eq(files.organizer_id, organizerId),
          eq(files.kind, 'image'),
          inArray(
            files.bucket,
            linkIds.map((id) => `review:${id}`),
          ),
        ),
      );
    return rows.map((r) => r.id);
  },
  /** How many photos were uploaded through a traveller's links (a cap against filling the disk). */
  photoCount: async (linkIds: number[]): Promise<number> => {
    if (linkIds.length === 0) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(files)
      .where(
        inArray(
          files.bucket,
          linkIds.map((id) => `review:${id}`),
        ),
      );
    return row?.n ?? 0;
  },

  delayHours: async (organizerId: number): Promise<number | null> =>
    (
      await db
        .select({ hours: reviewSettings.delay_hours })
        .from(reviewSettings)
        .where(eq(reviewSettings.organizer_id, organizerId))
    )[0]?.hours ?? null,
  saveDelayHours: async (organizerId: number, hours: number): Promise<void> => {
    await db
      .insert(reviewSettings)
      .values({ organizer_id: organizerId, delay_hours: hours })
      .onConflictDoUpdate({
        target: reviewSettings.organizer_id,
        set: { delay_hours: hours, updated_at: sql`now()` },
      });
  },

  /** The site a report goes to support of: the request's own, else the marketplace's first. */
  supportSite: async (siteId: number | null): Promise<number | null> => {
    if (siteId !== null) return siteId;
    const [row] = await db.select({ id: partnerSites.id }).from(partnerSites).orderBy(asc(partnerSites.id)).limit(1);
    return row?.id ?? null;
  },
  requestSite: async (requestId: number): Promise<number | null> =>
    (await db.select({ site_id: requests.site_id }).from(requests).where(eq(requests.id, requestId)))[0]?.site_id ??
    null,
});
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
