import type { ReactNode } from 'react';
import type { CustomPage } from '@tourdesk/contract/api/site';
import type { SiteDocument } from '@tourdesk/contract/entities/site';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { SITE_BLOCK_TYPE } from '@tourdesk/contract/enum-values';
import { BlockView } from './block-view';
import { BookingPage } from './booking-page';
import { AppHeaderBlock } from './blocks/app-header';
import { Island } from './island';
import { FooterBlock } from './blocks/footer';
import { DateRow } from './cards';
import { siteText } from './i18n';
import { SiteLink } from './shared';
import type { SiteRenderContext, SiteView } from './types';

const findBlock = <T extends TypedSiteBlock['type']>(blocks: TypedSiteBlock[], type: T) =>
  blocks.find((b): b is Extract<TypedSiteBlock, { type: T }> => b.type === type && !b.is_hidden);

/** The site's frame: skip link, the site page's header, the main landmark, the footer. */
function SiteFrame({ ctx, children }: { ctx: SiteRenderContext; children: ReactNode }) {
  const text = siteText(ctx.lang);
  const header = findBlock(ctx.org.site_blocks, SITE_BLOCK_TYPE.app_header);
  const footer = findBlock(ctx.org.site_blocks, SITE_BLOCK_TYPE.footer);
  // without a header block of its own the site still has its name and the skip link's target
  const headerBlock = header ?? {
    id: 'header',
    type: SITE_BLOCK_TYPE.app_header,
    is_hidden: false,
    settings: { background: 'default' as const, spacing: 'normal' as const, anchor: '' },
    data: { site_name: '', logo: null, menu: [], button: null },
  };
  return (
    <div className="site-root flex min-h-screen flex-col">
      <a href="#site-main" className="site-skip">
        {text.t('skipToContent')}
      </a>
      <header className="site-header" id={header ? header.settings.anchor || header.id : undefined}>
        <Island name="app_header" props={{ block: headerBlock }} ctx={ctx}>
          <AppHeaderBlock block={headerBlock} ctx={ctx} />
        </Island>
      </header>
      <main id="site-main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="site-footer site-bg-muted" id={footer ? footer.settings.anchor || footer.id : undefined}>
        {footer ? (
          <FooterBlock block={footer} ctx={ctx} />
        ) : (
          <FooterBlock
            block={{
              id: 'footer',
              type: SITE_BLOCK_TYPE.footer,
              is_hidden: false,
              settings: { background: 'muted', spacing: 'normal', anchor: '' },
              data: { text: '', menu: [], socials: [], show_documents: true, show_contacts: true },
            }}
            ctx={ctx}
          />
        )}
      </footer>
    </div>
  );
}

/** A page of blocks (main or tour) in the site's frame, with one h1. */
export function SitePage({ ctx: base, page }: { ctx: SiteRenderContext; page: CustomPage }) {
  const tour = base.tour ?? page.tour;
  const intro = page.blocks.find(
    (b) =>
      !b.is_hidden &&
      (b.type === SITE_BLOCK_TYPE.main_intro || (b.type === SITE_BLOCK_TYPE.tour_intro && tour !== null)),
  );
  const ctx: SiteRenderContext = { ...base, tour, h1BlockId: intro?.id ?? null };
  return (
    <SiteFrame ctx={ctx}>
      {intro ? null : <h1 className="sr-only">{tour?.name ?? ctx.org.name}</h1>}
      {page.blocks.map((block) => (
        <BlockView key={block.id} block={block} ctx={ctx} />
      ))}
    </SiteFrame>
  );
}

/** The agreement or the policy. */
export function DocumentPage({ ctx, document }: { ctx: SiteRenderContext; document: SiteDocument }) {
  const text = siteText(ctx.lang);
  return (
    <SiteFrame ctx={ctx}>
      <section className="site-block">
        <div className="site-container flex flex-col gap-6">
          <h1 className="site-h1">{text.t(document.type)}</h1>
          {/* Inserted as it is ONLY because the server sanitises documents on save (update-document). */}
          <div className="site-prose site-rich max-w-prose" dangerouslySetInnerHTML={{ __html: document.content }} />
        </div>
      </section>
    </SiteFrame>
  );
}

