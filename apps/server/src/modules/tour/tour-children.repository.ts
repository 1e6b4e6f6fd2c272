import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  guides,
  tourAccommodationVariants,
  tourAccommodations,
  tourCities,
  tourDiscounts,
  tourGuides,
  tourPenalties,
  tourPhotos,
  tourProgramDayPhotos,
  tourProgramDays,
  tourQuestions,
  tourSiteStatuses,
} from '../../db/schema/index';

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

/**
 * A tour's lists (photos, program, accommodations, questions, guides, penalties, discounts, cities):
 * written together, read together. `inTransaction`: the queries run on one client, in turn.
 */
export const tourChildrenQueries = (db: Db, inTransaction = false) => ({
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
});
