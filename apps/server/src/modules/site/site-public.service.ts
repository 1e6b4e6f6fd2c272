import {
  DEFAULT_SITE_PRESET,
  type Currency,
  type CustomMetadata,
  type CustomPage,
  type DocumentType,
  type Language,
  type PublicTour,
  type PublicTourCard,
  type PublicTourDate,
  type SiteDocument,
  type SiteOrgData,
  type ToursSchedule,
  type TypedSiteBlock,
} from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createTourRepository, htmlToText, toTour } from '../tour/index';
import { normalizeHost } from './site-domain';
import { DEFAULT_FAVICON, fontsOf } from './site-look.service';
import { SITE_PRESETS, toSitePreset } from './site-presets';
import { starterPages } from './site-starter';
import { tourSlug } from './site-slug';
import { imageOfFile, siteOrigin, type SiteUrls } from './site-view';
import type { SiteRepository, SiteRow, TourDateRow, TourRow } from './site.repository';

/**
 * The public site (sitePublicApi and the lead's HTML routes): a site found by its host, what its
 * published pages show, the live tours and departures of its organizer. Only a published site is
 * shown, only its published pages and published tours. Paths of a site: `/` (main),
 * `/tours/<slug>`, `/schedule`, `/agreement`, `/policy`.
 */

