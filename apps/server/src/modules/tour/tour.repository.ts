import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordEvent } from '../../lib/domain-events';
import type { NewDomainEvent } from '@tourdesk/contract';
import {
  catalogueItems,
  files,
  guides,
  organizerSites,
  organizers,
  tourAccommodationVariants,
  tourAccommodations,
  tourCities,
  tourDates,
  tourDiscounts,
  tourGuides,
  tourPenalties,
  tourPhotos,
  tourProgramDayPhotos,
  tourProgramDays,
  tourQuestions,
  tourSiteStatuses,
  tours,
} from '../../db/schema/index';
import { weekScheduleQueries } from './week-schedule.repository';

export type TourRow = typeof tours.$inferSelect;
export type TourValues = Omit<typeof tours.$inferInsert, 'id' | 'organizer_id' | 'created_at' | 'updated_at'>;
export type GuideRow = typeof guides.$inferSelect;
export type TourDateRow = typeof tourDates.$inferSelect;
export type TourDateValues = Omit<
  typeof tourDates.$inferInsert,
  'id' | 'tour_id' | 'number_of_free_seats' | 'is_from_schedule' | 'created_at' | 'updated_at'
>;
export interface TourDateFilter {
  period: 'upcoming' | 'past' | 'all';
  withVariants: boolean;
  /** true: made by the week schedule; false: saved by hand; undefined: both */
  fromSchedule?: boolean;
}
export type CatalogueRow = typeof catalogueItems.$inferSelect;

export interface PhotoValue {
  file_id: number;
  alt: string;
}
/** A tour's lists as the repository writes them; a list left undefined is kept as stored. */
export interface TourChildren {
  photos?: { items: PhotoValue[]; cover_file_id: number | null };
  program?: {
    day: number;
    title: string;
    description: string;
    meals: string[];
    photos: PhotoValue[];
  }[];
  accommodations?: {
    name: string;
    nights: number;
    variants: { name: string; description: string; price: string; places: number | null }[];
  }[];
  questions?: { question: string; answer: string; added_to_voucher: boolean }[];
  guide_ids?: number[];
  penalties?: { days_before: number; percent: string }[];
  discounts?: Omit<typeof tourDiscounts.$inferInsert, 'id' | 'tour_id'>[];
  cities?: Omit<typeof tourCities.$inferInsert, 'id' | 'tour_id'>[];
}

export interface TourListFilter {
  status?: string;
  type?: number;
  search?: string;
  /** a page: `limit` tours after `offset` */
  limit?: number;
  offset?: number;
}

const today = sql`current_date`;

/**
 * column = ANY($1): the ids as one array parameter. drizzle's inArray makes a parameter per id:
 * the list of 1 000 tours spent ~10 ms building its three queries' 3 000 parameters.
 */
