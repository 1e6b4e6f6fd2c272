import type { BrandScale } from '../theme';
import type { PhoneCountry } from '../phone';

export const SAMPLE_BRANDS: Record<string, BrandScale> = {
  Ocean: {
    50: '#eff6ff',
    100: '#dbeafe',
    200: '#bfdbfe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    800: '#1e40af',
    900: '#1e3a8a',
  },
  Forest: {
    50: '#ecfdf5',
    100: '#d1fae5',
    200: '#a7f3d0',
    300: '#6ee7b7',
    400: '#34d399',
    500: '#10b981',
    600: '#047857',
    700: '#065f46',
    800: '#064e3b',
    900: '#022c22',
  },
  Sunset: {
    50: '#fff7ed',
    100: '#ffedd5',
    200: '#fed7aa',
    300: '#fdba74',
    400: '#fb923c',
    500: '#f97316',
    600: '#c2410c',
    700: '#9a3412',
    800: '#7c2d12',
    900: '#431407',
  },
  Violet: {
    50: '#f5f3ff',
    100: '#ede9fe',
    200: '#ddd6fe',
    300: '#c4b5fd',
    400: '#a78bfa',
    500: '#8b5cf6',
    600: '#6d28d9',
    700: '#5b21b6',
    800: '#4c1d95',
    900: '#2e1065',
  },
};

/** Phone countries; their names come from the texts of the current language. */
export const SAMPLE_COUNTRY_CODES: Omit<PhoneCountry, 'name'>[] = [
  { iso_code: 'RU', phone_code: '7', is_primary: true },
  { iso_code: 'KZ', phone_code: '7', is_primary: true },
  { iso_code: 'BY', phone_code: '375', is_primary: true },
  { iso_code: 'AM', phone_code: '374', is_primary: false },
  { iso_code: 'GE', phone_code: '995', is_primary: false },
  { iso_code: 'DE', phone_code: '49', is_primary: false },
  { iso_code: 'TR', phone_code: '90', is_primary: false },
  { iso_code: 'AE', phone_code: '971', is_primary: false },
  { iso_code: 'US', phone_code: '1', is_primary: false },
  { iso_code: 'UZ', phone_code: '998', is_primary: false },
];

/** Cities grouped by country: a country header, then the ids of its cities. */
export const CITY_GROUPS: { country: string; cityIds: number[] }[] = [
  { country: 'RU', cityIds: [1, 2, 3, 4] },
  { country: 'GE', cityIds: [5, 6] },
  { country: 'AM', cityIds: [7] },
];

export const CURRENCIES = ['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY'];

/** A landscape picture as an inline SVG (no network needed). */
export function samplePicture(label: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><path d="M0 620 L300 380 L520 560 L760 300 L1200 640 L1200 800 L0 800Z" fill="rgba(255,255,255,0.35)"/><circle cx="960" cy="180" r="80" fill="rgba(255,255,255,0.6)"/><text x="60" y="740" font-family="sans-serif" font-size="64" fill="white">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface SampleTour {
  id: number;
  name: string;
  city: string;
  seats: number;
  price: number;
}

/** 37 sample tours (4 pages of 10) made of ten names and their ten cities. */
export function makeSampleTours(names: readonly string[], cities: readonly string[]): SampleTour[] {
  return Array.from({ length: 37 }, (_, i) => ({
    id: i + 1,
    name: `${names[i % names.length] ?? ''} ${Math.floor(i / names.length) + 1}`,
    city: cities[i % cities.length] ?? '',
    seats: ((i * 7) % 23) + 2,
    price: 15000 + ((i * 3571) % 90000),
  }));
}
