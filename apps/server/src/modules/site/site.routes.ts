import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { siteApi, sitePublicApi } from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ContextOf } from '../../lib/context';
import { registerRoute } from '../../lib/route';
import { fetchArticle } from './site-media';
import { mockTour, mockTours } from './site-mock';
import { SITE_FONTS_PATH, shippedFontFile } from './site-presets';
import type { SiteLookService } from './site-look.service';
import type { SitePublicService } from './site-public.service';
import type { SiteService } from './site.service';

/** The site constructor's routes (siteApi), the public site's JSON (sitePublicApi) and the shipped fonts' files. */
export const siteRoutes = (
  app: FastifyInstance,
  deps: {
    sites: SiteService;
    look: SiteLookService;
    pub: SitePublicService;
    contextOf: ContextOf;
    fetchAllowAddresses?: readonly string[];
  },
): void => {
  const { sites, look, pub, contextOf } = deps;
  const ctx = contextOf;

  // ─── the constructor ───
  registerRoute(app, siteApi.getAttachedSite, ({ request, query }) =>
    sites.getAttachedSite(ctx(request), query.organizer_id),
  );
  registerRoute(app, siteApi.attachSite, ({ request, query, body }) =>
    sites.attachSite(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.publishData, ({ request, query, body }) =>
    sites.publish(ctx(request), query.organizer_id, body.type),
  );
  registerRoute(app, siteApi.checkDomain, ({ request, query, body }) =>
    sites.checkDomain(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.changeDomain, ({ request, query, body }) =>
    sites.changeDomain(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.getPage, ({ request, query }) =>
    sites.getPage(ctx(request), query.organizer_id, query.type),
  );
  registerRoute(app, siteApi.savePageBlocks, ({ request, query, body }) =>
    sites.savePageBlocks(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.updateMainPageSetting, ({ request, query, body }) =>
    sites.updateMainPageSetting(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.validateBlock, ({ request, query, body }) =>
    sites.validateBlock(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.parseMassMediaArticle, async ({ request, query, body }) => {
    await sites.ownSite(ctx(request), query.organizer_id);
    return fetchArticle(body.url, deps.fetchAllowAddresses);
  });

  // ─── the look ───
  registerRoute(app, siteApi.getPresetList, ({ request, query }) => look.presetList(ctx(request), query.organizer_id));
  registerRoute(app, siteApi.changePreset, ({ request, query, body }) =>
    look.changePreset(ctx(request), query.organizer_id, body.preset_type),
  );
  registerRoute(app, siteApi.getPreset, ({ request, query }) => look.getPreset(ctx(request), query.organizer_id));
  registerRoute(app, siteApi.updatePresetData, ({ request, query, body }) =>
    look.updatePresetData(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.getFontsForPreset, ({ request, query }) =>
    look.fontsForPreset(ctx(request), query.organizer_id),
  );
  registerRoute(app, siteApi.addFont, ({ request, query, body }) =>
    look.addFont(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.updateFont, ({ request, query, body }) =>
    look.updateFont(ctx(request), query.organizer_id, body),
  );
  registerRoute(app, siteApi.fontData, ({ request, query }) =>
    look.fontData(ctx(request), query.organizer_id, query.id),
  );
  registerRoute(app, siteApi.updateFavicon, ({ request, query, body }) =>
    look.updateFavicon(ctx(request), query.organizer_id, body.file_id),
  );
  registerRoute(app, siteApi.getFavicon, ({ request, query }) => look.getFavicon(ctx(request), query.organizer_id));
  registerRoute(app, siteApi.getDocument, ({ request, query }) =>
    look.getDocument(ctx(request), query.organizer_id, query.type),
  );
  registerRoute(app, siteApi.updateDocument, ({ request, query, body }) =>
    look.updateDocument(ctx(request), query.organizer_id, body.type, body.content),
  );

  // ─── the public site ───
  registerRoute(app, sitePublicApi.customPage, async ({ query }) => {
    const site = await pub.publishedSite(query.domain);
    if (query.type === 'tour' && !query.slug) throw AppError.validation({ slug: ['required'] });
    return pub.page(site, query.type === 'main' ? 'main' : { slug: query.slug! }, query.lang ?? 'en');
  });
  registerRoute(app, sitePublicApi.customDocumentPage, async ({ query }) =>
    pub.document(await pub.publishedSite(query.domain), query.type),
  );
  registerRoute(app, sitePublicApi.customSiteOrgData, async ({ query }) =>
    pub.orgData(await pub.publishedSite(query.domain)),
  );
  registerRoute(app, sitePublicApi.customMetadata, async ({ query }) =>
    pub.metadata(await pub.publishedSite(query.domain), { type: query.type, slug: query.slug, lang: query.lang }),
  );
  registerRoute(app, sitePublicApi.toursCrm, async ({ query }) => pub.tours(await pub.publishedSite(query.domain)));
  registerRoute(app, sitePublicApi.toursSchedule, async ({ query }) =>
    pub.schedule(await pub.publishedSite(query.domain), query.page, query.per_page, query.tour_id),
  );
  registerRoute(app, sitePublicApi.tourCrm, async ({ query, request }) =>
    pub.tour(await pub.publishedSite(query.domain), query.slug, ctx(request).lang),
  );
  registerRoute(app, sitePublicApi.siteMockTours, ({ query }) => mockTours(query.lang ?? 'en'));
  registerRoute(app, sitePublicApi.siteMockTour, ({ query }) => mockTour(query.lang ?? 'en'));

  // ─── the shipped fonts' files: named by font and file, never changed under a name ───
  app.get<{ Params: { family: string; file: string } }>(`${SITE_FONTS_PATH}/:family/:file`, async (request, reply) => {
    const file = shippedFontFile(request.params.family, request.params.file);
    if (!file) throw AppError.notFound('site_font_not_found');
    reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*');
    return reply.send(await fs.promises.readFile(file));
  });
};
