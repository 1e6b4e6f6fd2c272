import { siteText } from '../i18n';
import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

/** Reviews the provider quotes. */
export function ReviewsBlock({ block, ctx }: BlockProps<'reviews'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const items = data.items.filter((r) => r.text || r.author);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {items.map((r, i) => (
          <li key={i}>
            <figure className="site-card flex h-full flex-col gap-3 p-5">
              <p className="site-stars" role="img" aria-label={text.t('rating', { n: r.rating })}>
                {'★'.repeat(r.rating)}
                <span className="site-stars-off">{'★'.repeat(5 - r.rating)}</span>
              </p>
              <blockquote className="whitespace-pre-line">{r.text}</blockquote>
              <figcaption className="site-muted mt-auto text-sm">
                {[r.author, r.date].filter(Boolean).join(' · ')}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
