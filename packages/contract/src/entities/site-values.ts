/**
 * The site constructor's constants, free of zod (the web and the public pages import these at run
 * time; the schemas are in ./site.ts and ./site-blocks.ts).
 */
import type { PageType, SiteBlockTypeName } from '../enum-values';

/** The hosts a video of each provider may be on (its page or its embed). */
export const VIDEO_PROVIDER_HOSTS = {
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'],
  rutube: ['rutube.ru', 'www.rutube.ru'],
  vimeo: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
} as const;

/** The blocks each page type takes: the site page its header and footer, the main page the home blocks, the tour page the tour's. */
export const SITE_PAGE_BLOCKS: Record<PageType, readonly SiteBlockTypeName[]> = {
  site: ['app_header', 'footer'],
  main: [
    'main_intro',
    'tours',
    'about_info',
    'gallery',
    'advantages',
    'stats',
    'schedule',
    'booking_steps',
    'mass_media',
    'reviews',
    'faq',
    'contacts',
    'text',
    'recommendations',
  ],
  tour: [
    'tour_intro',
    'impressions',
    'program',
    'livings',
    'guides',
    'reviews',
    'price',
    'faq',
    'dates',
    'contacts',
    'other_tours',
    'tour_faq',
    'text',
    'recommendations',
    'gallery',
    'advantages',
    'booking_steps',
  ],
};

/** At most this many blocks on one page. */
export const SITE_PAGE_MAX_BLOCKS = 60;
