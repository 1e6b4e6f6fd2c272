import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_SCALE_STEPS } from './constants';
import { applyBrandTheme, useColorScheme, type BrandScale } from './theme';

// The file URL is a string: jsdom's URL class is not accepted by node:fs.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'theme.css'), 'utf8');

describe('theme.css', () => {
  it('maps primary 50–900 to the brand variables', () => {
    for (const step of THEME_SCALE_STEPS) expect(css).toContain(`--color-primary-${step}: var(--brand-${step});`);
    for (const scale of ['neutral', 'success', 'danger', 'warning'])
      expect(css).toContain(`--color-${scale}-500: var(--ui-${scale}-500);`);
  });

  it('defines the breakpoints sm 576, md 992, lg 1200, xl 1600, xxl 2000 as screens', () => {
    expect(css).toContain('--breakpoint-sm: 576px;');
    expect(css).toContain('--breakpoint-md: 992px;');
    expect(css).toContain('--breakpoint-lg: 1200px;');
    expect(css).toContain('--breakpoint-xl: 1600px;');
    expect(css).toContain('--breakpoint-xxl: 2000px;');
  });

  it('is light by default with a dark scheme and the shake keyframes', () => {
    expect(css).toMatch(/:root \{\s*color-scheme: light;/);
    expect(css).toMatch(/\[data-theme=['"]dark['"]\],\s*\.dark \{\s*color-scheme: dark;/);
    expect(css).toContain('@keyframes ui-shake');
    expect(css).toContain('--animate-shake: ui-shake');
  });
});

describe('applyBrandTheme', () => {
  it('sets --brand-50 … --brand-900 on the element', () => {
    const el = document.createElement('div');
    const scale = Object.fromEntries(
      THEME_SCALE_STEPS.map((step) => [step, `#0000${String(step / 10).padStart(2, '0')}`]),
    ) as unknown as BrandScale;
    applyBrandTheme(el, scale);
    for (const step of THEME_SCALE_STEPS) expect(el.style.getPropertyValue(`--brand-${step}`)).toBe(scale[step]);
  });
});

describe('useColorScheme', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('is light by default and switches <html data-theme> to dark', () => {
    const { result } = renderHook(() => useColorScheme());
    expect(result.current.scheme).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    act(() => result.current.toggle());
    expect(result.current.scheme).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('ui-color-scheme')).toBe('dark');
  });
});
