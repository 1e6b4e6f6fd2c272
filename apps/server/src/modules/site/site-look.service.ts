import {
  FONT_FILE_EXTENSIONS,
  SITE_PRESET_TYPES,
  type DocumentType,
  type FontWeight,
  type SiteDocument,
  type SiteFont,
  type SitePreset,
  type SitePresetType,
} from '@tourdesk/contract';
import type { z } from 'zod';
import type { addFontBodySchema, updateFontBodySchema, updatePresetDataBodySchema } from '@tourdesk/contract';
import { AppError, type FieldMessages } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import { sanitizeRichText, usableImage } from './site-blocks';
import { SHIPPED_FONTS, SITE_PRESETS, isShippedFontId, shippedFont, toSitePreset } from './site-presets';
import type { SiteService } from './site.service';
import { imageOfFile, type SiteUrls } from './site-view';
import type { FileRow, SiteFontRow, SiteRepository } from './site.repository';

/** The favicon a site without its own shows. */
export const DEFAULT_FAVICON = '/favicon.ico';

/** An uploaded font as the contract's SiteFont: its files served at /files/<id>. */
export const toCustomFont = (row: SiteFontRow, urls: SiteUrls): SiteFont => {
  const files = [...row.files].sort((a, b) => a.weight - b.weight);
  return {
    id: row.id,
    name: row.name,
    family: row.family,
    weights: [...new Set(files.map((f) => f.weight as FontWeight))],
    files: files.map((f) => ({ weight: f.weight as FontWeight, url: urls.fileUrl(f.file_id) })),
    is_custom: true,
  };
};

/** Every font a site's preset may use: the shipped ones, then the organizer's. */
export const fontsOf = async (repo: SiteRepository, organizerId: number, urls: SiteUrls): Promise<SiteFont[]> => [
  ...SHIPPED_FONTS.map(shippedFont),
  ...(await repo.fonts(organizerId)).map((f) => toCustomFont(f, urls)),
];

const isFontFile = (f: FileRow): boolean => {
  const ext = (f.original_name ?? '').toLowerCase().split('.').pop() ?? '';
  return f.kind === 'file' && (FONT_FILE_EXTENSIONS as readonly string[]).includes(ext);
};

/**
 * The site's look: the preset (colours, fonts, radius), the organizer's own fonts, the favicon,
 * and the agreement and policy documents. Files are the organizer's own uploads, named by id.
 */
