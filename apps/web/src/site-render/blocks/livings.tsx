import { siteText } from '../i18n';
import { BlockTitle, Paragraphs, SiteImage } from '../shared';
import type { BlockProps } from './props';

/** Where travellers stay: the block's text, the tour's living base and its accommodations live. */
export function LivingsBlock({ block, ctx }: BlockProps<'livings'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const tour = ctx.tour;
  const accommodations = tour?.accommodations ?? [];
  const empty = !data.text && !tour?.living_base && accommodations.length === 0;
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {data.text ? <Paragraphs text={data.text} className="max-w-prose" /> : null}
      {tour?.living_base ? <Paragraphs text={tour.living_base} className="max-w-prose" /> : null}
      {empty ? <p className="site-muted">{text.t('livingsEmpty')}</p> : null}
      {accommodations.map((acc, i) => (
        <div key={i} className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold site-heading">
            {acc.name || text.t('livingsEmpty').replace(/\.$/, '')}
            {acc.nights ? <span className="site-muted font-normal"> · {text.plural('nights', acc.nights)}</span> : null}
          </h3>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {acc.variants.map((v, j) => (
              <li key={j} className="site-card flex flex-col overflow-hidden">
                {v.photos[0] ? (
                  <SiteImage image={v.photos[0]} width={640} height={420} className="aspect-[3/2] w-full" />
                ) : null}
                <div className="flex flex-col gap-2 p-5">
                  <h4 className="font-semibold site-heading">{v.name}</h4>
                  {v.description ? <p className="site-muted text-sm whitespace-pre-line">{v.description}</p> : null}
                  {v.price > 0 && tour ? (
                    <p className="text-sm font-semibold">+{text.money(v.price, tour.currency)}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
