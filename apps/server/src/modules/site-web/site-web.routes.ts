import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  SITE_BLOCK_TYPE,
  chatWithOrganizerBodySchema,
  type CheckoutFirstPaint,
  type Language,
  type OrganizerReviews,
} from '@tourdesk/contract';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/context';
import type { SiteRenderer, SiteDocumentInput } from '../../lib/site-renderer';
import type { SiteBooking } from '../../../../web/src/site-render/types';
import type { ChatServices } from '../chat/index';
import type { SitePublicService, SiteRow } from '../site/index';
import { cachedPageOf, createPageCache, type CachedPage } from './site-web.cache';
import { chooseEncoding } from '../../plugins/compress';
import { initialIcon, noSitePage, robotsTxt, sitemapXml } from './site-web.seo';
import { parentOriginOf, sendWidget } from './site-web.widget';
import { sitePageHeaders } from './site-web.headers';

/** What a public page shows. */
export type SiteWebView =
  | { kind: 'main' }
  | { kind: 'tour'; slug: string }
  | { kind: 'schedule'; page: number }
  | { kind: 'document'; type: 'agreement' | 'policy' }
  | {
      kind: 'booking';
      tourId: number | null;
      dateId: number | null;
      /** what a refused post sent, and why it was refused */
      values?: SiteBooking['values'];
      errors?: SiteBooking['errors'];
      /** the widget's chrome-less page (any origin may frame it), and the host page's origin */
      embed?: { parentOrigin: string | null };
    }
  | { kind: 'not_found' };

const SLUG = /^[a-z0-9-]{1,120}$/;
const positive = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};
const languageOf = (q: unknown, fallback: Language): Language => (q === 'ru' || q === 'en' ? q : fallback);

export interface SiteWebDeps {
  pub: SitePublicService;
  chats: ChatServices;
  renderer: () => Promise<SiteRenderer>;
  /** apps/web/dist-site/client: the hydration script and the site's CSS */
  clientDist: string | null;
  publicUrl: string;
  /** SITE_PAGE_CACHE_SIZE */
  cacheSize: number;
  /** the language a site's pages are in without ?lang= (its owner's) */
  defaultLanguage: (site: SiteRow) => Promise<Language>;
  contextOf: (request: FastifyRequest) => ServiceContext;
  /** a tour's checkout options (the checkout module), rendered into its booking page */
  checkoutFirstPaint?: (tourId: number, dateId: number | null) => Promise<CheckoutFirstPaint>;
  /** the organizer's published reviews (of a tour), and what changes when they do (the review module) */
  reviews?: {
    list: (organizerId: number, tourId: number | null) => Promise<OrganizerReviews>;
    stamp: (organizerId: number) => Promise<string>;
  };
}

/**
 * The providers' public sites, rendered on the server: at a site's own host (its subdomain of
 * SITES_DOMAIN or its custom domain: `/`, `/tours/<slug>`, `/schedule`, `/agreement`, `/policy`,
 * `/booking`, `/sitemap.xml`, `/robots.txt`) and at the path preview `/site/<subdomain>/…` on the
 * product's host. Published pages are cached per site, change stamp, path and language.
 */
