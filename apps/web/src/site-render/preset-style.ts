import type { SiteOrgData } from '@tourdesk/contract/api/site';

/**
 * The preset as CSS for the page's head: colours as `--site-*` variables, the fonts' @font-face
 * rules (font-display swap) and families. Colours a preset pairs badly are replaced by the nearest
 * pair that passes WCAG AA (4.5:1), so every preset, shipped or edited, stays readable.
 */

const HEX = /^#[0-9a-fA-F]{6}$/;

const channel = (v: number): number => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string): number => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
const AA = 4.5;
/** `preferred` on `bg` when it passes AA, else the first fallback that does, else black or white. */
export const readableOn = (bg: string, preferred: string, ...fallbacks: string[]): string => {
  for (const c of [preferred, ...fallbacks]) if (HEX.test(c) && contrastRatio(c, bg) >= AA) return c;
  return contrastRatio('#000000', bg) >= contrastRatio('#ffffff', bg) ? '#000000' : '#ffffff';
};

const color = (value: string, fallback: string): string => (HEX.test(value) ? value : fallback);
/** A CSS string's content: no quote, backslash, angle bracket or line break can close it. */
const cssString = (s: string): string => s.replace(/["'\\<>\n\r\f]/g, '');
/** A font file's URL: a path or http(s), nothing that could leave url("…"). */
const cssUrl = (s: string): string | null => (/^(https?:\/\/|\/)[^"'()\\\s<>]*$/.test(s) ? s : null);
const FORMATS: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' };

const FALLBACK_FONTS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The computed colours of the page (the tests check their contrast). */
export const presetColors = (org: SiteOrgData) => {
  const c = org.preset.colors;
  const bg = color(c.background, '#ffffff');
  const surface = color(c.surface, '#f4f4f5');
  const text = readableOn(bg, color(c.text, '#18181b'));
  const textOnSurface = readableOn(surface, text);
  const primary = color(c.primary, '#2563eb');
  return {
    bg,
    surface,
    text,
    textOnSurface,
    muted: readableOn(bg, color(c.muted_text, '#52525b'), text),
    mutedOnSurface: readableOn(surface, color(c.muted_text, '#52525b'), textOnSurface),
    primary,
    onPrimary: readableOn(primary, color(c.on_primary, '#ffffff')),
    /** links and accents on the background and on the surface */
    link: readableOn(bg, primary, text),
    linkOnSurface: readableOn(surface, primary, textOnSurface),
    /** the dark section: the text colour as background */
    dark: text,
    onDark: readableOn(text, bg),
    mutedOnDark: readableOn(text, surface, bg),
  };
};

export const presetStyle = (org: SiteOrgData): string => {
  const { preset } = org;
  const fonts = new Map(org.fonts.map((f) => [f.id, f]));
  const faces: string[] = [];
  const familyOf = (id: number): string => {
    const font = fonts.get(id);
    if (!font) return FALLBACK_FONTS;
    for (const file of font.files) {
      const url = cssUrl(file.url);
      if (!url) continue;
      const ext = /\.(\w+)(?:[?#].*)?$/.exec(url)?.[1]?.toLowerCase() ?? '';
      const format = FORMATS[ext];
      faces.push(
        `@font-face{font-family:"${cssString(font.family)}";src:url("${url}")${format ? ` format("${format}")` : ''};font-weight:${Number(file.weight)};font-style:normal;font-display:swap}`,
      );
    }
    return `"${cssString(font.family)}", ${FALLBACK_FONTS}`;
  };
  const heading = familyOf(preset.heading_font_id);
  const body = preset.body_font_id === preset.heading_font_id ? heading : familyOf(preset.body_font_id);
  const c = presetColors(org);
  const vars: Record<string, string> = {
    '--site-primary': c.primary,
    '--site-on-primary': c.onPrimary,
    '--site-background': c.bg,
    '--site-surface': c.surface,
    '--site-text': c.text,
    '--site-text-on-surface': c.textOnSurface,
    '--site-muted': c.muted,
    '--site-muted-on-surface': c.mutedOnSurface,
    '--site-link': c.link,
    '--site-link-on-surface': c.linkOnSurface,
    '--site-dark': c.dark,
    '--site-on-dark': c.onDark,
    '--site-muted-on-dark': c.mutedOnDark,
    '--site-radius': `${Math.min(32, Math.max(0, Number(preset.radius) || 0))}px`,
    '--site-font-heading': heading,
    '--site-font-body': body,
    '--site-heading-weight': String(Number(preset.heading_font_weight) || 700),
    '--site-body-weight': String(Number(preset.body_font_weight) || 400),
  };
  const root = `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
  return [...faces, root].join('\n');
};
