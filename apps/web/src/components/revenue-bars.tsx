import { useMemo, useState } from 'react';
import type { DashboardWeek } from '@tourdesk/contract/api/organizer';
import { Segmented } from './segmented';
import { WeekBars } from './week-bars';
import { useFormats } from '../lib/formats';

export interface RevenueBarsTexts {
  title: string;
  description: string;
  /** the currency switch's name (several currencies) */
  currencyLabel: string;
  weekHeading: string;
  valueHeading: string;
  currentWeek: string;
  /** said when no payment came in over the weeks */
  empty: string;
}

/** The currencies money came in over the weeks: in the most weeks first, then the most recent, then by name. */
export const currenciesOf = (weeks: readonly DashboardWeek[]): string[] => {
  const seen = new Map<string, { weeks: number; last: number }>();
  weeks.forEach((w, i) => {
    for (const r of w.revenue) seen.set(r.currency, { weeks: (seen.get(r.currency)?.weeks ?? 0) + 1, last: i });
  });
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => y.weeks - x.weeks || y.last - x.last || a.localeCompare(b))
    .map(([c]) => c);
};

/**
 * What came in per week, one currency at a time (amounts of different currencies are never added
 * or drawn on one scale): a switch chooses the currency when there are several.
 */
export function RevenueBars({
  weeks,
  texts,
  preferred,
  className,
}: {
  weeks: readonly DashboardWeek[];
  texts: RevenueBarsTexts;
  /** the currency shown first when money came in it (the organizer's) */
  preferred?: string | null;
  className?: string;
}) {
  const f = useFormats();
  const currencies = useMemo(() => {
    const found = currenciesOf(weeks);
    return preferred && found.includes(preferred) ? [preferred, ...found.filter((c) => c !== preferred)] : found;
  }, [weeks, preferred]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? preferred ?? 'RUB');
  const points = weeks.map((w) => ({
    week_start: w.week_start,
    value: w.revenue.find((r) => r.currency === currency)?.amount ?? 0,
  }));
  return (
    <div className={className}>
      <WeekBars
        title={currencies.length > 0 ? `${texts.title}, ${currency}` : texts.title}
        description={currencies.length > 0 ? texts.description : texts.empty}
        points={points}
        format={(v) => f.money(v, currency)}
        formatAxis={(v) => f.compact(v)}
        formatWeek={f.dayMonth}
        weekHeading={texts.weekHeading}
        valueHeading={`${texts.valueHeading}, ${currency}`}
        currentWeekText={texts.currentWeek}
        tone="success"
      />
      {currencies.length > 1 && (
        <Segmented<string>
          className="mt-3"
          label={texts.currencyLabel}
          value={currency}
          onChange={(c) => c && setChosen(c)}
          options={currencies.map((c) => ({ value: c, text: c }))}
        />
      )}
    </div>
  );
}
