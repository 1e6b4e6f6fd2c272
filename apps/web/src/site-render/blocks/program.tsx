import { siteText } from '../i18n';
import { BlockTitle, Paragraphs, SiteImage } from '../shared';
import type { BlockProps } from './props';

/** The tour's programme, day by day, read live from the tour (meals and photos when asked). */
export function ProgramBlock({ block, ctx }: BlockProps<'program'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const days = ctx.tour?.program ?? [];
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {days.length === 0 ? <p className="site-muted">{text.t('programEmpty')}</p> : null}
      <ol className="site-timeline flex flex-col gap-6">
        {days.map((day) => (
          <li key={day.day} className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold site-heading">
              <span className="site-accent-text">
                {text.t('day')} {day.day}
              </span>
              {day.title ? `. ${day.title}` : ''}
            </h3>
            {day.description ? <Paragraphs text={day.description} className="max-w-prose" /> : null}
            {data.show_meals && day.meals.length > 0 ? (
              <p className="site-muted text-sm">
                {text.t('meals')}: {day.meals.map((m) => text.t(m)).join(', ')}
              </p>
            ) : null}
            {data.show_photos && day.photos.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {day.photos.map((photo) => (
                  <li key={photo.id}>
                    <SiteImage image={photo} width={480} height={360} className="site-radius aspect-[4/3] w-full" />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
