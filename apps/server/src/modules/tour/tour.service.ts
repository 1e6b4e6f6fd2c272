import {
  type CatalogueKind,
  type TourCatalogueResponse,
  tourFieldIssues,
  tourPublishIssues,
  type Penalty,
  type Tour,
  type Capability,
} from '@tourdesk/contract';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { catalogueIdsOf, refOf, toTour, tourAlerts, type FileUrl } from './tour.mapper';
import type { TourQueries, TourRepository, TourRow, TourValues } from './tour.repository';
import { createTourListService } from './tour-list.service';
import {
  REF_LISTS,
  addIssue,
  childrenOf,
  storedRanges,
  valuesOf,
  type SaveFlags,
  type TourFields,
  type TourPatch,
} from './tour-values';
import { userActor } from '@tourdesk/contract';
import { isUniqueViolation } from '../../lib/db-errors';

export type { SaveFlags, TourFields, TourPatch } from './tour-values';

export const createTourService = (deps: { repo: TourRepository; tenancy: Tenancy; fileUrl: FileUrl }) => {
  const { repo, tenancy, fileUrl } = deps;

  /** The tour if the caller is a member of its organizer; to anyone else it does not exist. */
  const ownTour = async (
    r: TourQueries,
    ctx: ServiceContext,
    id: number,
    capability: Capability = 'tours.write',
  ): Promise<TourRow> => {
    const row = await r.findTour(id);
    if (!row || !(await tenancy.reaches(ctx.userId, row.organizer_id, capability)))
      throw AppError.notFound('tour_not_found');
    return row;
  };

  const build = async (r: TourQueries, ctx: ServiceContext, row: TourRow): Promise<Tour> => {
    const c = await r.loadChildren(row.id);
    const refs = new Map(
      (
        await r.catalogue(
          catalogueIdsOf(
            row,
            c.cities.map((x) => x.city_id),
          ),
        )
      ).map((x) => [x.id, x]),
    );
    // the alerts need the nearest departure and whether one has free seats
    const next = await r.upcomingSummary([row.id], 1);
    const schedule = await r.weekSchedule(row.id);
    return toTour(row, c, refs, tourAlerts(row, next), ctx.lang, fileUrl, schedule);
  };

  /**
   * Everything a body names must exist and be the organizer's: guides, catalogue values, images
   * (uploaded by the caller, or already the organizer's). Returns the uploads to attach.
   */
  const checkReferences = async (
    r: TourQueries,
    ctx: ServiceContext,
    organizerId: number,
    p: TourPatch,
    errors: FieldMessages,
  ): Promise<number[]> => {
    if (p.guides) {
      const own = await r.ownGuideIds(organizerId, p.guides);
      p.guides.forEach((id, i) => own.has(id) || addIssue(errors, `guides.${i}`, 'tour_guide_not_own'));
    }
    const wanted: [string, number, string][] = [];
    for (const [field, , kind] of REF_LISTS) p[field]?.forEach((id, i) => wanted.push([`${field}.${i}`, id, kind]));
    if (p.main_activity) wanted.push(['main_activity', p.main_activity, 'activity']);
    p.cities?.forEach((c, i) => wanted.push([`cities.${i}.city_id`, c.city_id, 'city']));
    const found = new Map((await r.catalogue([...new Set(wanted.map((w) => w[1]))])).map((x) => [x.id, x.kind]));
    for (const [path, id, kind] of wanted) if (found.get(id) !== kind) addIssue(errors, path, 'tour_unknown_item');

    const images: [string, number][] = [];
    p.photos?.forEach((ph, i) => images.push([`photos.${i}.id`, ph.id]));
    if (p.map_photo_id) images.push(['map_photo_id', p.map_photo_id]);
    p.program?.forEach((d, i) => d.photos.forEach((ph, j) => images.push([`program.${i}.photos.${j}.id`, ph.id])));
    const files = new Map((await r.files([...new Set(images.map((x) => x[1]))])).map((f) => [f.id, f]));
    const attach = new Set<number>();
    for (const [path, id] of images) {
      const f = files.get(id);
      const usable =
        f?.kind === 'image' && (f.organizer_id === null ? f.user_id === ctx.userId : f.organizer_id === organizerId);
      if (!usable) addIssue(errors, path, 'file_not_usable');
      else if (f.organizer_id === null) attach.add(id);
    }
    if (p.cover_photo_id != null && p.photos && !p.photos.some((ph) => ph.id === p.cover_photo_id))
      addIssue(errors, 'cover_photo_id', 'incorrect_value');
    return [...attach];
  };

  /** Publishing: what the tour still needs as field errors, else published and sent to moderation on each site. */
  const publish = async (r: TourQueries, ctx: ServiceContext, row: TourRow): Promise<TourRow> => {
    const tour = await build(r, ctx, row);
    const issues = tourPublishIssues(tour as unknown as Record<string, unknown>);
    if (issues.length) {
      const errors: FieldMessages = {};
      for (const i of issues) addIssue(errors, i.path, i.code);
      throw AppError.validation(errors);
    }
    const published = await r.updateTour(row.id, { status: 'published' });
    await r.submitToSites(row.id, await r.connectedSiteIds(row.organizer_id));
    await r.record({
      type: 'tour.published',
      aggregateId: row.id,
      organizerId: row.organizer_id,
      actor: userActor(ctx.userId),
      payload: { tour_id: row.id },
    });
    return published;
  };

  /** Create (existing null) or update: checked whole, then written in one transaction. */
  const save = async (
    ctx: ServiceContext,
    organizerId: number,
    existing: TourRow | null,
    patch: TourPatch,
    flags: SaveFlags,
  ): Promise<Tour> => {
    const errors: FieldMessages = {};
    const merged = { ...(existing ? storedRanges(existing) : {}), ...patch } as Record<string, unknown>;
    for (const issue of tourFieldIssues(merged))
      addIssue(errors, issue.path, issue.params ? { code: issue.code, params: issue.params } : issue.code);
    const attach = await checkReferences(repo, ctx, organizerId, patch, errors);
    const slug = patch.screen_name;
    if (slug && !errors.screen_name && (await repo.isSlugTaken(organizerId, slug, existing?.id ?? null)))
      addIssue(errors, 'screen_name', 'tour_slug_taken');
    const type = patch.type ?? existing?.type ?? 1;
    const duration = patch.duration !== undefined ? patch.duration : existing?.duration;
    const days = patch.program?.length ?? (existing ? (await repo.loadChildren(existing.id)).days.length : 0);
    if (
      type === 1 &&
      duration &&
      days &&
      days !== duration &&
      !flags.save_without_duration_checking &&
      !errors.duration
    )
      addIssue(errors, 'duration', { code: 'tour_duration_mismatch', params: { days, duration } });
    if (Object.keys(errors).length) throw AppError.validation(errors);

    try {
      return await repo.transaction(async (r) => {
        let row = existing
          ? await r.updateTour(existing.id, valuesOf(patch))
          : await r.insertTour(organizerId, valuesOf(patch));
        const children = childrenOf(patch);
        // a new cover without a new photo list: the stored photos, the cover moved
        if (existing && !patch.photos && patch.cover_photo_id !== undefined) {
          const stored = (await r.loadChildren(existing.id)).photos;
          if (patch.cover_photo_id !== null && !stored.some((ph) => ph.file_id === patch.cover_photo_id))
            throw AppError.validation({ cover_photo_id: ['incorrect_value'] });
          children.photos = {
            items: stored.map((ph) => ({ file_id: ph.file_id, alt: ph.alt })),
            cover_file_id: patch.cover_photo_id,
          };
        }
        await r.replaceChildren(row.id, children);
        await r.attachFiles(attach, organizerId);
        if (flags.with_publish) row = await publish(r, ctx, row);
        return build(r, ctx, row);
      });
    } catch (e) {
      // two saves raced for one slug: the index refused the second
      if (isUniqueViolation(e)) throw AppError.validation({ screen_name: ['tour_slug_taken'] });
      throw e;
    }
  };

  const setFlag = async (
    ctx: ServiceContext,
    id: number,
    values: Pick<Partial<TourValues>, 'is_dates_preliminary' | 'is_program_preliminary'>,
  ): Promise<Tour> => {
    const row = await ownTour(repo, ctx, id);
    return build(repo, ctx, await repo.updateTour(row.id, values));
  };

  return {
    ...createTourListService(deps),

    view: async (ctx: ServiceContext, id: number): Promise<Tour> =>
      build(repo, ctx, await ownTour(repo, ctx, id, 'tours.read')),

    create: async (ctx: ServiceContext, organizerId: number, fields: TourFields, flags: SaveFlags): Promise<Tour> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      return save(ctx, organizerId, null, fields, flags);
    },

    update: async (ctx: ServiceContext, id: number, patch: TourPatch, flags: SaveFlags): Promise<Tour> => {
      const row = await ownTour(repo, ctx, id);
      return save(ctx, row.organizer_id, row, patch, flags);
    },

    /** An archived tour goes back to publishing only through drafts: force_draft does that in one step. */
    publish: async (ctx: ServiceContext, id: number, forceDraft = false): Promise<Tour> => {
      const row = await ownTour(repo, ctx, id);
      if (row.status === 'archived' && !forceDraft) throw AppError.validation({ status: ['tour_archived'] });
      return repo.transaction(async (r) => build(r, ctx, await publish(r, ctx, row)));
    },
    draft: async (ctx: ServiceContext, id: number): Promise<Tour> => {
      const row = await ownTour(repo, ctx, id);
      return repo.transaction(async (r) => {
        await r.unpublishFromSites(row.id);
        return build(r, ctx, await r.updateTour(row.id, { status: 'draft' }));
      });
    },
    archive: async (ctx: ServiceContext, id: number): Promise<Tour> => {
      const row = await ownTour(repo, ctx, id);
      return repo.transaction(async (r) => {
        await r.unpublishFromSites(row.id);
        return build(r, ctx, await r.updateTour(row.id, { status: 'archived' }));
      });
    },
    changeDatesPreliminary: (ctx: ServiceContext, id: number, value: boolean) =>
      setFlag(ctx, id, { is_dates_preliminary: value }),
    changeProgramPreliminary: (ctx: ServiceContext, id: number, value: boolean) =>
      setFlag(ctx, id, { is_program_preliminary: value }),

    /**
     * A draft copy in one of the caller's organizers: content, programme, media, penalties,
     * discounts, cities and (same organizer only) guides; no dates, no slug, no site statuses.
     */
    createCopy: async (ctx: ServiceContext, id: number, organizerId: number): Promise<Tour> => {
      const source = await ownTour(repo, ctx, id, 'tours.read');
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.write');
      const c = await repo.loadChildren(source.id);
      const { id: _id, organizer_id, status: _s, screen_name: _n, created_at: _c, updated_at: _u, ...values } = source;
      const suffix = ctx.lang === 'ru' ? ' (копия)' : ' (copy)';
      return repo.transaction(async (r) => {
        const row = await r.insertTour(organizerId, {
          ...values,
          name: `${source.name.slice(0, 255 - suffix.length)}${suffix}`,
          copied_from_tour_id: source.id,
        });
        const photo = (p: { file_id: number; alt: string }) => ({ file_id: p.file_id, alt: p.alt });
        await r.replaceChildren(row.id, {
          photos: { items: c.photos.map(photo), cover_file_id: c.photos.find((p) => p.is_cover)?.file_id ?? null },
          program: c.days.map((d) => ({
            ...d,
            photos: c.dayPhotos.filter((p) => p.program_day_id === d.id).map(photo),
          })),
          accommodations: c.accommodations.map((a) => ({
            name: a.name,
            nights: a.nights,
            variants: c.variants
              .filter((v) => v.accommodation_id === a.id)
              .map(({ name, description, price, places }) => ({ name, description, price, places })),
          })),
          questions: c.questions.map(({ question, answer, added_to_voucher }) => ({
            question,
            answer,
            added_to_voucher,
          })),
          guide_ids: organizer_id === organizerId ? c.guides.map((g) => g.id) : [],
          penalties: c.penalties.map(({ days_before, percent }) => ({ days_before, percent })),
          discounts: c.discounts.map(({ id: _d, tour_id: _t, ...d }) => d),
          cities: c.cities.map(({ id: _d, tour_id: _t, ...d }) => d),
        });
        return build(r, ctx, row);
      });
    },

    /** A kind of the catalogue, named in the caller's language and sorted by that name. */
    catalogue: async (ctx: ServiceContext, kind: CatalogueKind, search?: string): Promise<TourCatalogueResponse> => {
      const collator = new Intl.Collator(ctx.lang);
      const items = (await repo.catalogueOfKind(kind, search)).map((row) => refOf(row, ctx.lang));
      return { items: items.sort((a, b) => collator.compare(a.name, b.name)) };
    },

    /** The organizer's cancellation penalties (its profile), latest first: where a tour's penalties start. */
    defaultPenalties: async (ctx: ServiceContext, organizerId: number): Promise<Penalty[]> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'tours.read');
      const stored = await repo.organizerPenalties(organizerId);
      return (Array.isArray(stored) ? (stored as Partial<Penalty>[]) : [])
        .filter((p) => typeof p.days_before === 'number' && typeof p.percent === 'number')
        .map((p) => ({ days_before: p.days_before!, percent: p.percent! }))
        .sort((a, b) => b.days_before - a.days_before);
    },
  };
};
export type TourService = ReturnType<typeof createTourService>;