/** Where the schedule page is: `<base>/schedule`, `?page=N` after the first. */
export const schedulePageHref = (base: string, page: number): string =>
  `${base}/schedule${page > 1 ? `?page=${page}` : ''}`;

/** Every departure of the site's tours, a page at a time, with links to the other pages. */
export function SchedulePage({ ctx }: { ctx: SiteRenderContext }) {
  const text = siteText(ctx.lang);
  const schedule = ctx.schedule;
  const items = schedule?.items ?? [];
  const pages = schedule ? Math.max(1, Math.ceil(schedule.total / schedule.per_page)) : 1;
  const current = schedule?.page ?? 1;
  const months = new Map<string, typeof items>();
  for (const item of items) {
    const key = item.date.date_start.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), item]);
  }
  return (
    <SiteFrame ctx={ctx}>
      <section className="site-block">
        <div className="site-container flex flex-col gap-6">
          <h1 className="site-h1">{text.t('scheduleTitle')}</h1>
          {items.length === 0 ? <p className="site-muted">{text.t('noDepartures')}</p> : null}
          {[...months].map(([month, rows]) => (
            <div key={month} className="flex flex-col gap-3">
              <h2 className="text-xl font-semibold capitalize site-heading">{text.month(`${month}-01`)}</h2>
              <ul className="flex flex-col gap-3">
                {rows.map((r) => (
                  <DateRow
                    key={`${r.tour.id}-${r.date.id}`}
                    date={r.date}
                    tourId={r.tour.id}
                    tourName={r.tour.name}
                    ctx={ctx}
                  />
                ))}
              </ul>
            </div>
          ))}
          {pages > 1 ? (
            <nav aria-label={text.t('pagination')} className="flex flex-wrap items-center gap-3">
              {current > 1 ? (
                <SiteLink
                  href={schedulePageHref(ctx.base, current - 1)}
                  ctx={ctx}
                  className="site-btn site-btn-outline"
                >
                  {text.t('previous')}
                </SiteLink>
              ) : null}
              <span className="site-muted">{text.t('pageOf', { n: current, total: pages })}</span>
              {current < pages ? (
                <SiteLink
                  href={schedulePageHref(ctx.base, current + 1)}
                  ctx={ctx}
                  className="site-btn site-btn-outline"
                >
                  {text.t('next')}
                </SiteLink>
              ) : null}
            </nav>
          ) : null}
        </div>
      </section>
    </SiteFrame>
  );
}

/** A 404 in the site's style. */
export function NotFoundPage({ ctx }: { ctx: SiteRenderContext }) {
  const text = siteText(ctx.lang);
  return (
    <SiteFrame ctx={ctx}>
      <section className="site-block">
        <div className="site-container flex flex-col items-start gap-5 py-16">
          <p className="site-stat" aria-hidden="true">
            404
          </p>
          <h1 className="site-h1">{text.t('notFoundTitle')}</h1>
          <p className="site-lead">{text.t('notFoundText')}</p>
          <SiteLink href={`${ctx.base}/`} ctx={ctx} className="site-btn">
            {text.t('toMain')}
          </SiteLink>
        </div>
      </section>
    </SiteFrame>
  );
}

/** The page of a view. */
export function SiteViewPage({ ctx, view }: { ctx: SiteRenderContext; view: SiteView }) {
  switch (view.kind) {
    case 'page':
      return <SitePage ctx={ctx} page={view.page} />;
    case 'document':
      return <DocumentPage ctx={ctx} document={view.document} />;
    case 'schedule':
      return <SchedulePage ctx={ctx} />;
    case 'not_found':
      return <NotFoundPage ctx={ctx} />;
    case 'booking':
      // the widget's page: the checkout alone, in another site's frame (no header, no footer)
      if (view.booking.embed) return <BookingPage ctx={ctx} booking={view.booking} />;
      return (
        <SiteFrame ctx={ctx}>
          <BookingPage ctx={ctx} booking={view.booking} />
        </SiteFrame>
      );
  }
}
