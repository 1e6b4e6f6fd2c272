import {
  DEFAULT_SITE_PRESET,
  SITE_PRESET_TYPES,
  coded,
  typedSiteBlockSchema,
  userActor,
  type DomainCheck,
  type Image,
  type Language,
  type PageType,
  type SavePageBlocksBody,
  type Site,
  type SitePage,
  type SitePresetType,
  type TypedSiteBlock,
} from '@tourdesk/contract';
import type { z } from 'zod';
import type { domainBodySchema, mainPageSettingBodySchema } from '@tourdesk/contract';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { Tenancy } from '../../lib/tenancy';
import { zodIssueFields } from '../../plugins/errors';
import { checkBlocks, usableImage } from './site-blocks';
import { judgeDomain, toDomainCheck, type ResolveCname } from './site-domain';
import { SITE_PRESETS } from './site-presets';
import { slugify } from './site-slug';
import { starterPages, type StarterProfile } from './site-starter';
import { EMPTY_SETTINGS, toPage, toSite, type SiteUrls } from './site-view';
import type { SiteQueries, SiteRepository, SiteRow } from './site.repository';

export interface SiteServiceDeps {
  repo: SiteRepository;
  tenancy: Tenancy;
  urls: SiteUrls;
  resolveCname: ResolveCname;
}

/**
 * The site constructor (issue 25): the organizer's one site, its pages' drafts and published
 * versions, and its addresses. Every call checks membership: another organizer's site does not
 * exist. The look (preset, fonts, favicon, documents) is site-look.service.ts.
 */
