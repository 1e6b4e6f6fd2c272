import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_COLOR_SCHEME, THEME_SCALE_STEPS, type ThemeScaleStep } from './constants';

export type BrandScale = Record<ThemeScaleStep, string>;
export type ColorScheme = 'light' | 'dark';

/** Sets a brand's colour scale as `--brand-50 … --brand-900` on the element (usually <html>). */
export function applyBrandTheme(el: HTMLElement, scale: BrandScale): void {
  for (const step of THEME_SCALE_STEPS) el.style.setProperty(`--brand-${step}`, scale[step]);
}

const STORAGE_KEY = 'ui-color-scheme';

function readStoredScheme(): ColorScheme {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage may be blocked (private mode); fall back to the default.
  }
  return DEFAULT_COLOR_SCHEME;
}

/**
 * The colour scheme, light by default, remembered in localStorage and applied as
 * `data-theme` on the target element (default <html>).
 */
export function useColorScheme(target?: HTMLElement | null): {
  scheme: ColorScheme;
  setScheme: (scheme: ColorScheme) => void;
  toggle: () => void;
} {
  const [scheme, setSchemeState] = useState<ColorScheme>(readStoredScheme);

  useEffect(() => {
    const el = target ?? document.documentElement;
    el.setAttribute('data-theme', scheme);
  }, [scheme, target]);

  const setScheme = useCallback((next: ColorScheme) => {
    setSchemeState(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
    } catch {
      // Not persisted; the scheme still applies for this page.
    }
  }, []);
  const toggle = useCallback(() => setScheme(scheme === 'dark' ? 'light' : 'dark'), [scheme, setScheme]);
  return { scheme, setScheme, toggle };
}
