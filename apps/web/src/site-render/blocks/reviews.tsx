import type { PublicReview } from '@tourdesk/contract/api/review';
import { siteText, type SiteText } from '../i18n';
import { BlockTitle, EditorEmpty } from '../shared';
import type { BlockProps } from './props';

function Stars({ rating, text }: { rating: number; text: SiteText }) {
  const n = Math.round(rating);
  return (
    <p className="site-stars" role="img" aria-label={text.t('rating', { n: rating })}>
      {'★'.repeat(n)}
      <span className="site-stars-off">{'★'.repeat(5 - n)}</span>
    </p>
  );
}

const dayOf = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

/** One of the organizer's reviews: stars, text (as text), photos, who and when, the answer. */
function OwnReview({ review, org, text, lang }: { review: PublicReview; org: string; text: SiteText; lang: string }) {
  return (
    <figure className="site-card flex h-full flex-col gap-3 p-5">
      <Stars rating={review.rating} text={text} />
      {review.text && <blockquote className="whitespace-pre-line break-words">{review.text}</blockquote>}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((p) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.thumb_url} alt="" loading="lazy" className="h-20 w-15 rounded object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <figcaption className="site-muted mt-auto text-sm">
        {[review.display_name, dayOf(review.created_at, lang)].join(' · ')}
      </figcaption>
      {review.answer && (
        <div
          className="site-review-answer rounded border-s-4 p-3 text-sm"
          style={{ borderColor: 'var(--site-accent, currentColor)' }}
        >
          <p className="font-semibold">{text.t('reviewAnswer', { org })}</p>
          <p className="whitespace-pre-line break-words">{review.answer}</p>
        </div>
      )}
    </figure>
  );
}

/**
 * Reviews: the organizer's own (mode "mine": the tour's on a tour page, with the average and the
 * answers; the quotes typed in when there are none yet), or only the quotes the provider typed in.
 */
export function ReviewsBlock({ block, ctx }: BlockProps<'reviews'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const own = data.source === 'mine' ? (ctx.reviews ?? null) : null;
  if (own && own.items.length > 0)
    return (
      <div className="site-container flex flex-col gap-6">
        <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
        {own.average !== null && (
          <p className="flex items-center gap-3">
            <span className="text-3xl font-semibold">{own.average.toFixed(1)}</span>
            <span className="sr-only">{text.t('reviewsAverage', { n: own.average.toFixed(1) })}</span>
            <Stars rating={own.average} text={text} />
            <span className="site-muted text-sm">{text.plural('reviewsCount', own.count)}</span>
          </p>
        )}
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {own.items.map((r) => (
            <li key={r.id}>
              <OwnReview review={r} org={ctx.org.name} text={text} lang={ctx.lang} />
            </li>
          ))}
        </ul>
      </div>
    );
  const items = data.items.filter((r) => r.text || r.author);
  return (
    <div className="site-container flex flex-col gap-6">
      <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
      {items.length === 0 ? <EditorEmpty ctx={ctx} /> : null}
      <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {items.map((r, i) => (
          <li key={i}>
            <figure className="site-card flex h-full flex-col gap-3 p-5">
              <Stars rating={r.rating} text={text} />
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
