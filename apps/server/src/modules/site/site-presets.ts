import { createRequire } from 'node:module';
import path from 'node:path';
import type { FontWeight, SiteFont, SitePreset, SitePresetType } from '@tourdesk/contract';
import type { SitePresetData } from '../../db/schema/index';

/**
 * The shipped presets and fonts of the site constructor. Shipped fonts are no rows: they have the
 * fixed ids 1–6 here (never reused); the organizer's uploaded fonts take ids from 1000 (the
 * site_fonts_id_seq sequence), so the two never meet. Their files come from the @fontsource
 * packages (cyrillic and latin woff2, weights 400 and 700) and are served by this module at
 * SITE_FONTS_PATH/<family>/<file>.woff2 with a year's cache (the files never change under a name).
 */

export const SITE_FONTS_PATH = '/site-assets/fonts';

/** Unicode ranges of @fontsource's cyrillic and latin subsets (their own CSS). */
const RANGES = {
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
} as const;
const SHIPPED_WEIGHTS = [400, 700] as const satisfies readonly FontWeight[];

interface ShippedFont {
  id: number;
  /** the @fontsource package name, and the path segment it is served under */
  slug: string;
  name: string;
  fallback: 'sans-serif' | 'serif';
}
export const SHIPPED_FONTS: readonly ShippedFont[] = [
  { id: 1, slug: 'inter', name: 'Inter', fallback: 'sans-serif' },
  { id: 2, slug: 'montserrat', name: 'Montserrat', fallback: 'sans-serif' },
  { id: 3, slug: 'pt-serif', name: 'PT Serif', fallback: 'serif' },
  { id: 4, slug: 'lora', name: 'Lora', fallback: 'serif' },
  { id: 5, slug: 'playfair-display', name: 'Playfair Display', fallback: 'serif' },
  { id: 6, slug: 'nunito', name: 'Nunito', fallback: 'sans-serif' },
];
export const isShippedFontId = (id: number): boolean => SHIPPED_FONTS.some((f) => f.id === id);

/** A shipped font as the contract's SiteFont: one file per script and weight, each with its unicode-range. */
export const shippedFont = (f: ShippedFont): SiteFont => ({
  id: f.id,
  name: f.name,
  family: `'${f.name}', ${f.fallback}`,
  weights: [...SHIPPED_WEIGHTS],
  files: SHIPPED_WEIGHTS.flatMap((weight) =>
    (['cyrillic', 'latin'] as const).map((script) => ({
      weight,
      url: `${SITE_FONTS_PATH}/${f.slug}/${f.slug}-${script}-${weight}-normal.woff2`,
      unicode_range: RANGES[script],
    })),
  ),
  is_custom: false,
});

const require = createRequire(import.meta.url);
/** The file on disk a font URL names, or null when it is no shipped font's file (no path tricks: both parts are checked). */
export const shippedFontFile = (slug: string, file: string): string | null => {
  const font = SHIPPED_FONTS.find((f) => f.slug === slug);
  if (!font) return null;
  const m = /^([a-z-]+)-(cyrillic|latin)-(400|700)-normal\.woff2$/.exec(file);
  if (!m || m[1] !== slug) return null;
  const dir = path.dirname(require.resolve(`@fontsource/${slug}/package.json`));
  return path.join(dir, 'files', file);
};

const preset = (
  name: string,
  colors: SitePresetData['colors'],
  heading: number,
  body: number,
  radius: number,
): { name: string; data: SitePresetData } => ({
  name,
  data: {
    colors,
    heading_font_id: heading,
    body_font_id: body,
    heading_font_weight: 700,
    body_font_weight: 400,
    radius,
  },
});

/** The five presets: a colour set and a font pair each. */
export const SITE_PRESETS: Record<SitePresetType, { name: string; data: SitePresetData }> = {
  forest: preset(
    'Forest',
    {
      primary: '#2f6b3a',
      on_primary: '#ffffff',
      background: '#fbfaf6',
      surface: '#eef2e8',
      text: '#1f2a1f',
      muted_text: '#5b6b5a',
    },
    2,
    1,
    12,
  ),
  sea: preset(
    'Sea',
    {
      primary: '#0f6fa8',
      on_primary: '#ffffff',
      background: '#f7fbfd',
      surface: '#e3f1f8',
      text: '#10283a',
      muted_text: '#4f6b7d',
    },
    6,
    6,
    16,
  ),
  sunset: preset(
    'Sunset',
    {
      primary: '#d9572b',
      on_primary: '#ffffff',
      background: '#fffaf5',
      surface: '#fbe9dc',
      text: '#2e1c14',
      muted_text: '#7a5a4a',
    },
    5,
    4,
    8,
  ),
  mountain: preset(
    'Mountain',
    {
      primary: '#3d4a5c',
      on_primary: '#ffffff',
      background: '#f5f6f8',
      surface: '#e4e8ee',
      text: '#161b22',
      muted_text: '#5a6472',
    },
    3,
    1,
    4,
  ),
  minimal: preset(
    'Minimal',
    {
      primary: '#111111',
      on_primary: '#ffffff',
      background: '#ffffff',
      surface: '#f3f3f3',
      text: '#111111',
      muted_text: '#666666',
    },
    1,
    1,
    0,
  ),
};

export const toSitePreset = (presetType: string, data: SitePresetData): SitePreset => ({
  preset_type: presetType,
  name: SITE_PRESETS[presetType as SitePresetType]?.name ?? '',
  colors: data.colors,
  heading_font_id: data.heading_font_id,
  body_font_id: data.body_font_id,
  heading_font_weight: data.heading_font_weight as FontWeight,
  body_font_weight: data.body_font_weight as FontWeight,
  radius: data.radius,
});
