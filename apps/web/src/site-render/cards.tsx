import type { PublicTourCard, PublicTourDate } from '@tourdesk/contract/api/site';
import { siteText, type SiteText } from './i18n';
import { SiteImage, SiteLink, tourHref } from './shared';
import type { SiteRenderContext } from './types';

/** "5 days" or "3 hours", empty when the tour has no duration. */
export const durationText = (text: SiteText, tour: Pick<PublicTourCard, 'duration' | 'duration_hours'>): string =>
  tour.duration
    ? text.plural('days', tour.duration)
    : tour.duration_hours
      ? text.plural('hours', tour.duration_hours)
      : '';

/** "12 – 16 June" (one departure's dates). */
export const dateRange = (text: SiteText, date: Pick<PublicTourDate, 'date_start' | 'date_end'>): string =>
  date.date_end && date.date_end !== date.date_start
    ? `${text.date(date.date_start)} – ${text.date(date.date_end)}`
    : text.date(date.date_start);

export function TourCard({
  tour,
  ctx,
  layout = 'grid',
  level = 3,
}: {
  tour: PublicTourCard;
  ctx: SiteRenderContext;
  layout?: 'grid' | 'list';
  level?: 2 | 3;
}) {
  const text = siteText(ctx.lang);
  const Heading = level === 2 ? 'h2' : 'h3';
  const duration = durationText(text, tour);
  return (
    <article className={`site-card flex overflow-hidden ${layout === 'list' ? 'flex-col sm:flex-row' : 'flex-col'}`}>
      <div className={`site-ph shrink-0 ${layout === 'list' ? 'aspect-[4/3] sm:w-72' : 'aspect-[4/3]'}`}>
        {tour.cover ? <SiteImage image={tour.cover} alt="" width={640} height={480} className="h-full w-full" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-semibold leading-snug site-heading">
          <SiteLink href={tourHref(ctx, tour.screen_name)} ctx={ctx} className="site-card-link">
            {tour.name}
          </SiteLink>
        </Heading>
        {duration || tour.nearest_date ? (
          <p className="site-muted text-sm">
            {[duration, tour.nearest_date ? dateRange(text, tour.nearest_date) : ''].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {tour.description ? <p className="line-clamp-3 text-sm">{tour.description}</p> : null}
        {tour.price != null ? (
          <p className="mt-auto pt-2 font-semibold">
            {text.t('from')} {text.money(tour.price, tour.currency)}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** Tour cards in a grid (or a list); the empty state when there are none. */
export function TourCards({
  tours,
  ctx,
  layout = 'grid',
}: {
  tours: PublicTourCard[];
  ctx: SiteRenderContext;
  layout?: 'grid' | 'list';
}) {
  if (tours.length === 0) return <p className="site-muted">{siteText(ctx.lang).t('toursEmpty')}</p>;
  return (
    <ul className={layout === 'list' ? 'grid gap-5' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'}>
      {tours.map((tour) => (
        <li key={tour.id} className="flex">
          <TourCard tour={tour} ctx={ctx} layout={layout} />
        </li>
      ))}
    </ul>
  );
}

/** One departure: dates, free seats, price and its booking link. */
export function DateRow({
  date,
  tourId,
  tourName,
  ctx,
  buttonText,
}: {
  date: PublicTourDate;
  tourId: number;
  tourName?: string;
  ctx: SiteRenderContext;
  buttonText?: string;
}) {
  const text = siteText(ctx.lang);
  const soldOut = date.number_of_free_seats === 0;
  return (
    <li className="site-card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          {dateRange(text, date)}
          {date.time_start ? <span className="site-muted font-normal">, {date.time_start}</span> : null}
        </p>
        {tourName ? <p>{tourName}</p> : null}
        <p className="site-muted text-sm">
          {soldOut ? text.t('noSeats') : `${text.t('freeSeats')}: ${date.number_of_free_seats}`}
          {date.not_guaranteed ? ` · ${text.t('notGuaranteed')}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-4">
        <p className="text-lg font-semibold">{text.money(date.price, date.currency)}</p>
        {soldOut ? null : (
          <SiteLink
            href={ctx.bookingHref(tourId, date.id)}
            ctx={ctx}
            className="site-btn"
            aria-label={`${buttonText || text.t('book')}: ${tourName ? `${tourName}, ` : ''}${dateRange(text, date)}`}
          >
            {buttonText || text.t('book')}
          </SiteLink>
        )}
      </div>
    </li>
  );
}
