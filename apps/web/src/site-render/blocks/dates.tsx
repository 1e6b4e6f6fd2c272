import { useState } from 'react';
import { siteText } from '../i18n';
import { DateRow } from '../cards';
import { BlockTitle } from '../shared';
import type { BlockProps } from './props';

/** The first departures shown before "show more". */
export const DATES_SHOWN = 5;

/** The tour's departures with free seats and price, live; "show more" opens the rest. */
export function DatesBlock({ block, ctx }: BlockProps<'dates'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const [all, setAll] = useState(false);
  const tour = ctx.tour;
  const dates = tour?.dates ?? [];
  const shown = all ? dates : dates.slice(0, DATES_SHOWN);
  const listId = `${block.id}-dates`;
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {dates.length === 0 || !tour ? <p className="site-muted">{text.t('noDepartures')}</p> : null}
      {tour ? (
        <ul id={listId} className="flex flex-col gap-3">
          {shown.map((d) => (
            <DateRow key={d.id} date={d} tourId={tour.id} ctx={ctx} buttonText={data.button_text} />
          ))}
        </ul>
      ) : null}
      {dates.length > DATES_SHOWN ? (
        <div>
          <button
            type="button"
            className="site-btn site-btn-outline"
            aria-expanded={all}
            aria-controls={listId}
            onClick={() => setAll((v) => !v)}
          >
            {all ? text.t('showLess') : `${text.t('showMore')} (${dates.length - DATES_SHOWN})`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
