import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guides, tourGuides } from '../../db/schema/index';

export type GuideRow = typeof guides.$inferSelect;

/** The organizer's guides, with how many tours each leads. */
export const guideQueries = (db: Db) => ({
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
