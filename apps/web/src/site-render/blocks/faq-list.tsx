import { siteText } from '../i18n';
import type { SiteRenderContext } from '../types';

/** Questions as <details>: keyboard-usable and open without JS. */
export function FaqList({ items, ctx }: { items: { question: string; answer: string }[]; ctx: SiteRenderContext }) {
  const shown = items.filter((i) => i.question);
  if (shown.length === 0) return <p className="site-muted">{siteText(ctx.lang).t('faqEmpty')}</p>;
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      {shown.map((item, i) => (
        <details key={i} className="site-faq">
          <summary>
            <h3 className="inline text-base font-semibold">{item.question}</h3>
          </summary>
          {item.answer ? <p className="site-muted whitespace-pre-line pt-3">{item.answer}</p> : null}
        </details>
      ))}
    </div>
  );
}
