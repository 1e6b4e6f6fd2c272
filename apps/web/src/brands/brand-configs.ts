import type { BrandCore, BrandId } from '@tourdesk/contract/brands';
import { BRANDS, BRAND_IDS } from '@tourdesk/contract/brand-values';
import type { Language } from '@tourdesk/contract/entities/user';
import { brandLogoSvg, svgDataUri } from './logos';
import { SCALES, type ColorScale } from './theme-scales';

/**
 * The ten white-label brands of SPEC §1. Name, domain, market country and legal links come
 * from the contract (the server needs them too); the web adds tagline, colours and logo.
 * See apps/web/README-brands.md for the "three brand constants with flag and logo".
 */
export interface BrandConfig extends BrandCore {
  /** SPEC §1: only brands 1, 3, 4, 6, 9 and 10 have one */
  tagline: Record<Language, string> | null;
  theme: ColorScale;
  /** SVG logo mark as a data: URI, usable as <img src> and as the favicon */
  logo: string;
  /** the brand's market flag, served by the server from flag-icons */
  flagUrl: string;
}

const TAGLINES: Partial<Record<BrandId, Record<Language, string>>> = {
  1: { en: 'Every road of a big country', ru: 'Все дороги большой страны' },
  3: { en: 'The club of independent guides', ru: 'Клуб независимых гидов' },
  4: { en: 'Travel with the people who live there', ru: 'Путешествуйте с теми, кто там живёт' },
  6: { en: 'Horse-riding tours across wild country', ru: 'Конные туры по диким местам' },
  9: { en: 'Hiking and trekking at every pace', ru: 'Пешие походы и треккинг в любом темпе' },
  10: { en: 'Journeys across the Balkans', ru: 'Путешествия по Балканам' },
};

const THEMES: Record<BrandId, ColorScale> = {
  1: SCALES.blue,
  2: SCALES.sky,
  3: SCALES.indigo,
  4: SCALES.emerald,
  5: SCALES.cyan,
  6: SCALES.amber,
  7: SCALES.violet,
  8: SCALES.red,
  9: SCALES.green,
  10: SCALES.rose,
};

export const flagUrl = (countryCode: string): string => `/flags/1x1/${countryCode.toLowerCase()}.svg`;

const build = (id: BrandId): BrandConfig => {
  const core = BRANDS[id];
  return {
    ...core,
    tagline: core.has_tagline ? (TAGLINES[id] ?? null) : null,
    theme: THEMES[id],
    logo: svgDataUri(brandLogoSvg(id, THEMES[id])),
    flagUrl: flagUrl(core.country),
  };
};

export const BRAND_CONFIGS: Record<BrandId, BrandConfig> = Object.fromEntries(
  BRAND_IDS.map((id) => [id, build(id)]),
) as Record<BrandId, BrandConfig>;

export const getBrandConfig = (id: number): BrandConfig =>
  BRAND_CONFIGS[(BRAND_IDS as readonly number[]).includes(id) ? (id as BrandId) : 1];
