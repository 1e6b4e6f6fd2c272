/** A brand's colour scale, steps 50 to 900 (SPEC §9). The kit maps it to `--brand-*` / `primary-*`. */
export const COLOR_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type ColorStep = (typeof COLOR_STEPS)[number];
export type ColorScale = Record<ColorStep, string>;

const scale = (
  values: readonly [string, string, string, string, string, string, string, string, string, string],
): ColorScale => Object.fromEntries(COLOR_STEPS.map((step, i) => [step, values[i]])) as ColorScale;

/*
 * Steps 600 and up carry white text (buttons, active navigation), so every scale keeps its
 * 600 at a contrast of at least 4.5:1 against white; lighter hues are shifted one step darker.
 */
export const SCALES = {
  blue: scale([
    '#eff6ff',
    '#dbeafe',
    '#bfdbfe',
    '#93c5fd',
    '#60a5fa',
    '#3b82f6',
    '#2563eb',
    '#1d4ed8',
    '#1e40af',
    '#1e3a8a',
  ]),
  sky: scale([
    '#f0f9ff',
    '#e0f2fe',
    '#bae6fd',
    '#7dd3fc',
    '#38bdf8',
    '#0284c7',
    '#0369a1',
    '#075985',
    '#0c4a6e',
    '#082f49',
  ]),
  indigo: scale([
    '#eef2ff',
    '#e0e7ff',
    '#c7d2fe',
    '#a5b4fc',
    '#818cf8',
    '#6366f1',
    '#4f46e5',
    '#4338ca',
    '#3730a3',
    '#312e81',
  ]),
  emerald: scale([
    '#ecfdf5',
    '#d1fae5',
    '#a7f3d0',
    '#6ee7b7',
    '#34d399',
    '#059669',
    '#047857',
    '#065f46',
    '#064e3b',
    '#022c22',
  ]),
  cyan: scale([
    '#ecfeff',
    '#cffafe',
    '#a5f3fc',
    '#67e8f9',
    '#22d3ee',
    '#0891b2',
    '#0e7490',
    '#155e75',
    '#164e63',
    '#083344',
  ]),
  amber: scale([
    '#fffbeb',
    '#fef3c7',
    '#fde68a',
    '#fcd34d',
    '#fbbf24',
    '#d97706',
    '#b45309',
    '#92400e',
    '#78350f',
    '#451a03',
  ]),
  violet: scale([
    '#f5f3ff',
    '#ede9fe',
    '#ddd6fe',
    '#c4b5fd',
    '#a78bfa',
    '#8b5cf6',
    '#7c3aed',
    '#6d28d9',
    '#5b21b6',
    '#4c1d95',
  ]),
  red: scale([
    '#fef2f2',
    '#fee2e2',
    '#fecaca',
    '#fca5a5',
    '#f87171',
    '#ef4444',
    '#dc2626',
    '#b91c1c',
    '#991b1b',
    '#7f1d1d',
  ]),
  green: scale([
    '#f0fdf4',
    '#dcfce7',
    '#bbf7d0',
    '#86efac',
    '#4ade80',
    '#16a34a',
    '#15803d',
    '#166534',
    '#14532d',
    '#052e16',
  ]),
  rose: scale([
    '#fff1f2',
    '#ffe4e6',
    '#fecdd3',
    '#fda4af',
    '#fb7185',
    '#f43f5e',
    '#e11d48',
    '#be123c',
    '#9f1239',
    '#881337',
  ]),
} as const satisfies Record<string, ColorScale>;

/** CSS custom properties for a scale, as the kit's theme.css reads them. */
export const scaleToCssVars = (s: ColorScale): string =>
  COLOR_STEPS.map((step) => `--brand-${step}: ${s[step]};`).join(' ');
