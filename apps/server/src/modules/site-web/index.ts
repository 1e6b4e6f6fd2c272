import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@tourdesk/contract';
import type { ServerModule } from '../../lib/modules';
import { loadSiteRenderer } from '../../lib/site-renderer';
import { registerSiteHostConstraint } from './site-web.host';
import { siteWebRoutes } from './site-web.routes';

/** apps/web/dist-site/client from dist/server.js or src/modules/site-web (the built hydration script and CSS). */
const defaultClientDist = (): string => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up = here.includes(`${path.sep}src${path.sep}`) ? ['..', '..', '..', '..'] : ['..', '..'];
  return path.resolve(here, ...up, 'web', 'dist-site', 'client');
};

/** How many of the organizer's reviews a site's page shows. */
const SITE_REVIEWS_LIMIT = 6;

/** How long a site's default language (its owner's) is remembered. */
const LANGUAGE_TTL_MS = 60_000;

/**
 * The public sites' pages (issue 25): server-rendered HTML at each site's host and at the path
 * preview /site/<subdomain>/, from the site module's public service and the web's site renderer.
 */
export const siteWebModule: ServerModule = {
  name: 'site-web',
  routes: async (app, { sitePublic, chats, reviews, checkout }, { config, contextOf }) => {
    registerSiteHostConstraint(app, new URL(config.publicUrl).hostname);
    const languages = new Map<number, { lang: Language; at: number }>();
    await siteWebRoutes(app, {
      pub: sitePublic,
      chats,
      renderer: () => loadSiteRenderer(),
      // beside the CRM's build when WEB_DIST names it (the tests' apps name none that exists)
      clientDist: config.WEB_DIST
        ? path.join(path.dirname(config.WEB_DIST), 'dist-site', 'client')
        : defaultClientDist(),
      publicUrl: config.publicUrl,
      cacheSize: config.SITE_PAGE_CACHE_SIZE,
      contextOf,
      checkoutFirstPaint: (tourId, dateId) => checkout.firstPaint(tourId, dateId),
      reviews: {
        list: (organizerId, tourId) =>
          reviews.organizerReviews({
            id: organizerId,
            tour_id: tourId ?? undefined,
            limit: SITE_REVIEWS_LIMIT,
            page: 1,
          }),
        stamp: (organizerId) => reviews.stamp(organizerId),
      },
      defaultLanguage: async (site) => {
        const known = languages.get(site.organizer_id);
        if (known && Date.now() - known.at < LANGUAGE_TTL_MS) return known.lang;
        const lang = await sitePublic.defaultLanguage(site);
        languages.set(site.organizer_id, { lang, at: Date.now() });
        return lang;
      },
    });
  },
};
