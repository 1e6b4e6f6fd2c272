/**
 * The ten white-label brands (SPEC §1), free of zod (./brands.ts re-exports them). The build
 * picks one with BRAND_ID (default 1). Logos, theme colours and taglines live with the web app
 * (apps/web/src/brands); this is the part the server needs too (domain info, partner-site seed).
 */
export const BRAND_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export interface BrandCore {
  id: BrandId;
  /** product name shown in the header and the title */
  name: string;
  /** the marketplace's public domain; the partner site seeded for this brand uses it */
  domain: string;
  /** ISO 3166-1 alpha-2 of the brand's home market: its flag */
  country: string;
  /** terms and privacy: an external URL or a path under /org */
  terms_url: string;
  privacy_url: string;
  /** the marketplace asks organizers for tour-author details before partnering */
  is_tour_author_required: boolean;
  has_tagline: boolean;
  /** the brand colour that carries white text (the web theme's step 600): e-mails' buttons and headers */
  accent: string;
}

export const BRANDS: Record<BrandId, BrandCore> = {
  1: {
    id: 1,
    name: 'Travelpath',
    domain: 'travelpath.ru',
    country: 'RU',
    terms_url: '/org/agreement',
    privacy_url: '/org/privacy',
    is_tour_author_required: true,
    has_tagline: true,
    accent: '#2563eb',
  },
  2: {
    id: 2,
    name: 'Steppe Trips',
    domain: 'steppetrips.kz',
    country: 'KZ',
    terms_url: 'https://steppetrips.kz/terms',
    privacy_url: 'https://steppetrips.kz/privacy',
    is_tour_author_required: false,
    has_tagline: false,
    accent: '#0369a1',
  },
  3: {
    id: 3,
    name: 'Guides Club',
    domain: 'guidesclub.org',
    country: 'RU',
    terms_url: '/org/agreement',
    privacy_url: '/org/privacy',
    is_tour_author_required: true,
    has_tagline: true,
    accent: '#4f46e5',
  },
  4: {
    id: 4,
    name: 'Local Guides',
    domain: 'localguides.travel',
    country: 'RU',
    terms_url: 'https://localguides.travel/terms',
    privacy_url: 'https://localguides.travel/privacy',
    is_tour_author_required: false,
    has_tagline: true,
    accent: '#047857',
  },
  5: {
    id: 5,
    name: 'Tour System',
    domain: 'toursystem.app',
    country: 'RU',
    terms_url: '/org/agreement/tour-system',
    privacy_url: '/org/privacy/tour-system',
    is_tour_author_required: false,
    has_tagline: false,
    accent: '#0e7490',
  },
  6: {
    id: 6,
    name: 'Horse Trails',
    domain: 'horsetrails.travel',
    country: 'RU',
    terms_url: '/org/agreement',
    privacy_url: '/org/privacy',
    is_tour_author_required: false,
    has_tagline: true,
    accent: '#b45309',
  },
  7: {
    id: 7,
    name: 'Tourdesk Pro',
    domain: 'tourdesk.pro',
    country: 'AE',
    terms_url: 'https://tourdesk.pro/terms',
    privacy_url: 'https://tourdesk.pro/privacy',
    is_tour_author_required: false,
    has_tagline: false,
    accent: '#7c3aed',
  },
  8: {
    id: 8,
    name: 'Lüxing',
    domain: 'luxing.cn',
    country: 'CN',
    terms_url: 'https://luxing.cn/terms',
    privacy_url: 'https://luxing.cn/privacy',
    is_tour_author_required: false,
    has_tagline: false,
    accent: '#dc2626',
  },
  9: {
    id: 9,
    name: 'Trek & Hike',
    domain: 'trekhike.travel',
    country: 'RU',
    terms_url: '/org/agreement',
    privacy_url: '/org/privacy',
    is_tour_author_required: false,
    has_tagline: true,
    accent: '#15803d',
  },
  10: {
    id: 10,
    name: 'Balkan Journeys',
    domain: 'balkanjourneys.travel',
    country: 'RS',
    terms_url: 'https://balkanjourneys.travel/terms',
    privacy_url: 'https://balkanjourneys.travel/privacy',
    is_tour_author_required: false,
    has_tagline: true,
    accent: '#e11d48',
  },
};

export const getBrand = (id: number): BrandCore =>
  BRANDS[(BRAND_IDS as readonly number[]).includes(id) ? (id as BrandId) : 1];