const today = (): string => new Date().toISOString().slice(0, 10);
const num = (v: string | null): number | null => (v === null ? null : Number(v));
const plain = (html: string, max: number): string => {
  const text = htmlToText(html).trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

export const toPublicDate = (d: TourDateRow, currency: string): PublicTourDate => ({
  id: d.id,
  date_start: d.date_start,
  date_end: d.date_end,
  time_start: d.time_start || null,
  price: Number(d.price),
  currency: currency as Currency,
  number_of_free_seats: d.number_of_free_seats,
  not_guaranteed: d.not_guaranteed,
});

const TITLES = {
  en: { schedule: 'Schedule', agreement: 'Terms of service', policy: 'Privacy policy' },
  ru: { schedule: 'Расписание', agreement: 'Пользовательское соглашение', policy: 'Политика конфиденциальности' },
} as const;

export type PageRef = 'main' | { slug: string };

export const createSitePublicService = (deps: { db: Db; repo: SiteRepository; urls: SiteUrls }) => {
  const { repo, urls } = deps;
  const tourRepo = createTourRepository(deps.db);

  const siteByHost = async (host: string): Promise<SiteRow | null> => {
    const h = normalizeHost(host);
    const suffix = `.${urls.sitesDomain}`;
    if (h.endsWith(suffix)) {
      const sub = h.slice(0, -suffix.length);
      return sub.includes('.') ? null : repo.siteBySubdomain(sub);
    }
    if (!h.includes('.')) return repo.siteBySubdomain(h);
    return repo.siteByCustomDomain(h);
  };

  /** A published site by its domain; 404 for an unknown or never-published one. */
  const publishedSite = async (domain: string): Promise<SiteRow> => {
    const site = await siteByHost(domain);
    if (!site || site.status !== 'published') throw AppError.notFound('site_not_found');
    return site;
  };

  const cardsOf = async (rows: TourRow[]): Promise<PublicTourCard[]> => {
    const ids = rows.map((t) => t.id);
    const covers = new Map((await repo.covers(ids)).map((c) => [c.tour_id, c]));
    const nearest = new Map<number, TourDateRow>();
    for (const d of await repo.futureDates(ids, today())) if (!nearest.has(d.tour_id)) nearest.set(d.tour_id, d);
    return rows.map((t) => {
      const cover = covers.get(t.id);
      const next = nearest.get(t.id);
      return {
        id: t.id,
        name: t.name,
        screen_name: tourSlug(t),
        description: plain(t.description, 600),
        cover: cover ? { id: cover.file_id, url: urls.fileUrl(cover.file_id), alt: cover.alt } : null,
        price: num(t.price),
        currency: t.currency as Currency,
        duration: t.duration,
        duration_hours: num(t.duration_hours),
        nearest_date: next ? toPublicDate(next, t.currency) : null,
        is_mock: false,
      };
    });
  };

  /** The site's published tour with this slug (its screen_name, or `<id>-<name>` when it has none). */
  const tourRow = async (site: SiteRow, slug: string): Promise<TourRow> => {
    const row = (await repo.publishedTours(site.organizer_id)).find((t) => tourSlug(t) === slug);
    if (!row) throw AppError.notFound('tour_not_found');
    return row;
  };

  const tourOf = async (site: SiteRow, slug: string, lang: Language): Promise<PublicTour> =>
    publicTour(await tourRow(site, slug), lang);

  const publicTour = async (row: TourRow, lang: Language): Promise<PublicTour> => {
    const [card] = await cardsOf([row]);
    const full = toTour(row, await tourRepo.loadChildren(row.id), new Map(), [], lang, (id) =>
      id ? urls.fileUrl(id) : null,
    );
    return {
      ...card!,
      photos: full.photos,
      video_url: full.video_url,
      program: full.program,
      accommodations: full.accommodations,
      living_base: full.living_base,
      guides: full.guides.map((g) => ({
        id: g.id,
        first_name: g.first_name,
        last_name: g.last_name,
        about: g.about,
        photo: g.photo,
      })),
      questions: full.questions.map((q) => ({ question: q.question, answer: q.answer })),
      in_price: full.in_price,
      not_in_price: full.not_in_price,
      gathering_place: full.gathering_place,
      group_min: full.group_min,
      group_max: full.group_max,
      min_age: full.min_age,
      difficulty: full.difficulty,
      dates: (await repo.futureDates([row.id], today())).map((d) => toPublicDate(d, row.currency)),
    };
  };

  const publishedPage = async (site: SiteRow, type: 'site' | 'main' | 'tour') => {
    const page = await repo.page(site.id, type);
    return page && page.published_version > 0 ? page : null;
  };

  const orgData = async (site: SiteRow): Promise<SiteOrgData> => {
    const siteBlocks = (await publishedPage(site, 'site'))?.published_blocks ?? [];
    return orgOf(site.organizer_id, site, siteBlocks as TypedSiteBlock[]);
  };

  /** The organizer's data as its site shows it; without a site, the default look. */
  const orgOf = async (
    organizerId: number,
    site: SiteRow | null,
    siteBlocks: TypedSiteBlock[],
  ): Promise<SiteOrgData> => {
    const org = (await repo.organizer(organizerId))!;
    const profile = org.profile as {
      description?: string;
      contacts?: { phone?: string; email?: string };
      postal_address?: Record<string, string>;
      legal_address?: Record<string, string>;
    };
    const address = profile.postal_address ?? profile.legal_address ?? {};
    const [agreement, policy] = site
      ? await Promise.all([repo.document(site.id, 'agreement'), repo.document(site.id, 'policy')])
      : [null, null];
    return {
      site_id: site?.id ?? 0,
      organizer_id: organizerId,
      name: org.name,
      description: profile.description ?? '',
      logo: org.logo_file_id ? urls.fileUrl(org.logo_file_id) : null,
      phone: profile.contacts?.phone ?? '',
      email: profile.contacts?.email ?? '',
      address: ['street', 'city', 'region', 'country']
        .map((k) => address[k])
        .filter(Boolean)
        .join(', '),
      preset: site
        ? toSitePreset(site.preset_type, site.preset)
        : toSitePreset(DEFAULT_SITE_PRESET, SITE_PRESETS[DEFAULT_SITE_PRESET].data),
      fonts: await fontsOf(repo, organizerId, urls),
      favicon_url: imageOfFile(urls, site?.favicon_file_id ?? null)?.url ?? DEFAULT_FAVICON,
      site_blocks: siteBlocks.filter((b) => !b.is_hidden),
      has_agreement: !!agreement?.content,
      has_policy: !!policy?.content,
    };
  };

  const page = async (site: SiteRow, ref: PageRef, lang: Language): Promise<CustomPage> => {
    const type = ref === 'main' ? 'main' : 'tour';
    const published = await publishedPage(site, type);
    if (!published) throw AppError.notFound('not_found');
    return {
      type,
      version: published.published_version,
      blocks: (published.published_blocks as TypedSiteBlock[]).filter((b) => !b.is_hidden),
      tour: ref === 'main' ? null : await tourOf(site, ref.slug, lang),
    };
  };

  /**
   * A tour as its page on the organizer's site shows it, whatever the tour's status or the site's
   * (the operator's moderation preview): the site's look and its tour page (published, else the
   * draft), or without a site the starter's.
   */
  const tourPreview = async (organizerId: number, tourId: number, lang: Language) => {
    const row = await repo.tourOf(organizerId, tourId);
    if (!row) throw AppError.notFound('tour_not_found');
    const site = await repo.siteOf(organizerId);
    const org = (await repo.organizer(organizerId))!;
    const starter = starterPages(
      {
        name: org.name,
        description: String((org.profile as { description?: string }).description ?? ''),
        logo: null,
        cover: null,
        social_links: {},
        tour_count: 1,
      },
      lang,
    );
    const pageOf = async (type: 'site' | 'tour'): Promise<TypedSiteBlock[]> => {
      const p = site ? await repo.page(site.id, type) : null;
      const blocks = p ? (p.published_version > 0 ? p.published_blocks : p.draft_blocks) : [];
      return (blocks.length > 0 ? (blocks as TypedSiteBlock[]) : starter[type]).filter((b) => !b.is_hidden);
    };
    const [tour, siteBlocks, blocks] = await Promise.all([publicTour(row, lang), pageOf('site'), pageOf('tour')]);
    const page: CustomPage = { type: 'tour', version: 0, blocks, tour };
    return { org: await orgOf(organizerId, site, siteBlocks), tour, page };
  };

  const document = async (site: SiteRow, type: DocumentType): Promise<SiteDocument> => {
    const doc = await repo.document(site.id, type);
    if (!doc?.content) throw AppError.notFound('not_found');
    return { type, content: doc.content, updated_at: doc.updated_at.toISOString() };
  };

  const tours = async (site: SiteRow): Promise<PublicTourCard[]> =>
    cardsOf(await repo.publishedTours(site.organizer_id));

  const schedule = async (site: SiteRow, pageNo: number, perPage: number, tourId?: number): Promise<ToursSchedule> => {
    const rows = (await repo.publishedTours(site.organizer_id)).filter((t) => tourId === undefined || t.id === tourId);
    const ids = rows.map((t) => t.id);
    const cards = new Map((await cardsOf(rows)).map((c) => [c.id, c]));
    const byId = new Map(rows.map((t) => [t.id, t]));
    const dates = await repo.futureDates(ids, today(), perPage, (pageNo - 1) * perPage);
    return {
      items: dates.map((d) => ({ tour: cards.get(d.tour_id)!, date: toPublicDate(d, byId.get(d.tour_id)!.currency) })),
      page: pageNo,
      per_page: perPage,
      total: await repo.countFutureDates(ids, today()),
    };
  };

  const sitemapEntries = async (site: SiteRow): Promise<string[]> => {
    const paths = ['/'];
    if (await publishedPage(site, 'tour'))
      paths.push(...(await repo.publishedTours(site.organizer_id)).map((t) => `/tours/${tourSlug(t)}`));
    paths.push('/schedule');
    for (const type of ['agreement', 'policy'] as const)
      if ((await repo.document(site.id, type))?.content) paths.push(`/${type}`);
    return paths;
  };

  const metadata = async (
    site: SiteRow,
    opts: { type: 'main' | 'tour' | 'agreement' | 'policy' | 'schedule'; slug?: string; lang?: Language },
  ): Promise<CustomMetadata> => {
    const lang: Language = opts.lang ?? 'en';
    const origin = siteOrigin(site, urls);
    const org = await orgData(site);
    const main = await publishedPage(site, 'main');
    const settings = main?.published_settings;
    const abs = (u: string | null) => (u ? (u.startsWith('/') ? `${origin}${u}` : u) : null);
    let path = '/';
    let title = settings?.title || org.name;
    let description = settings?.meta_description || plain(org.description, 200);
    let image = abs(imageOfFile(urls, settings?.og_image_id ?? null)?.url ?? org.logo);
    const jsonLd: Record<string, unknown>[] = [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: org.name,
        url: origin,
        ...(org.logo ? { logo: abs(org.logo) } : {}),
        ...(org.phone ? { telephone: org.phone } : {}),
        ...(org.email ? { email: org.email } : {}),
      },
    ];
    if (opts.type === 'tour') {
      if (!opts.slug) throw AppError.validation({ slug: ['required'] });
      const tour = await tourOf(site, opts.slug, lang);
      path = `/tours/${tour.screen_name}`;
      title = `${tour.name} — ${org.name}`;
      description = plain(tour.description, 200);
      image = abs(tour.cover?.url ?? tour.photos[0]?.url ?? null) ?? image;
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'TouristTrip',
        name: tour.name,
        description,
        url: `${origin}${path}`,
        ...(image ? { image } : {}),
        provider: { '@type': 'Organization', name: org.name, url: origin },
        offers: tour.dates.map((d) => ({
          '@type': 'Offer',
          price: d.price,
          priceCurrency: d.currency,
          availability: d.number_of_free_seats > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
          availabilityStarts: d.date_start,
          url: `${origin}${path}`,
        })),
      });
    } else if (opts.type !== 'main') {
      path = `/${opts.type}`;
      title = `${TITLES[lang][opts.type]} — ${org.name}`;
    }
    return {
      title,
      description,
      canonical: `${origin}${path}`,
      image,
      alternates: (['en', 'ru'] as const).map((l) => ({ lang: l, url: `${origin}${path}?lang=${l}` })),
      json_ld: jsonLd,
    };
  };

  return {
    siteByHost,
    siteBySubdomain: (sub: string) => repo.siteBySubdomain(normalizeHost(sub)),
    publishedSite,
    orgData,
    page,
    document,
    metadata,
    tours,
    schedule,
    tour: (site: SiteRow, slug: string, lang: Language = 'en') => tourOf(site, slug, lang),
    tourPreview,
    sitemapEntries,
    /**
     * The organizer's published site's booking page for a tour (and a departure), with `extra`
     * query parameters: where an abandoned checkout's link brings the traveller back (issue 27).
     * null when the organizer has no published site.
     */
    bookingUrl: async (
      organizerId: number,
      tourId: number,
      dateId: number,
      extra: Record<string, string>,
    ): Promise<string | null> => {
      const site = await repo.siteOf(organizerId);
      if (!site || site.status !== 'published') return null;
      const query = new URLSearchParams({ tour: String(tourId), date: String(dateId), ...extra });
      return `${siteOrigin(site, urls)}/booking?${query.toString()}`;
    },
    /** the language a site's pages are in without ?lang=: its owner's */
    defaultLanguage: async (site: SiteRow): Promise<Language> =>
      (await repo.ownerLanguage(site.organizer_id)) === 'ru' ? 'ru' : 'en',
    /**
     * A stamp the HTML cache keys on: it changes when the site (preset, domain, favicon), a page
     * (a save, a publish), a document, the organizer's fonts, or any tour or departure of the
     * organizer changes (their updated_at and counts: a deleted one counts too).
     */
    cacheKey: async (site: SiteRow): Promise<string> => {
      const fresh = (await repo.siteOf(site.organizer_id)) ?? site;
      return `${fresh.id}.${fresh.updated_at.getTime()}.${await repo.changeStamp(fresh.id, fresh.organizer_id)}`;
    },
  };
};
export type SitePublicService = ReturnType<typeof createSitePublicService>;
