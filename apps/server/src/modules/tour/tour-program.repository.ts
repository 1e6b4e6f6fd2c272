import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, organizers, requests, tourDates, tourPhotos, tourProgramDays, tours } from '../../db/schema/index';

/** The files bucket programme PDFs are stored in (download-pdf serves only these). */
export const PROGRAM_PDF_BUCKET = 'tour-programs';
/** How many of the next departures the programme lists. */
export const PROGRAM_PDF_DEPARTURES = 8;

export type ProgramTourRow = typeof tours.$inferSelect;
export type ProgramDayRow = typeof tourProgramDays.$inferSelect;
export type ProgramDepartureRow = typeof tourDates.$inferSelect;

/** What the programme PDF reads: the tour, its days, cover, next departures and its organizer. */
export const createTourProgramRepository = (db: Db) => ({
  findTour: async (id: number): Promise<ProgramTourRow | null> =>
    (await db.select().from(tours).where(eq(tours.id, id)).limit(1))[0] ?? null,
  days: (tourId: number): Promise<ProgramDayRow[]> =>
    db.select().from(tourProgramDays).where(eq(tourProgramDays.tour_id, tourId)).orderBy(asc(tourProgramDays.day)),
  /** The cover photo's file, else the first photo's; null without photos. */
  coverFileId: async (tourId: number): Promise<number | null> =>
    (
      await db
        .select({ file_id: tourPhotos.file_id })
        .from(tourPhotos)
        .where(eq(tourPhotos.tour_id, tourId))
        .orderBy(desc(tourPhotos.is_cover), asc(tourPhotos.position))
        .limit(1)
    )[0]?.file_id ?? null,
  /** Departures starting on `fromDay` or later, soonest first. */
  nextDepartures: (tourId: number, fromDay: string, limit: number): Promise<ProgramDepartureRow[]> =>
    db
      .select()
      .from(tourDates)
      .where(and(eq(tourDates.tour_id, tourId), gte(tourDates.date_start, fromDay)))
      .orderBy(asc(tourDates.date_start), asc(tourDates.time_start), asc(tourDates.id))
      .limit(limit),
  organizer: async (id: number) =>
    (
      await db
        .select({ id: organizers.id, name: organizers.name, profile: organizers.profile })
        .from(organizers)
        .where(eq(organizers.id, id))
        .limit(1)
    )[0] ?? null,
  /** A stored programme PDF by its file id; null for any other file. */
  /** A request's organizer and tour (the programme of a request's tour). */
  findRequest: async (requestId: number) =>
    (
      await db
        .select({ organizer_id: requests.organizer_id, tour_id: requests.tour_id })
        .from(requests)
        .where(eq(requests.id, requestId))
        .limit(1)
    )[0] ?? null,
  findPdf: async (fileId: number) =>
    (
      await db
        .select({ id: files.id, organizer_id: files.organizer_id, original_name: files.original_name })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.kind, 'file'), eq(files.bucket, PROGRAM_PDF_BUCKET)))
        .limit(1)
    )[0] ?? null,
});
export type TourProgramRepository = ReturnType<typeof createTourProgramRepository>;
