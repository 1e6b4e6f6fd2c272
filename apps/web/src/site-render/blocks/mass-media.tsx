import { siteText } from '../i18n';
import { BlockTitle, EditorEmpty, SiteLink, imageSrc } from '../shared';
import type { BlockProps } from './props';

/** Articles about the organizer: picture, source, title, date; each opens the article. */
export function MassMediaBlock({ block, ctx }: BlockProps<'mass_media'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.articles.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {data.articles.map((a, i) => (
          <li key={i} className="site-card flex flex-col overflow-hidden">
            {a.image ? (
              <img
                src={imageSrc(a.image)}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                className="aspect-video w-full object-cover"
              />
            ) : null}
            <div className="flex flex-1 flex-col gap-2 p-5">
              {a.source_name || a.published_at ? (
                <p className="site-muted text-sm">{[a.source_name, a.published_at].filter(Boolean).join(' · ')}</p>
              ) : null}
              <h3 className="font-semibold site-heading">
                <SiteLink href={a.url} ctx={ctx} external className="site-card-link">
                  {a.title || a.source_name || text.t('readArticle')}
                </SiteLink>
              </h3>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
