import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of bars: its name (the legend) and a value per category. */
export interface ChartSeries {
  name: string;
  values: number[];
  color: string;
}

/** The series' colours (canvas needs concrete ones): blue, green, red, amber, slate. */
export const CHART_COLORS = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#64748b'] as const;

const HEIGHT = 280;
/** bars of a category take this share of its width; the rest is the gap between categories */
const GROUP = 0.8;

/** Whether the browser can draw on a canvas (jsdom cannot: the table alone stands then). */
const canDraw = (): boolean => {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
};

/**
 * Grouped bars, one group per category (a period, a source, a departure), drawn by uPlot (loaded
 * with this screen only, docs/decisions.md "Reports"). A picture only: `label` names it and points
 * at the table beside it, which holds every figure as text.
 */
export function ReportChart({
  categories,
  series,
  label,
  formatValue,
}: {
  categories: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  formatValue: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || categories.length === 0 || !canDraw()) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const m = categories.length;
      const n = Math.max(1, series.length);
      const barWidth = GROUP / m / n;
      const xs = categories.map((_, i) => i);
      const opts: uPlot.Options = {
        width: Math.max(280, el.clientWidth),
        height: HEIGHT,
        legend: { show: true, live: false },
        cursor: { show: false },
        scales: { x: { time: false, range: () => [-0.5, m - 0.5] }, y: { range: (_u, _min, max) => [0, max || 1] } },
        axes: [
          {
            splits: () => xs,
            // a label every `step` categories, so they never overlap on a phone (~56 px each)
            values: (u, splits) => {
              const step = Math.ceil(m / Math.max(1, u.bbox.width / (window.devicePixelRatio || 1) / 56));
              return splits.map((i) => (i % step === 0 ? (categories[i] ?? '') : ''));
            },
            gap: 4,
            size: 40,
          },
          { values: (_u, splits) => splits.map(formatValue), size: 64 },
        ],
        series: [
          {},
          ...series.map((s, k) => ({
            label: s.name,
            fill: s.color,
            stroke: s.color,
            width: 0,
            points: { show: false },
            paths: UPlot.paths.bars!({
              size: [barWidth, Infinity],
              disp: {
                x0: {
                  unit: 2 as uPlot.Series.BarsPathBuilderFacetUnit,
                  values: (_u: uPlot, _s: number, i0: number, i1: number) =>
                    Array.from({ length: i1 - i0 + 1 }, (_, j) => (i0 + j + (1 - GROUP) / 2) / m + k * barWidth),
                },
                size: {
                  unit: 2 as uPlot.Series.BarsPathBuilderFacetUnit,
                  values: (_u: uPlot, _s: number, i0: number, i1: number) =>
                    Array.from({ length: i1 - i0 + 1 }, () => barWidth),
                },
              },
            }),
          })),
        ],
      };
      plot = new UPlot(opts, [xs, ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [categories, series, formatValue]);
  return <figure ref={box} role="img" aria-label={label} className="report-chart min-h-[2rem] w-full" />;
}