export const siteWebRoutes = async (app: FastifyInstance, deps: SiteWebDeps): Promise<void> => {
  const { pub } = deps;
  const cache = createPageCache(deps.cacheSize);
  const headers = sitePageHeaders(new URL(deps.publicUrl).origin);
  // the widget's embed page, and only it, may be framed by any site (site-web.widget.ts)
  const embedHeaders = sitePageHeaders(new URL(deps.publicUrl).origin, '*');
  // the platform's help form, linked from every site's footer
  const helpHref = `${deps.publicUrl}/org/help`;

  if (deps.clientDist && fs.existsSync(deps.clientDist))
    await app.register(fastifyStatic, {
      root: deps.clientDist,
      prefix: '/site-assets/app/',
      decorateReply: false,
      wildcard: false,
      index: false,
      allowedPath: (p) => !p.includes('..'),
      // the build writes .br and .gz beside each file (vite-precompress.ts)
      preCompressed: true,
      setHeaders: (res) => void res.header('cache-control', 'public, max-age=31536000, immutable'),
    });

  const send = (request: FastifyRequest, reply: FastifyReply, page: CachedPage, embed = false) => {
    reply
      .headers(embed ? embedHeaders : headers)
      .header('etag', page.etag)
      .header('cache-control', 'no-cache');
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    const encoding = chooseEncoding(request.headers['accept-encoding'] as string | undefined);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.status(page.status).send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.plain);
  };

  /** The input of the renderer for a view of a published site. */
  const inputOf = async (
    site: SiteRow,
    view: SiteWebView,
    lang: Language,
    base: string,
    langParam: Language | null,
  ): Promise<{ input: Omit<SiteDocumentInput, 'assets'>; status: number }> => {
    const [org, tours] = await Promise.all([pub.orgData(site), pub.tours(site)]);
    const common = { lang, langParam, org, tours, tour: null, schedule: null, base, helpHref };
    const notFound = async () => ({
      input: {
        ...common,
        view: { kind: 'not_found' as const },
        metadata: await pub.metadata(site, { type: 'main', lang }),
      },
      status: 404,
    });
    try {
      switch (view.kind) {
        case 'main':
        case 'tour': {
          const page = await pub.page(site, view.kind === 'main' ? 'main' : { slug: view.slug }, lang);
          const metadata = await pub.metadata(site, {
            type: view.kind,
            slug: view.kind === 'tour' ? view.slug : undefined,
            lang,
          });
          // the organizer's reviews: for a reviews block in "mine" mode, and a tour's aggregate rating
          const wantsReviews = page.blocks.some(
            (b) => b.type === SITE_BLOCK_TYPE.reviews && (b.data as { source?: string }).source !== 'typed',
          );
          const reviews =
            deps.reviews && (wantsReviews || page.tour)
              ? await deps.reviews.list(site.organizer_id, page.tour?.id ?? null)
              : null;
          if (reviews && page.tour && reviews.count > 0 && reviews.average !== null)
            metadata.json_ld = metadata.json_ld.map((entry) =>
              entry['@type'] === 'TouristTrip'
                ? {
                    ...entry,
                    aggregateRating: {
                      '@type': 'AggregateRating',
                      ratingValue: reviews.average,
                      reviewCount: reviews.count,
                      bestRating: 5,
                      worstRating: 1,
                    },
                  }
                : entry,
            );
          return {
            input: {
              ...common,
              tour: page.tour,
              view: { kind: 'page', page },
              metadata,
              ...(wantsReviews && reviews ? { reviews } : {}),
            },
            status: 200,
          };
        }
        case 'schedule': {
          const schedule = await pub.schedule(site, view.page, 20);
          const metadata = await pub.metadata(site, { type: 'schedule', lang });
          return { input: { ...common, schedule, view: { kind: 'schedule' }, metadata }, status: 200 };
        }
        case 'document': {
          const document = await pub.document(site, view.type);
          const metadata = await pub.metadata(site, { type: view.type, lang });
          return { input: { ...common, view: { kind: 'document', document }, metadata }, status: 200 };
        }
        case 'booking': {
          const tour = view.tourId ? (tours.find((c) => c.id === view.tourId) ?? null) : null;
          if (view.tourId && !tour) return notFound();
          const date =
            tour && view.dateId
              ? ((await pub.tour(site, tour.screen_name, lang)).dates.find((d) => d.id === view.dateId) ?? null)
              : null;
          const main = await pub.metadata(site, { type: 'main', lang });
          // the checkout's departures in the first paint: nothing moves when the island hydrates
          const checkout =
            tour && deps.checkoutFirstPaint
              ? await deps.checkoutFirstPaint(tour.id, view.dateId).catch(() => null)
              : null;
          const booking: SiteBooking = {
            ...(checkout ? { checkout } : {}),
            tour,
            date,
            values: view.values ?? { name: '', email: '', message: '' },
            errors: view.errors ?? {},
            ...(view.embed ? { embed: view.embed } : {}),
          };
          return {
            input: {
              ...common,
              view: { kind: 'booking', booking },
              // its own title (the renderer's), no canonical: the page is not for search engines
              metadata: { ...main, title: '', canonical: '', alternates: [], json_ld: [] },
            },
            status: view.errors && Object.keys(view.errors).length > 0 ? 422 : 200,
          };
        }
        case 'not_found':
          return notFound();
      }
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return notFound();
      throw e;
    }
  };

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteRow | null,
    view: SiteWebView,
    base: string,
  ) => {
    const query = request.query as Record<string, unknown>;
    if (!site || site.status !== 'published') {
      const lang = languageOf(query.lang, 'en');
      return send(request, reply, cachedPageOf(noSitePage(lang), 404));
    }
    const lang = languageOf(query.lang, await deps.defaultLanguage(site));
    // a tour's booking page carries its free seats now: never from the cache
    const cacheable = request.method === 'GET' && !(view.kind === 'booking' && view.tourId);
    const langParam = query.lang === 'ru' || query.lang === 'en' ? query.lang : null;
    const reviewsStamp = deps.reviews ? await deps.reviews.stamp(site.organizer_id) : '';
    const key = `${site.id}|${await pub.cacheKey(site)}|${reviewsStamp}|${base}|${JSON.stringify(view)}|${lang}|${langParam}`;
    const embed = view.kind === 'booking' && view.embed !== undefined;
    const hit = cacheable ? cache.get(key) : undefined;
    if (hit) return send(request, reply, hit, embed);
    const renderer = await deps.renderer();
    const { input, status } = await inputOf(site, view, lang, base, langParam);
    const page = cachedPageOf(renderer.renderSiteDocument({ ...input, assets: renderer.assets }), status);
    if (cacheable) cache.set(key, page);
    return send(request, reply, page, embed);
  };

  /** The views of a site's paths (after its base). */
  const viewOf = (rest: string, query: Record<string, unknown>): SiteWebView => {
    const path = rest.replace(/\/+$/, '') || '/';
    if (path === '/') return { kind: 'main' };
    if (path === '/schedule') return { kind: 'schedule', page: positive(query.page) ?? 1 };
    if (path === '/agreement' || path === '/policy') return { kind: 'document', type: path.slice(1) as 'agreement' };
    if (path === '/booking') {
      const tourId = positive(query.tour);
      // the widget's page is a tour's checkout: without a tour it is the plain booking page
      const embed = query.embed === '1' && tourId ? { parentOrigin: parentOriginOf(query.origin) } : undefined;
      return { kind: 'booking', tourId, dateId: positive(query.date), ...(embed ? { embed } : {}) };
    }
    const tour = /^\/tours\/([^/]+)$/.exec(path);
    if (tour && SLUG.test(tour[1]!)) return { kind: 'tour', slug: tour[1]! };
    return { kind: 'not_found' };
  };

  const byHost = (request: FastifyRequest) => pub.siteByHost(String(request.headers.host ?? ''));
  /** The site of the path preview's subdomain; none for anything that cannot be a subdomain. */
  const bySubdomain = async (request: FastifyRequest) => {
    const subdomain = String((request.params as { subdomain: string }).subdomain).toLowerCase();
    return /^[a-z0-9-]{1,63}$/.test(subdomain) ? pub.siteBySubdomain(subdomain) : null;
  };

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  const originOf = (request: FastifyRequest) => `${request.protocol}://${String(request.headers.host ?? '')}`;

  // ─── At the site's own host ───
  const onSite = { constraints: { siteHost: true } };
  app.get('/robots.txt', onSite, async (request, reply) => {
    const site = await byHost(request);
    return reply
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(site?.status === 'published' ? originOf(request) : null));
  });
  app.get('/sitemap.xml', onSite, async (request, reply) => {
    const site = await byHost(request);
    if (!site || site.status !== 'published') throw AppError.notFound('site_not_found');
    const origin = originOf(request);
    return reply
      .type('application/xml; charset=utf-8')
      .send(sitemapXml((await pub.sitemapEntries(site)).map((p) => `${origin}${p}`)));
  });
  // the site's favicon: its own, else its initial on the preset's colour (the page links /favicon.ico by default)
  app.get('/favicon.ico', onSite, async (request, reply) => {
    const site = await byHost(request);
    if (!site || site.status !== 'published') throw AppError.notFound('site_not_found');
    const org = await pub.orgData(site);
    if (org.favicon_url !== '/favicon.ico') return reply.redirect(org.favicon_url, 302);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(initialIcon(org.name, org.preset.colors.primary, org.preset.colors.on_primary));
  });
  const onSitePage = async (request: FastifyRequest, reply: FastifyReply) =>
    render(request, reply, await byHost(request), viewOf(pathOf(request), request.query as never), '');
  // the booking widget's script (site-web.widget.ts), at the site's host and its path preview
  const widget = async (request: FastifyRequest, reply: FastifyReply, site: SiteRow | null) => {
    if (!site || site.status !== 'published') throw AppError.notFound('site_not_found');
    return sendWidget(request, reply);
  };
  app.get('/widget.js', onSite, async (request, reply) => widget(request, reply, await byHost(request)));
  app.get('/site/:subdomain/widget.js', async (request, reply) => widget(request, reply, await bySubdomain(request)));
  // `/` on its own too: the product's `/` (a redirect to /org/) is a static route, which a wildcard never shadows
  app.get('/', onSite, onSitePage);
  app.get('/*', onSite, onSitePage);

  // ─── The path preview on the product's host ───
  const preview = async (request: FastifyRequest, reply: FastifyReply) => {
    const { subdomain } = request.params as { subdomain: string };
    const base = `/site/${encodeURIComponent(subdomain)}`;
    const rest = pathOf(request).slice(base.length);
    return render(request, reply, await bySubdomain(request), viewOf(rest, request.query as never), base);
  };
  app.get('/site/:subdomain', preview);
  app.get('/site/:subdomain/*', preview);

  // ─── The booking form's post (until the checkout lands: a chat with the organizer) ───
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_r, raw, done) =>
        done(null, Object.fromEntries(new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8')))),
    );
    const book = async (request: FastifyRequest, reply: FastifyReply, site: SiteRow | null, base: string) => {
      const query = request.query as Record<string, unknown>;
      const form = (request.body ?? {}) as Record<string, unknown>;
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      const values = { name: str(form.name).trim(), email: str(form.email).trim(), message: str(form.message).trim() };
      const view = { kind: 'booking' as const, tourId: positive(query.tour), dateId: positive(query.date), values };
      if (!site || site.status !== 'published') return render(request, reply, site, view, base);
      const lang = languageOf(query.lang, await deps.defaultLanguage(site));
      const tour = view.tourId ? (await pub.tours(site)).find((c) => c.id === view.tourId) : undefined;
      if (view.tourId && !tour) return render(request, reply, site, { kind: 'not_found' }, base);
      const date =
        tour && view.dateId
          ? (await pub.tour(site, tour.screen_name, lang)).dates.find((d) => d.id === view.dateId)
          : undefined;
      // the departure chosen goes first in the message, as the traveller saw it
      const message = date ? `${date.date_start} — ${date.date_end}\n${values.message}` : values.message;
      const parsed = chatWithOrganizerBodySchema.safeParse({
        organizer_id: site.organizer_id,
        tour_id: tour?.id ?? null,
        message,
        name: values.name,
        email: values.email,
      });
      if (!parsed.success) {
        const errors: SiteBooking['errors'] = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field !== 'name' && field !== 'email' && field !== 'message') continue;
          errors[field] ??=
            issue.code === 'too_big'
              ? 'errorTooLong'
              : field === 'email' && values.email
                ? 'errorEmail'
                : 'errorRequired';
        }
        if (Object.keys(errors).length === 0) errors.message = 'errorRequired';
        return render(request, reply, site, { ...view, errors }, base);
      }
      try {
        const started = await deps.chats.travellers.start(deps.contextOf(request), parsed.data);
        return reply.redirect(`${deps.publicUrl}${started.url}?lang=${lang}`, 303);
      } catch (e) {
        if (e instanceof AppError && e.status === 429)
          return render(request, reply, site, { ...view, errors: { form: 'errorTooMany' } }, base);
        throw e;
      }
    };
    scope.post('/booking', onSite, async (request, reply) => book(request, reply, await byHost(request), ''));
    scope.post('/site/:subdomain/booking', async (request, reply) => {
      const { subdomain } = request.params as { subdomain: string };
      return book(request, reply, await bySubdomain(request), `/site/${encodeURIComponent(subdomain)}`);
    });
  });
};
