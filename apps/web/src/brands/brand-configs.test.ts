import { describe, expect, it } from 'vitest';
import { BRANDS } from '@tourdesk/contract/brand-values';
import { BRAND_CONFIGS, getBrandConfig } from './brand-configs';
import { COLOR_STEPS } from './theme-scales';

const hexToRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = hexToRgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('brands', () => {
  const configs = Object.values(BRAND_CONFIGS);

  it('has ten brands with the contract’s names and legal links', () => {
    expect(configs.map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const b of configs) {
      expect(b.name).toBe(BRANDS[b.id].name);
      expect(b.terms_url).toBe(BRANDS[b.id].terms_url);
      expect(b.privacy_url).toBe(BRANDS[b.id].privacy_url);
    }
  });

  it('gives the server the theme’s step 600 as the accent of its e-mails', () => {
    for (const b of configs) expect(BRANDS[b.id].accent).toBe(b.theme[600]);
  });

  it('has taglines in en and ru exactly for brands 1, 3, 4, 6, 9 and 10', () => {
    expect(configs.filter((b) => b.tagline !== null).map((b) => b.id)).toEqual([1, 3, 4, 6, 9, 10]);
    for (const b of configs) {
      if (!b.tagline) continue;
      expect(b.tagline.en.length).toBeGreaterThan(5);
      expect(b.tagline.ru).toMatch(/[а-яё]/i);
    }
  });

  it('gives every brand its own SVG logo, its market flag and a 50–900 colour scale with readable white text on 600', () => {
    expect(new Set(configs.map((b) => b.logo)).size).toBe(10);
    for (const b of configs) {
      expect(b.logo).toMatch(/^data:image\/svg\+xml,/);
      expect(decodeURIComponent(b.logo)).toContain('<svg');
      expect(b.flagUrl).toBe(`/flags/1x1/${b.country.toLowerCase()}.svg`);
      expect(Object.keys(b.theme).map(Number)).toEqual([...COLOR_STEPS]);
      const contrast = 1.05 / (luminance(b.theme[600]) + 0.05);
      expect(contrast, `brand ${b.id}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(configs.map((b) => b.theme[600])).size).toBe(10);
  });

  it('falls back to brand 1 for an unknown id', () => {
    expect(getBrandConfig(42).id).toBe(1);
    expect(getBrandConfig(6).id).toBe(6);
  });
});