const anyOf = (column: AnyPgColumn, ids: number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;

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
/** What the tour list shows of a departure (and the alerts read). */
export type UpcomingDate = Pick<
  TourDateRow,
  | 'id'
  | 'tour_id'
  | 'date_start'
  | 'date_end'
  | 'time_start'
  | 'number_of_seats'
  | 'number_of_free_seats'
  | 'not_guaranteed'
>;

/**
 * Runs queries together on a pool, one after another on a transaction's single client (node-postgres
 * warns about, and pg@9 refuses, a query sent while another runs on the same client). drizzle's
 * queries start when awaited, so awaiting them in turn runs them in turn.
 */
const runAll = async <T extends readonly unknown[]>(
  serial: boolean,
  queries: { [K in keyof T]: PromiseLike<T[K]> },
): Promise<T> => {
  if (!serial) return Promise.all(queries) as Promise<T>;
  const results: unknown[] = [];
  for (const q of queries) results.push(await q);
  return results as unknown as T;
};

const queries = (db: Db, inTransaction = false) => ({
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

  // ─── children ──────────────────────────────────────────────────────────────
  replaceChildren: async (tourId: number, c: TourChildren): Promise<void> => {
    if (c.photos) {
      await db.delete(tourPhotos).where(eq(tourPhotos.tour_id, tourId));
      const { items, cover_file_id } = c.photos;
      if (items.length)
        await db.insert(tourPhotos).values(
          items.map((p, position) => ({
            tour_id: tourId,
            file_id: p.file_id,
            alt: p.alt,
            position,
            is_cover: p.file_id === (cover_file_id ?? items[0]!.file_id),
          })),
        );
    }
    if (c.program) {
      await db.delete(tourProgramDays).where(eq(tourProgramDays.tour_id, tourId));
      for (const d of c.program) {
        const [row] = await db
          .insert(tourProgramDays)
          .values({ tour_id: tourId, day: d.day, title: d.title, description: d.description, meals: d.meals })
          .returning({ id: tourProgramDays.id });
        if (d.photos.length)
          await db
            .insert(tourProgramDayPhotos)
            .values(
              d.photos.map((p, position) => ({ program_day_id: row!.id, file_id: p.file_id, alt: p.alt, position })),
            );
      }
    }
    if (c.accommodations) {
      await db.delete(tourAccommodations).where(eq(tourAccommodations.tour_id, tourId));
      for (const [position, a] of c.accommodations.entries()) {
        const [row] = await db
          .insert(tourAccommodations)
          .values({ tour_id: tourId, position, name: a.name, nights: a.nights })
          .returning({ id: tourAccommodations.id });
        if (a.variants.length)
          await db
            .insert(tourAccommodationVariants)
            .values(a.variants.map((v, i) => ({ ...v, accommodation_id: row!.id, position: i })));
      }
    }
    if (c.questions) {
      await db.delete(tourQuestions).where(eq(tourQuestions.tour_id, tourId));
      if (c.questions.length)
        await db.insert(tourQuestions).values(c.questions.map((q, position) => ({ ...q, tour_id: tourId, position })));
    }
    if (c.guide_ids) {
      await db.delete(tourGuides).where(eq(tourGuides.tour_id, tourId));
      if (c.guide_ids.length)
        await db
          .insert(tourGuides)
          .values(c.guide_ids.map((guide_id, position) => ({ tour_id: tourId, guide_id, position })));
    }
    if (c.penalties) {
      await db.delete(tourPenalties).where(eq(tourPenalties.tour_id, tourId));
      if (c.penalties.length)
        await db.insert(tourPenalties).values(c.penalties.map((p) => ({ ...p, tour_id: tourId })));
    }
    if (c.discounts) {
      await db.delete(tourDiscounts).where(eq(tourDiscounts.tour_id, tourId));
      if (c.discounts.length)
        await db.insert(tourDiscounts).values(c.discounts.map((d) => ({ ...d, tour_id: tourId })));
    }
    if (c.cities) {
      await db.delete(tourCities).where(eq(tourCities.tour_id, tourId));
      if (c.cities.length) await db.insert(tourCities).values(c.cities.map((d) => ({ ...d, tour_id: tourId })));
    }
  },

  /** The tour's stored week schedule (its times and excluded periods), or null. */
  weekSchedule: (tourId: number) => weekScheduleQueries(db).find(tourId),

  /** Everything a tour's view shows besides its own row. */
  loadChildren: async (tourId: number) => {
    const [photos, days, accommodations, questions, guideRows, penalties, discounts, cities, sites] = await runAll(
      inTransaction,
      [
        db.select().from(tourPhotos).where(eq(tourPhotos.tour_id, tourId)).orderBy(asc(tourPhotos.position)),
        db.select().from(tourProgramDays).where(eq(tourProgramDays.tour_id, tourId)).orderBy(asc(tourProgramDays.day)),
        db
          .select()
          .from(tourAccommodations)
          .where(eq(tourAccommodations.tour_id, tourId))
          .orderBy(asc(tourAccommodations.position)),
        db.select().from(tourQuestions).where(eq(tourQuestions.tour_id, tourId)).orderBy(asc(tourQuestions.position)),
        db
          .select({ guide: guides })
          .from(tourGuides)
          .innerJoin(guides, eq(guides.id, tourGuides.guide_id))
          .where(eq(tourGuides.tour_id, tourId))
          .orderBy(asc(tourGuides.position)),
        db
          .select()
          .from(tourPenalties)
          .where(eq(tourPenalties.tour_id, tourId))
          .orderBy(sql`${tourPenalties.days_before} desc`),
        db
          .select()
          .from(tourDiscounts)
          .where(eq(tourDiscounts.tour_id, tourId))
          .orderBy(asc(tourDiscounts.kind), asc(tourDiscounts.position)),
        db.select().from(tourCities).where(eq(tourCities.tour_id, tourId)).orderBy(asc(tourCities.position)),
        db
          .select()
          .from(tourSiteStatuses)
          .where(eq(tourSiteStatuses.tour_id, tourId))
          .orderBy(asc(tourSiteStatuses.site_id)),
      ],
    );
    const dayIds = days.map((d) => d.id);
    const dayPhotos = dayIds.length
      ? await db
          .select()
          .from(tourProgramDayPhotos)
          .where(inArray(tourProgramDayPhotos.program_day_id, dayIds))
          .orderBy(asc(tourProgramDayPhotos.position))
      : [];
    const accIds = accommodations.map((a) => a.id);
    const variants = accIds.length
      ? await db
          .select()
          .from(tourAccommodationVariants)
          .where(inArray(tourAccommodationVariants.accommodation_id, accIds))
          .orderBy(asc(tourAccommodationVariants.position))
      : [];
    return {
      photos,
      days,
      dayPhotos,
      accommodations,
      variants,
      questions,
      guides: guideRows.map((g) => g.guide),
      penalties,
      discounts,
      cities,
      sites,
    };
  },

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
  /**
   * Departures from today on, soonest first, with what the list and the alerts read. One JSON
   * value rather than a row per departure: PGlite and drizzle pay for every field they read, and
   * a tour's view reads all its upcoming departures (1 000 of them cost ~10 ms as rows on PGlite,
   * ~2 ms as one JSON value).
   */
  upcomingDates: async (tourIds: number[]): Promise<UpcomingDate[]> => {
    const [row] = await db
      .select({
        dates: sql<UpcomingDate[] | null>`json_agg(json_build_object(
          'id', ${tourDates.id},
          'tour_id', ${tourDates.tour_id},
          'date_start', ${tourDates.date_start},
          'date_end', ${tourDates.date_end},
          'time_start', ${tourDates.time_start},
          'number_of_seats', ${tourDates.number_of_seats},
          'number_of_free_seats', ${tourDates.number_of_free_seats},
          'not_guaranteed', ${tourDates.not_guaranteed}
        ) ORDER BY ${tourDates.date_start}, ${tourDates.time_start}, ${tourDates.id})`,
      })
      .from(tourDates)
      .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today)));
    return row?.dates ?? [];
  },

  /**
   * What the list shows of each tour's upcoming departures, without reading them all: per tour its
   * nearest departure, its first `free` with free seats, and (on each) how many it has ahead. The
   * database ranks them (window functions); a tour with 90 days of weekly departures sends 4 rows.
   */
  upcomingSummary: async (tourIds: number[], free: number): Promise<(UpcomingDate & { count: number })[]> => {
    const order = sql`${tourDates.date_start}, ${tourDates.time_start}, ${tourDates.id}`;
    const ranked = db
      .select({
        id: tourDates.id,
        tour_id: tourDates.tour_id,
        date_start: tourDates.date_start,
        date_end: tourDates.date_end,
        time_start: tourDates.time_start,
        number_of_seats: tourDates.number_of_seats,
        number_of_free_seats: tourDates.number_of_free_seats,
        not_guaranteed: tourDates.not_guaranteed,
        count: sql<number>`count(*) over (partition by ${tourDates.tour_id})`.as('count'),
        nth: sql<number>`row_number() over (partition by ${tourDates.tour_id} order by ${order})`.as('nth'),
        nth_free:
          sql<number>`row_number() over (partition by ${tourDates.tour_id}, ${tourDates.number_of_free_seats} > 0 order by ${order})`.as(
            'nth_free',
          ),
      })
      .from(tourDates)
      .where(and(anyOf(tourDates.tour_id, tourIds), gte(tourDates.date_start, today)))
      .as('ranked');
    const [row] = await db
      .select({
        dates: sql<(UpcomingDate & { count: number })[] | null>`json_agg(json_build_object(
          'id', ${ranked.id},
          'tour_id', ${ranked.tour_id},
          'date_start', ${ranked.date_start},
          'date_end', ${ranked.date_end},
          'time_start', ${ranked.time_start},
          'number_of_seats', ${ranked.number_of_seats},
          'number_of_free_seats', ${ranked.number_of_free_seats},
          'not_guaranteed', ${ranked.not_guaranteed},
          'count', ${ranked.count}
        ) ORDER BY ${ranked.tour_id}, ${ranked.nth})`,
      })
      .from(ranked)
      .where(sql`${ranked.nth} = 1 or (${ranked.number_of_free_seats} > 0 and ${ranked.nth_free} <= ${free})`);
    return row?.dates ?? [];
  },

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

  // ─── departures ──────────────────────────────────────────────────────────
  dates: async (tourId: number, f: TourDateFilter, page: number, limit: number) => {
    const where = and(
      eq(tourDates.tour_id, tourId),
      f.period === 'upcoming' ? gte(tourDates.date_start, today) : undefined,
      f.period === 'past' ? lt(tourDates.date_start, today) : undefined,
      f.withVariants ? undefined : eq(tourDates.tour_variant, ''),
      f.fromSchedule === undefined ? undefined : eq(tourDates.is_from_schedule, f.fromSchedule),
    );
    const order = f.period === 'past' ? desc(tourDates.date_start) : asc(tourDates.date_start);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(tourDates)
        .where(where)
        .orderBy(order, asc(tourDates.time_start), asc(tourDates.tour_variant), asc(tourDates.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(tourDates).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },
  findDate: async (tourId: number, id: number): Promise<TourDateRow | null> =>
    (
      await db
        .select()
        .from(tourDates)
        .where(and(eq(tourDates.id, id), eq(tourDates.tour_id, tourId)))
        .limit(1)
    )[0] ?? null,
  /** The tour's departures starting on these days (to find duplicates before writing). */
  datesOnDays: (tourId: number, days: string[]) =>
    days.length
      ? db
          .select()
          .from(tourDates)
          .where(and(eq(tourDates.tour_id, tourId), inArray(tourDates.date_start, days)))
      : Promise.resolve([]),
  insertDates: (tourId: number, values: TourDateValues[]) =>
    db
      .insert(tourDates)
      .values(values.map((v) => ({ ...v, tour_id: tourId, number_of_free_seats: v.number_of_seats })))
      .returning(),
  /**
   * Changes a departure; a new capacity keeps the seats booked (free = capacity − booked) in one
   * statement, so a booking made meanwhile is counted. null when the capacity is below the booked seats.
   */
  updateDate: async (id: number, values: TourDateValues): Promise<TourDateRow | null> =>
    (
      await db
        .update(tourDates)
        .set({
          ...values,
          number_of_free_seats: sql`${tourDates.number_of_free_seats} + (${values.number_of_seats}::int - ${tourDates.number_of_seats})`,
          updated_at: new Date(),
        })
        .where(
          and(
            eq(tourDates.id, id),
            sql`${values.number_of_seats}::int >= ${tourDates.number_of_seats} - ${tourDates.number_of_free_seats}`,
          ),
        )
        .returning()
    )[0] ?? null,
  /** Removes a departure with no seat booked; false when it has bookings (or is gone). */
  deleteFreeDate: async (id: number): Promise<boolean> =>
    (
      await db
        .delete(tourDates)
        .where(and(eq(tourDates.id, id), eq(tourDates.number_of_free_seats, tourDates.number_of_seats)))
        .returning({ id: tourDates.id })
    ).length > 0,

  // ─── guides ──────────────────────────────────────────────────────────────
  guides: (organizerId: number) =>
    db
      .select({ guide: guides, tours_count: count(tourGuides.tour_id) })
      .from(guides)
      .leftJoin(tourGuides, eq(tourGuides.guide_id, guides.id))
      .where(eq(guides.organizer_id, organizerId))
      .groupBy(guides.id)
      .orderBy(asc(guides.last_name), asc(guides.first_name), asc(guides.id)),
  findGuide: async (organizerId: number, id: number): Promise<GuideRow | null> =>
    (
      await db
        .select()
        .from(guides)
        .where(and(eq(guides.id, id), eq(guides.organizer_id, organizerId)))
        .limit(1)
    )[0] ?? null,
  ownGuideIds: async (organizerId: number, ids: number[]): Promise<Set<number>> =>
    new Set(
      ids.length
        ? (
            await db
              .select({ id: guides.id })
              .from(guides)
              .where(and(eq(guides.organizer_id, organizerId), inArray(guides.id, ids)))
          ).map((r) => r.id)
        : [],
    ),
  guideToursCount: async (guideId: number): Promise<number> =>
    (await db.select({ n: count() }).from(tourGuides).where(eq(tourGuides.guide_id, guideId)))[0]?.n ?? 0,
  insertGuide: async (values: typeof guides.$inferInsert): Promise<GuideRow> =>
    (await db.insert(guides).values(values).returning())[0]!,
  updateGuide: async (organizerId: number, id: number, values: Partial<typeof guides.$inferInsert>) =>
    (
      await db
        .update(guides)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(guides.id, id), eq(guides.organizer_id, organizerId)))
        .returning()
    )[0] ?? null,
  deleteGuide: async (organizerId: number, id: number): Promise<boolean> =>
    (
      await db
        .delete(guides)
        .where(and(eq(guides.id, id), eq(guides.organizer_id, organizerId)))
        .returning({ id: guides.id })
    ).length > 0,
});
export type TourQueries = ReturnType<typeof queries>;

export const createTourRepository = (db: Db) => ({
  ...queries(db),
  /** Runs fn with the queries bound to one transaction: all of it is written, or none. */
  transaction: <T>(fn: (repo: TourQueries) => Promise<T>): Promise<T> =>
    db.transaction((tx) => fn(queries(tx as unknown as Db, true))),
});
export type TourRepository = ReturnType<typeof createTourRepository>;
