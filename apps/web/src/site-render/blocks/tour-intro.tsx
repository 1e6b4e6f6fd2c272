import { siteText } from '../i18n';
import { dateRange, durationText } from '../cards';
import { BlockButton, MediaView, SiteImage, VideoFacade } from '../shared';
import { BLOCK_LINK_KIND } from '@tourdesk/contract/enum-values';
import type { BlockProps } from './props';

/** The tour page's first screen: the tour's name (the page's h1), duration, price, nearest date, cover. */
export function TourIntroBlock({ block, ctx }: BlockProps<'tour_intro'>) {
  const { data } = block;
  const { tour } = ctx;
  const text = siteText(ctx.lang);
  const Title = ctx.h1BlockId === block.id ? 'h1' : 'h2';
  if (!tour) return null;
  const nearest = tour.nearest_date ?? tour.dates[0] ?? null;
  const duration = durationText(text, tour);
  const button = data.button ?? { kind: BLOCK_LINK_KIND.crm_booking, tour_id: null, tour_date_id: null, text: '' };
  return (
    <div className="site-container grid items-center gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-5">
        <Title className="site-h1">{tour.name}</Title>
        {tour.description ? <p className="site-lead">{tour.description}</p> : null}
        <dl className="flex flex-wrap gap-x-8 gap-y-3">
          {duration ? (
            <div>
              <dt className="site-muted text-sm">{text.t('duration')}</dt>
              <dd className="font-semibold">{duration}</dd>
            </div>
          ) : null}
          {data.show_price && tour.price != null ? (
            <div>
              <dt className="site-muted text-sm">{text.t('price')}</dt>
              <dd className="font-semibold">
                {text.t('from')} {text.money(tour.price, tour.currency)}
              </dd>
            </div>
          ) : null}
          {data.show_nearest_date && nearest ? (
            <div>
              <dt className="site-muted text-sm">{text.t('nearestDate')}</dt>
              <dd className="font-semibold">{dateRange(text, nearest)}</dd>
            </div>
          ) : null}
        </dl>
        <div>
          <BlockButton link={button} ctx={ctx} />
        </div>
      </div>
      {data.media ? (
        <MediaView
          media={data.media}
          ctx={ctx}
          eager
          width={1280}
          height={960}
          className="site-radius aspect-[4/3] w-full"
        />
      ) : tour.cover ? (
        <SiteImage image={tour.cover} eager width={1280} height={960} className="site-radius aspect-[4/3] w-full" />
      ) : tour.video_url ? (
        <VideoFacade
          provider={providerOf(tour.video_url)}
          url={tour.video_url}
          poster={null}
          title={tour.name}
          ctx={ctx}
          className="site-radius"
        />
      ) : null}
    </div>
  );
}

const providerOf = (url: string): string =>
  /rutube\./.test(url) ? 'rutube' : /vimeo\./.test(url) ? 'vimeo' : 'youtube';
