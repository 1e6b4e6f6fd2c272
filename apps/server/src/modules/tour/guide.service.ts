import type { GuideListItem, guideCreateBodySchema } from '@tourdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { guideOf, type FileUrl } from './tour.mapper';
import type { GuideRow, TourRepository } from './tour.repository';

export type GuideFields = Omit<z.output<typeof guideCreateBodySchema>, 'organizer_id'>;

const notFound = (): AppError => AppError.notFound('guide_not_found');

/** SPEC §3 Guide: an organizer's guides, picked into its tours. */
export const createGuideService = (deps: { repo: TourRepository; tenancy: Tenancy; fileUrl: FileUrl }) => {
  const { repo, tenancy, fileUrl } = deps;
  const item = (g: GuideRow, toursCount: number): GuideListItem => ({
    ...guideOf(fileUrl, g),
    tours_count: toursCount,
  });

  /** The photo: an image the caller uploaded, or one already the organizer's. */
  const checkPhoto = async (ctx: ServiceContext, organizerId: number, photoId: number | null): Promise<void> => {
    if (photoId === null) return;
    const [f] = await repo.files([photoId]);
    const usable =
      f?.kind === 'image' && (f.organizer_id === null ? f.user_id === ctx.userId : f.organizer_id === organizerId);
    if (!usable) throw AppError.validation({ photo_id: ['file_not_usable'] });
  };
  const values = ({ photo_id, ...fields }: GuideFields) => ({ ...fields, photo_file_id: photo_id });

  return {
    list: async (ctx: ServiceContext, organizerId: number): Promise<GuideListItem[]> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      return (await repo.guides(organizerId)).map((r) => item(r.guide, r.tours_count));
    },
    create: async (ctx: ServiceContext, organizerId: number, fields: GuideFields): Promise<GuideListItem> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      await checkPhoto(ctx, organizerId, fields.photo_id);
      return repo.transaction(async (r) => {
        const row = await r.insertGuide({ ...values(fields), organizer_id: organizerId });
        await r.attachFiles(fields.photo_id ? [fields.photo_id] : [], organizerId);
        return item(row, 0);
      });
    },
    update: async (ctx: ServiceContext, organizerId: number, id: number, fields: GuideFields) => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      if (!(await repo.findGuide(organizerId, id))) throw notFound();
      await checkPhoto(ctx, organizerId, fields.photo_id);
      return repo.transaction(async (r) => {
        const row = await r.updateGuide(organizerId, id, values(fields));
        if (!row) throw notFound();
        await r.attachFiles(fields.photo_id ? [fields.photo_id] : [], organizerId);
        return item(row, await r.guideToursCount(id));
      });
    },
    /** A guide some tour names goes only with force, and leaves those tours. */
    delete: async (ctx: ServiceContext, organizerId: number, id: number, force = false) => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      if (!(await repo.findGuide(organizerId, id))) throw notFound();
      const tours = await repo.guideToursCount(id);
      if (tours > 0 && !force)
        throw AppError.validation({ force: [{ code: 'guide_in_use', params: { count: tours } }] });
      if (!(await repo.deleteGuide(organizerId, id))) throw notFound();
      return { success: true };
    },
  };
};
export type GuideService = ReturnType<typeof createGuideService>;