export const createSiteLookService = (deps: { repo: SiteRepository; urls: SiteUrls; sites: SiteService }) => {
  const { repo, urls, sites } = deps;

  /** Each font file must be the organizer's own public upload of a font (woff2, woff, ttf, otf). */
  const checkFontFiles = async (
    ctx: ServiceContext,
    organizerId: number,
    files: { weight: number; file_id: number }[],
  ): Promise<number[]> => {
    const rows = new Map((await repo.files(files.map((f) => f.file_id))).map((f) => [f.id, f]));
    const errors: FieldMessages = {};
    const attach: number[] = [];
    const weights = new Set<number>();
    files.forEach((file, i) => {
      const f = rows.get(file.file_id);
      const own =
        f && f.is_public && (f.organizer_id === null ? f.user_id === ctx.userId : f.organizer_id === organizerId);
      if (!own) (errors[`files.${i}.file_id`] ??= []).push('file_not_found');
      else if (!isFontFile(f)) (errors[`files.${i}.file_id`] ??= []).push('site_font_file');
      else if (f.organizer_id === null) attach.push(f.id);
      if (weights.has(file.weight)) (errors[`files.${i}.weight`] ??= []).push('incorrect_value');
      weights.add(file.weight);
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return attach;
  };

  const ownFont = async (organizerId: number, id: number): Promise<SiteFontRow> => {
    const font = (await repo.fonts(organizerId)).find((f) => f.id === id);
    if (!font) throw AppError.notFound('site_font_not_found');
    return font;
  };

  const familyOf = (name: string, id: number): string =>
    `'${name.replace(/['"\\;{}<>]/g, '') || `Font ${id}`}', sans-serif`;

  return {
    presetList: async (ctx: ServiceContext, organizerId: number): Promise<SitePreset[]> => {
      await deps.sites.ownSite(ctx, organizerId).catch((e: unknown) => {
        // the list is the same before a site exists; only another tenant is refused
        if (e instanceof AppError && e.coded.code === 'site_not_attached') return;
        throw e;
      });
      return SITE_PRESET_TYPES.map((type) => toSitePreset(type, SITE_PRESETS[type].data));
    },
    getPreset: async (ctx: ServiceContext, organizerId: number): Promise<SitePreset> => {
      const site = await sites.ownSite(ctx, organizerId);
      return toSitePreset(site.preset_type, site.preset);
    },
    /** The preset's colours and fonts replace the site's. */
    changePreset: async (ctx: ServiceContext, organizerId: number, type: SitePresetType): Promise<SitePreset> => {
      const site = await sites.ownSite(ctx, organizerId);
      const updated = await repo.updateSite(site.id, {
        preset_type: type,
        preset: structuredClone(SITE_PRESETS[type].data),
      });
      return toSitePreset(updated.preset_type, updated.preset);
    },
    /** What the body names, over the site's preset; the fonts must be shipped or the organizer's. */
    updatePresetData: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof updatePresetDataBodySchema>,
    ): Promise<SitePreset> => {
      const site = await sites.ownSite(ctx, organizerId);
      const own = new Set((await repo.fonts(organizerId)).map((f) => f.id));
      const errors: FieldMessages = {};
      for (const key of ['heading_font_id', 'body_font_id'] as const) {
        const id = body[key];
        if (id !== undefined && !isShippedFontId(id) && !own.has(id)) errors[key] = ['site_font_not_found'];
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const { colors, ...rest } = body;
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      const preset = { ...site.preset, ...defined, colors: { ...site.preset.colors, ...colors } };
      const updated = await repo.updateSite(site.id, { preset });
      return toSitePreset(updated.preset_type, updated.preset);
    },
    fontsForPreset: async (ctx: ServiceContext, organizerId: number): Promise<SiteFont[]> => {
      await sites.ownSite(ctx, organizerId);
      return fontsOf(repo, organizerId, urls);
    },
    fontData: async (ctx: ServiceContext, organizerId: number, id: number): Promise<SiteFont> => {
      await sites.ownSite(ctx, organizerId);
      const shipped = SHIPPED_FONTS.find((f) => f.id === id);
      if (shipped) return shippedFont(shipped);
      return toCustomFont(await ownFont(organizerId, id), urls);
    },
    addFont: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof addFontBodySchema>,
    ): Promise<SiteFont> => {
      await sites.ownSite(ctx, organizerId);
      const attach = await checkFontFiles(ctx, organizerId, body.files);
      return repo.transaction(async (q) => {
        await q.attachFiles(attach, organizerId);
        const row = await q.insertFont({ organizer_id: organizerId, name: body.name, family: '', files: body.files });
        return toCustomFont(await q.updateFont(row.id, { family: familyOf(body.name, row.id) }), urls);
      });
    },
    updateFont: async (
      ctx: ServiceContext,
      organizerId: number,
      body: z.output<typeof updateFontBodySchema>,
    ): Promise<SiteFont> => {
      await sites.ownSite(ctx, organizerId);
      const font = await ownFont(organizerId, body.id);
      const attach = body.files ? await checkFontFiles(ctx, organizerId, body.files) : [];
      return repo.transaction(async (q) => {
        await q.attachFiles(attach, organizerId);
        const name = body.name ?? font.name;
        return toCustomFont(
          await q.updateFont(font.id, { name, family: familyOf(name, font.id), files: body.files ?? font.files }),
          urls,
        );
      });
    },
    getFavicon: async (ctx: ServiceContext, organizerId: number) => {
      const site = await sites.ownSite(ctx, organizerId);
      const image = imageOfFile(urls, site.favicon_file_id);
      return { url: image?.url ?? DEFAULT_FAVICON, image };
    },
    /** The organizer's uploaded image as the favicon; null: the default again. */
    updateFavicon: async (ctx: ServiceContext, organizerId: number, fileId: number | null) => {
      const site = await sites.ownSite(ctx, organizerId);
      if (fileId !== null) {
        const [f] = await repo.files([fileId]);
        if (!usableImage(f, organizerId, ctx.userId)) throw AppError.validation({ file_id: ['file_not_usable'] });
      }
      const updated = await repo.transaction(async (q) => {
        if (fileId !== null) await q.attachFiles([fileId], organizerId);
        return q.updateSite(site.id, { favicon_file_id: fileId });
      });
      const image = imageOfFile(urls, updated.favicon_file_id);
      return { url: image?.url ?? DEFAULT_FAVICON, image };
    },
    getDocument: async (ctx: ServiceContext, organizerId: number, type: DocumentType): Promise<SiteDocument> => {
      const site = await sites.ownSite(ctx, organizerId);
      const doc = await repo.document(site.id, type);
      return doc ? { type, content: doc.content, updated_at: doc.updated_at.toISOString() } : { type, content: '' };
    },
    /** Sanitised with the rich text's allow-list before it is stored. */
    updateDocument: async (
      ctx: ServiceContext,
      organizerId: number,
      type: DocumentType,
      content: string,
    ): Promise<SiteDocument> => {
      const site = await sites.ownSite(ctx, organizerId);
      const doc = await repo.upsertDocument(site.id, type, sanitizeRichText(content));
      return { type, content: doc.content, updated_at: doc.updated_at.toISOString() };
    },
  };
};
export type SiteLookService = ReturnType<typeof createSiteLookService>;
