import type { PublicTourCard } from '@tourdesk/contract/api/site';
import { siteText } from '../i18n';
import { DateRow } from '../cards';
import { BlockTitle } from '../shared';
import type { BlockProps } from './props';

/** The month key (YYYY-MM) `months` months after the month of `iso`. */
const monthPlus = (iso: string, months: number): string => {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + months;
  return `${y + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
};

/**
 * Departures of the chosen tours (else all), grouped by month, up to `months_ahead` months after
 * the first one listed (no clock read in render: the server and the browser agree).
 */
export function ScheduleBlock({ block, ctx }: BlockProps<'schedule'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const chosen = new Set(data.tour_ids);
  const cards = new Map<number, PublicTourCard>(ctx.tours.map((t) => [t.id, t]));
  const rows = (
    ctx.schedule
      ? ctx.schedule.items.map((i) => ({ tour: i.tour, date: i.date }))
      : ctx.tours.flatMap((t) => (t.nearest_date ? [{ tour: t, date: t.nearest_date }] : []))
  )
    .filter((r) => chosen.size === 0 || chosen.has(r.tour.id))
    .sort((a, b) => a.date.date_start.localeCompare(b.date.date_start));
  const last = rows[0] ? monthPlus(rows[0].date.date_start, data.months_ahead) : '';
  const shown = rows.filter((r) => r.date.date_start.slice(0, 7) < last);
  const months = new Map<string, typeof shown>();
  for (const r of shown) {
    const key = r.date.date_start.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), r]);
  }
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.subtitle ? <p className="site-lead">{data.subtitle}</p> : null}
      {shown.length === 0 ? <p className="site-muted">{text.t('noDepartures')}</p> : null}
      {[...months].map(([month, items]) => (
        <div key={month} className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold capitalize site-heading">{text.month(`${month}-01`)}</h3>
          <ul className="flex flex-col gap-3">
            {items.map((r) => (
              <DateRow
                key={`${r.tour.id}-${r.date.id}`}
                date={r.date}
                tourId={r.tour.id}
                tourName={(cards.get(r.tour.id) ?? r.tour).name}
                ctx={ctx}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