export const createSiteService = (deps: SiteServiceDeps) => {
  const { repo, tenancy, urls } = deps;
  const domainDeps = { sitesDomain: urls.sitesDomain, resolveCname: deps.resolveCname };

  /** The organizer's site, its membership checked; 404 before one is attached. */
  const ownSite = async (ctx: ServiceContext, organizerId: number, q: SiteQueries = repo): Promise<SiteRow> => {
    await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
    const site = await q.siteOf(organizerId);
    if (!site) throw AppError.notFound('site_not_attached');
    return site;
  };
  const pageOf = async (q: SiteQueries, site: SiteRow, type: PageType) => {
    const page = await q.page(site.id, type);
    if (!page) throw AppError.notFound('site_not_attached');
    return page;
  };

  /** A free subdomain from the organizer's name: transliterated, with -2, -3… when taken. */
  const freeSubdomain = async (q: SiteQueries, name: string, organizerId: number): Promise<string> => {
    let base = slugify(name, 34);
    if (base.length < 3) base = `tours-${organizerId}`;
    const verdict = await judgeDomain(q, domainDeps, base, false, null);
    if (verdict.code === null) return base;
    const taken = new Set(await q.subdomainsLike(base));
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  };

  const starterProfile = async (q: SiteQueries, organizerId: number): Promise<StarterProfile> => {
    const org = (await q.organizer(organizerId))!;
    const profile = org.profile as { description?: string; social_links?: Record<string, string> };
    const published = await q.publishedTours(organizerId);
    const [cover] = await q.covers(published.slice(0, 1).map((t) => t.id));
    const image = (id: number | null | undefined, alt = ''): Image | null =>
      id ? { id, url: urls.fileUrl(id), alt } : null;
    return {
      name: org.name,
      description: typeof profile.description === 'string' ? profile.description : '',
      logo: image(org.logo_file_id),
      cover: image(cover?.file_id, cover?.alt),
      social_links: profile.social_links ?? {},
      tour_count: published.length,
    };
  };

  const saveErrors = (errors: FieldMessages): void => {
    if (Object.keys(errors).length) throw AppError.validation(errors);
  };

  return {
    ownSite,

    getAttachedSite: async (ctx: ServiceContext, organizerId: number): Promise<Site | null> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      const site = await repo.siteOf(organizerId);
      return site ? toSite(site, urls) : null;
    },

    /** Creates the site with its preset and starter pages; the existing one when there is one already. */
    attachSite: async (
      ctx: ServiceContext,
      organizerId: number,
      body: { subdomain?: string; preset_type?: SitePresetType },
    ): Promise<Site> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      const existing = await repo.siteOf(organizerId);
      if (existing) return toSite(existing, urls);
      return repo.transaction(async (q) => {
        let subdomain: string;
        if (body.subdomain) {
          const verdict = await judgeDomain(q, domainDeps, body.subdomain, false, null);
          if (verdict.code) throw AppError.validation({ subdomain: [verdict.code] });
          subdomain = body.subdomain;
        } else {
          subdomain = await freeSubdomain(q, (await q.organizer(organizerId))!.name, organizerId);
        }
        const presetType = body.preset_type ?? DEFAULT_SITE_PRESET;
        const site = await q.insertSite({
          organizer_id: organizerId,
          subdomain,
          preset_type: presetType,
          preset: structuredClone(SITE_PRESETS[presetType].data),
        });
        // a concurrent attach won the organizer's (or the subdomain's) unique index
        if (!site) {
          const other = await q.siteOf(organizerId);
          if (other) return toSite(other, urls);
          throw AppError.validation({ subdomain: ['site_domain_taken'] });
        }
        const lang: Language = (await q.ownerLanguage(organizerId)) === 'ru' ? 'ru' : 'en';
        const pages = starterPages(await starterProfile(q, organizerId), lang);
        await q.insertPages(
          (Object.keys(pages) as PageType[]).map((type) => ({
            site_id: site.id,
            type,
            draft_blocks: pages[type],
            draft_settings: EMPTY_SETTINGS,
            published_settings: EMPTY_SETTINGS,
          })),
        );
        return toSite(site, urls);
      });
    },

    getPage: async (ctx: ServiceContext, organizerId: number, type: PageType): Promise<SitePage> => {
      const site = await ownSite(ctx, organizerId);
      return toPage(await pageOf(repo, site, type), urls);
    },

    /** The page's blocks, checked whole; nothing is written on any error. */
    savePageBlocks: async (ctx: ServiceContext, organizerId: number, body: SavePageBlocksBody): Promise<SitePage> => {
      const site = await ownSite(ctx, organizerId);
      const blocks = body.blocks as TypedSiteBlock[];
      return repo.transaction(async (q) => {
        const errors: FieldMessages = {};
        const attach = await checkBlocks(
          q,
          { organizerId, userId: ctx.userId, fileUrl: urls.fileUrl },
          body.type,
          blocks.map((block, i) => ({ block, path: `blocks.${i}` })),
          errors,
        );
        saveErrors(errors);
        await q.attachFiles(attach, organizerId);
        await pageOf(q, site, body.type);
        return toPage(await q.updatePage(site.id, body.type, { draft_blocks: blocks }), urls);
      });
    },

    updateMainPageSetting: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof mainPageSettingBodySchema>,
    ): Promise<SitePage> => {
      const site = await ownSite(ctx, organizerId);
      return repo.transaction(async (q) => {
        if (body.og_image_id !== null) {
          const [f] = await q.files([body.og_image_id]);
          if (!usableImage(f, organizerId, ctx.userId)) throw AppError.validation({ og_image_id: ['file_not_usable'] });
          if (f!.organizer_id === null) await q.attachFiles([f!.id], organizerId);
        }
        await pageOf(q, site, 'main');
        const settings = { title: body.title, meta_description: body.meta_description, og_image_id: body.og_image_id };
        return toPage(await q.updatePage(site.id, 'main', { draft_settings: settings }), urls);
      });
    },

    /** The draft becomes the next published version (kept in site_page_versions); the site is published from then on. */
    publish: async (ctx: ServiceContext, organizerId: number, type: PageType): Promise<SitePage> => {
      await ownSite(ctx, organizerId);
      return repo.transaction(async (q) => {
        const site = (await q.siteOf(organizerId))!;
        const page = await pageOf(q, site, type);
        const now = new Date();
        const version = page.published_version + 1;
        const updated = await q.updatePage(site.id, type, {
          published_blocks: page.draft_blocks,
          published_settings: page.draft_settings,
          published_version: version,
          published_at: now,
        });
        await q.insertVersion({
          site_id: site.id,
          type,
          version,
          blocks: page.draft_blocks,
          settings: page.draft_settings,
          published_at: now,
        });
        if (site.status !== 'published') await q.updateSite(site.id, { status: 'published', published_at: now });
        await q.record({
          type: 'site.published',
          aggregateId: site.id,
          organizerId,
          actor: userActor(ctx.userId),
          payload: { site_id: site.id, organizer_id: organizerId, page_type: type, version },
        });
        return toPage(updated, urls);
      });
    },

    checkDomain: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof domainBodySchema>,
    ): Promise<DomainCheck> => {
      // also before a site is attached: the create form checks the address it will ask for
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      const site = await repo.siteOf(organizerId);
      const verdict = await judgeDomain(repo, domainDeps, body.domain, body.is_custom, site?.id ?? null);
      return toDomainCheck(body.domain, verdict, urls.sitesDomain, ctx.lang);
    },

    /** A new subdomain, or the custom domain once its check passes (422 on `domain` with the reason otherwise). */
    changeDomain: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof domainBodySchema>,
    ): Promise<Site> => {
      const site = await ownSite(ctx, organizerId);
      return repo.transaction(async (q) => {
        const verdict = await judgeDomain(q, domainDeps, body.domain, body.is_custom, site.id);
        if (verdict.code)
          throw AppError.validation({
            domain: [
              verdict.code === 'site_custom_domain_dns'
                ? coded(verdict.code, { target: urls.sitesDomain })
                : verdict.code,
            ],
          });
        const updated = body.is_custom
          ? await q.updateSite(site.id, { custom_domain: body.domain, custom_domain_checked_at: new Date() })
          : await q.updateSite(site.id, { subdomain: body.domain });
        return toSite(updated, urls);
      });
    },

    /** One block against its type's schema (and the page type's blocks when given): the same checks as a save. */
    validateBlock: async (
      ctx: ServiceContext,
      organizerId: number,
      body: { block?: unknown; page_type?: PageType },
    ): Promise<{ success: true }> => {
      await tenancy.assertMember(ctx.userId, organizerId, 'organizer.write');
      const parsed = typedSiteBlockSchema.safeParse(body.block);
      if (!parsed.success) throw AppError.validation(zodIssueFields(parsed.error.issues, body.block, 'block'));
      const errors: FieldMessages = {};
      await checkBlocks(
        repo,
        { organizerId, userId: ctx.userId, fileUrl: urls.fileUrl },
        body.page_type ?? null,
        [{ block: parsed.data, path: 'block' }],
        errors,
      );
      saveErrors(errors);
      return { success: true };
    },
  };
};
export type SiteService = ReturnType<typeof createSiteService>;

export const isPresetType = (v: string): v is SitePresetType => (SITE_PRESET_TYPES as readonly string[]).includes(v);
