import { useId, useState } from 'react';
import { cn } from '@tourdesk/ui';

/** One week of a series: its Monday (YYYY-MM-DD) and its value. */
export interface WeekPoint {
  week_start: string;
  value: number;
}

const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The top of a chart's scale: the value rounded up to a round number (an even whole one for counts, so its half is whole too). */
export const niceMax = (value: number, whole = false): number => {
  if (!(value > 0)) return whole ? 2 : 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const top = STEPS.find((step) => value <= step * power + 1e-9 * power)! * power;
  return whole ? Math.max(2, Math.ceil(top / 2) * 2) : top;
};

const TONES = {
  primary: { bar: 'bg-primary-500', current: 'bg-primary-300', active: 'bg-primary-700' },
  success: { bar: 'bg-success-500', current: 'bg-success-300', active: 'bg-success-700' },
} as const;

export interface WeekBarsProps {
  /** the chart's title (its figure's name) */
  title: string;
  /** a line under the title: what is counted, over what time */
  description?: string;
  points: readonly WeekPoint[];
  /** a value as the table and the tooltip say it (with its unit) */
  format: (value: number) => string;
  /** a value on the scale (short) */
  formatAxis?: (value: number) => string;
  /** a week's Monday as the axis and the table name it (12 Jan) */
  formatWeek: (weekStart: string) => string;
  /** the table's column headings: the week, the value */
  weekHeading: string;
  valueHeading: string;
  /** what the last (current, unfinished) week is called in the tooltip and table */
  currentWeekText?: string;
  /** counts: a scale of whole numbers */
  whole?: boolean;
  tone?: keyof typeof TONES;
  className?: string;
}

/**
 * Bars of a weekly series, oldest first, the current week last (lighter: it is not over). A
 * figure with a title; the bars are for the eye (a tooltip names the week and value under the
 * pointer or finger) and a table gives every figure to a screen reader. Plain elements and CSS,
 * no chart library: the page stays light and the bars stay crisp at any width.
 */
export function WeekBars({
  title,
  description,
  points,
  format,
  formatAxis = format,
  formatWeek,
  weekHeading,
  valueHeading,
  currentWeekText,
  whole = false,
  tone = 'primary',
  className,
}: WeekBarsProps) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)), whole);
  const colors = TONES[tone];
  const last = points.length - 1;
  const weekName = (i: number) =>
    i === last && currentWeekText
      ? `${formatWeek(points[i]!.week_start)} (${currentWeekText})`
      : formatWeek(points[i]!.week_start);
  const shown = active !== null ? points[active] : undefined;

  return (
    <figure aria-labelledby={`${id}-title`} className={cn('flex min-w-0 flex-col', className)}>
      <figcaption>
        <span id={`${id}-title`} className="block text-sm font-semibold text-neutral-900">
          {title}
        </span>
        {description && <span className="block text-xs text-neutral-500">{description}</span>}
      </figcaption>
      {/* a container: the week names thin out by the chart's own width, not the screen's */}
      <div aria-hidden="true" className="@container mt-3 select-none" onPointerLeave={() => setActive(null)}>
        <div className="flex">
          <div className="flex h-36 w-12 shrink-0 flex-col justify-between pe-2 text-end text-[11px] leading-none text-neutral-500 tabular-nums">
            <span className="-translate-y-1/2">{formatAxis(top)}</span>
            <span>{formatAxis(top / 2)}</span>
            <span className="translate-y-1/2">{formatAxis(0)}</span>
          </div>
          <div className="relative h-36 min-w-0 flex-1">
            <div className="absolute inset-x-0 top-0 border-t border-dashed border-neutral-200" />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-neutral-200" />
            <div className="absolute inset-x-0 bottom-0 border-t border-neutral-300" />
            <div className="absolute inset-0 flex items-end">
              {points.map((p, i) => (
                <div
                  key={p.week_start}
                  data-testid="week-bar"
                  data-value={p.value}
                  className="flex h-full min-w-0 flex-1 items-end justify-center px-[2px] sm:px-1"
                  onPointerEnter={() => setActive(i)}
                  onPointerDown={() => setActive(i)}
                >
                  <div
                    className={cn(
                      'w-full max-w-7 rounded-t-[3px] transition-[height] duration-500',
                      active === i ? colors.active : i === last ? colors.current : colors.bar,
                    )}
                    style={{ height: `${(p.value / top) * 100}%`, minHeight: p.value > 0 ? 2 : 0 }}
                  />
                </div>
              ))}
            </div>
            {shown && active !== null && (
              <div
                className="pointer-events-none absolute -top-2 z-10 -translate-x-1/2 -translate-y-full rounded-md bg-neutral-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow-md"
                style={{ left: `${((active + 0.5) / points.length) * 100}%` }}
              >
                <span className="block text-neutral-300">{weekName(active)}</span>
                <span className="font-semibold tabular-nums">{format(shown.value)}</span>
              </div>
            )}
          </div>
        </div>
        <div className="ms-12 mt-1.5 flex text-[11px] text-neutral-500">
          {points.map((p, i) => (
            // centred under its bar (a name wider than its bar runs over the neighbours, which then
            // go unnamed): every other week named, every fourth in a narrow chart (under 28rem)
            <span key={p.week_start} className="flex min-w-0 flex-1 justify-center">
              <span
                className={cn(
                  'whitespace-nowrap',
                  (last - i) % 2 === 1 && 'invisible',
                  (last - i) % 4 === 2 && '@max-md:invisible',
                )}
              >
                {formatWeek(p.week_start)}
              </span>
            </span>
          ))}
        </div>
      </div>
      {/* sr-only on the wrapper: a table is never narrower than its cells, so it would widen the page */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{weekHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.week_start}>
                <th scope="row">{weekName(i)}</th>
                <td>{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
