import { siteText } from '../i18n';
import { BlockTitle, SiteImage } from '../shared';
import type { BlockProps } from './props';

/** The tour's guides, live from the tour. */
export function GuidesBlock({ block, ctx }: BlockProps<'guides'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const guides = ctx.tour?.guides ?? [];
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {guides.length === 0 ? <p className="site-muted">{text.t('guidesEmpty')}</p> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {guides.map((g) => {
          const name = [g.first_name, g.last_name].filter(Boolean).join(' ');
          return (
            <li key={g.id} className="site-card flex gap-4 p-5">
              {g.photo ? (
                <SiteImage image={g.photo} alt="" width={96} height={96} className="h-20 w-20 shrink-0 rounded-full" />
              ) : (
                <span className="site-avatar" aria-hidden="true">
                  {name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold site-heading">{name}</h3>
                {g.about ? <p className="site-muted text-sm whitespace-pre-line">{g.about}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
