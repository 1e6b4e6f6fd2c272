import type { BrandId } from '@tourdesk/contract/brands';
import type { ColorScale } from './theme-scales';

/*
 * One SVG mark per brand (40×40, a rounded tile in the brand's colours with a white glyph).
 * Plain strings, no JSX: vite.config.ts uses the same marks for the favicon.
 */
const GLYPHS: Record<BrandId, (s: ColorScale) => string> = {
  // Travelpath: a winding road to a destination
  1: () =>
    '<path d="M11 31c3-5 12-4 15-9s-6-7-5-12" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/>' +
    '<circle cx="21.2" cy="9.6" r="3.4" fill="#fff"/>',
  // Steppe Trips: the sun over a wide horizon
  2: () =>
    '<path d="M12.5 24a7.5 7.5 0 0 1 15 0z" fill="#fff"/>' +
    '<path d="M20 9.5v3M10.6 13.4l2.1 2.1M29.4 13.4l-2.1 2.1M8 27.5h24M13 32h14" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>',
  // Guides Club: a guide's flag
  3: () =>
    '<path d="M13.5 9v22.5" stroke="#fff" stroke-width="3" stroke-linecap="round"/>' +
    '<path d="M14.5 10h14l-4 5.5 4 5.5h-14z" fill="#fff"/>',
  // Local Guides: a map pin with a heart of its place
  4: (s) =>
    '<path d="M20 7.5c-5.6 0-9.8 4.3-9.8 9.6 0 6.9 9.8 15.4 9.8 15.4s9.8-8.5 9.8-15.4c0-5.3-4.2-9.6-9.8-9.6z" fill="#fff"/>' +
    `<path d="M20 21.6s-4.6-2.8-4.6-5.8a2.4 2.4 0 0 1 4.6-1.1 2.4 2.4 0 0 1 4.6 1.1c0 3-4.6 5.8-4.6 5.8z" fill="${s[600]}"/>`,
  // Tour System: routes joining three points
  5: () =>
    '<path d="M20 12.5 12.5 27.5h15z" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="2.4" stroke-linejoin="round"/>' +
    '<circle cx="20" cy="12" r="4" fill="#fff"/><circle cx="12" cy="28" r="4" fill="#fff"/><circle cx="28" cy="28" r="4" fill="#fff"/>',
  // Horse Trails: a horseshoe
  6: (s) =>
    '<path d="M13 30.5V19.5a7 7 0 0 1 14 0v11" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>' +
    `<g fill="${s[700]}"><circle cx="13" cy="25" r="1.2"/><circle cx="27" cy="25" r="1.2"/><circle cx="14.2" cy="16.4" r="1.2"/><circle cx="25.8" cy="16.4" r="1.2"/></g>`,
  // Tourdesk Pro: stacked layers of a well-run desk
  7: () =>
    '<path d="M20 8.5 31 14.5 20 20.5 9 14.5z" fill="#fff"/>' +
    '<path d="M9 20.5 20 26.5 31 20.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<path d="M9 26 20 32 31 26" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
  // Lüxing: a paper lantern
  8: (s) =>
    '<rect x="16" y="8.5" width="8" height="3" rx="1" fill="#fff"/><rect x="16" y="28.5" width="8" height="3" rx="1" fill="#fff"/>' +
    '<ellipse cx="20" cy="20" rx="9" ry="8.5" fill="#fff"/>' +
    `<path d="M20 11.8v16.4M16 12.6c-2 4.5-2 10.3 0 14.8M24 12.6c2 4.5 2 10.3 0 14.8" fill="none" stroke="${s[600]}" stroke-width="1.4"/>`,
  // Trek & Hike: two peaks and the sun
  9: (s) =>
    '<path d="M6.5 30.5 16 15.5l5.2 7.8 3.8-5.3 8.5 12.5z" fill="#fff"/>' +
    `<path d="m16 15.5 2.6 3.9-1.5 1.4-1.1-1.3-1.3 1.3-1.1-1.2z" fill="${s[300]}"/>` +
    '<circle cx="28.5" cy="11" r="2.8" fill="#fff"/>',
  // Balkan Journeys: the sun over the Adriatic
  10: () =>
    '<circle cx="20" cy="15" r="5.5" fill="#fff"/>' +
    '<path d="M8 24.5c2-1.6 4-1.6 6 0s4 1.6 6 0 4-1.6 6 0 4 1.6 6 0M8 30c2-1.6 4-1.6 6 0s4 1.6 6 0 4-1.6 6 0 4 1.6 6 0" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>',
};

/** The brand's logo mark as standalone SVG markup. */
export const brandLogoSvg = (id: BrandId, s: ColorScale): string =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40">' +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s[500]}"/><stop offset="1" stop-color="${s[800]}"/></linearGradient></defs>` +
  '<rect width="40" height="40" rx="11" fill="url(#g)"/>' +
  GLYPHS[id](s) +
  '</svg>';

export const svgDataUri = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;
