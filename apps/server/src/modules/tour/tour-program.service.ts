import sharp from 'sharp';
import type { TourProgramPdf } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import type { UploadService } from '../upload';
import { renderProgramPdf, type ProgramDocument } from './tour-program.pdf';
import {
  PROGRAM_PDF_BUCKET,
  PROGRAM_PDF_DEPARTURES,
  type ProgramTourRow,
  type TourProgramRepository,
} from './tour-program.repository';
import { calendarDayIn } from '../../lib/calendar-day';

/** A file name from the tour's name: no path or reserved characters, never empty. */
export const programFileName = (tourName: string): string => {
  const base = [...tourName]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'programme'}.pdf`;
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const numberOrNull = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * The programme PDF (SPEC §7 tour-program): rendered with pdfmake from the stored tour, kept in the
 * files storage as a private file of the tour's organizer, and served to that organizer's members.
 */
export const createTourProgramService = (deps: {
  repo: TourProgramRepository;
  tenancy: Tenancy;
  uploads: Pick<UploadService, 'file' | 'serve'>;
  brandName: string;
}) => {
  const { repo, tenancy, uploads, brandName } = deps;

  /** The tour if the caller is a member of its organizer; to anyone else it does not exist. */
  const ownTour = async (ctx: ServiceContext, id: number): Promise<ProgramTourRow> => {
    const row = await repo.findTour(id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, 'tours.read')))
      throw AppError.notFound('tour_not_found');
    return row;
  };

  /** The cover as a JPEG banner (pdfmake draws JPEG and PNG, photos are stored as WebP); null when unreadable. */
  const cover = async (ctx: ServiceContext, fileId: number | null): Promise<Buffer | null> => {
    if (fileId === null) return null;
    try {
      const file =
        (await uploads.serve(ctx.userId, fileId, 'w1200')) ?? (await uploads.serve(ctx.userId, fileId, undefined));
      if (!file) return null;
      return await sharp(file.data)
        .resize({ width: 1200, height: 540, fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch (e) {
      ctx.log.warn({ err: e, fileId }, 'programme PDF without its cover: the photo could not be read');
      return null;
    }
  };

  /** The programme of a tour as PDF bytes, in the caller's language. */
  const render = async (ctx: ServiceContext, tour: ProgramTourRow): Promise<Buffer> => {
    const organizer = await repo.organizer(tour.organizer_id);
    const profile = organizer?.profile ?? {};
    const contacts = (profile.contacts ?? {}) as Record<string, unknown>;
    const today = calendarDayIn(text(profile.timezone), new Date());
    const [days, departures, coverId] = await Promise.all([
      repo.days(tour.id),
      repo.nextDepartures(tour.id, today, PROGRAM_PDF_DEPARTURES),
      repo.coverFileId(tour.id),
    ]);
    const doc: ProgramDocument = {
      brandName,
      tour: {
        name: tour.name,
        type: tour.type,
        currency: tour.currency,
        price: numberOrNull(tour.price),
        duration: tour.duration,
        duration_hours: numberOrNull(tour.duration_hours),
        group_min: tour.group_min,
        group_max: tour.group_max,
        min_age: tour.min_age,
        max_age: tour.max_age,
        difficulty: tour.difficulty,
        gathering_place: tour.gathering_place,
        description: tour.description,
        in_price: tour.in_price,
        not_in_price: tour.not_in_price,
        is_program_preliminary: tour.is_program_preliminary,
        is_dates_preliminary: tour.is_dates_preliminary,
      },
      days: days.map((d) => ({ day: d.day, title: d.title, description: d.description, meals: d.meals })),
      departures: departures.map((d) => ({
        date_start: d.date_start,
        date_end: d.date_end,
        time_start: d.time_start,
        price: Number(d.price),
        number_of_seats: d.number_of_seats,
        number_of_free_seats: d.number_of_free_seats,
        not_guaranteed: d.not_guaranteed,
      })),
      organizer: {
        name: organizer?.name ?? '',
        phone: text(contacts.phone),
        additional_phone: text(contacts.additional_phone),
        email: text(contacts.email),
        website: text(contacts.website),
      },
      cover: await cover(ctx, coverId),
    };
    return renderProgramPdf(doc, ctx.lang, today);
  };

  /** The request (its organizer and tour) to a member of its organizer; 404 'Request not found' to anyone else. */
  const memberRequest = async (ctx: ServiceContext, requestId: number) => {
    const request = await repo.findRequest(requestId);
    if (!request || !(await tenancy.reaches(ctx.userId, request.organizer_id, 'bookings.write')))
      throw AppError.notFound('request_not_found');
    return request;
  };

  return {
    assertRequest: async (ctx: ServiceContext, requestId: number): Promise<void> => {
      await memberRequest(ctx, requestId);
    },
    /** Renders the tour's programme in the caller's language and stores it; answers its id for download. */
    create: async (ctx: ServiceContext, tourId: number): Promise<TourProgramPdf> => {
      const tour = await ownTour(ctx, tourId);
      const stored = await uploads.file(ctx.userId, {
        file: { data: await render(ctx, tour), filename: programFileName(tour.name) },
        is_public: false,
        organizer_id: tour.organizer_id,
        bucket: PROGRAM_PDF_BUCKET,
      });
      return { id: stored.id, tour_id: tour.id, name: stored.name, size: stored.size };
    },

    /**
     * The programme of a request's tour, rendered now (SPEC's download-pdf by request_id): for the
     * members of the request's organizer; to anyone else the request does not exist.
     */
    forRequest: async (ctx: ServiceContext, requestId: number): Promise<{ data: Buffer; name: string }> => {
      const request = await memberRequest(ctx, requestId);
      const tour = request.tour_id === null ? null : await repo.findTour(request.tour_id);
      if (!tour) throw AppError.notFound('tour_not_found');
      return { data: await render(ctx, tour), name: programFileName(tour.name) };
    },

    /** A programme PDF's bytes and file name, for the members of its organizer only. */
    download: async (ctx: ServiceContext, pdfId: number): Promise<{ data: Buffer; name: string }> => {
      const pdf = await repo.findPdf(pdfId);
      if (!pdf || pdf.organizer_id === null || !(await tenancy.reaches(ctx.userId, pdf.organizer_id, 'tours.read')))
        throw AppError.notFound('file_not_found');
      const file = await uploads.serve(ctx.userId, pdf.id, undefined);
      if (!file) throw AppError.notFound('file_not_found');
      return { data: file.data, name: pdf.original_name ?? 'programme.pdf' };
    },
  };
};
export type TourProgramService = ReturnType<typeof createTourProgramService>;
