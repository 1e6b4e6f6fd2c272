import { BLOCK_LINK_KIND } from '@tourdesk/contract/enum-values';
import { siteText } from '../i18n';
import { BlockButton, SiteImage, SiteLink, linkHref, imageSrc } from '../shared';
import type { BlockProps } from './props';

/** The site's header: logo and name, the menu (a <details> menu on phones, working without JS), a button. */
export function AppHeaderBlock({ block, ctx }: BlockProps<'app_header'>) {
  const { data } = block;
  const text = siteText(ctx.lang);
  const name = data.site_name || ctx.org.name;
  const menu = data.menu.map((item, i) => (
    <li key={i}>
      <SiteLink
        href={linkHref(item.link, ctx)}
        ctx={ctx}
        external={item.link.kind === BLOCK_LINK_KIND.external_link}
        className="site-nav-link"
      >
        {item.text}
      </SiteLink>
    </li>
  ));
  return (
    <div className="site-container flex items-center justify-between gap-4 py-3">
      <SiteLink href={`${ctx.base}/`} ctx={ctx} className="flex min-w-0 items-center gap-3 font-semibold site-heading">
        {data.logo?.kind === 'image' ? (
          <SiteImage image={data.logo.image} alt="" width={40} height={40} eager className="h-10 w-10 rounded" />
        ) : ctx.org.logo ? (
          <img src={imageSrc(ctx.org.logo)} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" />
        ) : null}
        <span className="truncate text-lg">{name}</span>
      </SiteLink>
      {menu.length > 0 ? (
        <nav aria-label={text.t('mainNav')} className="hidden md:block">
          <ul className="flex items-center gap-6">{menu}</ul>
        </nav>
      ) : null}
      <div className="flex items-center gap-2">
        <BlockButton link={data.button} ctx={ctx} className="hidden sm:inline-flex" />
        {menu.length > 0 || data.button ? (
          <details className="site-menu md:hidden">
            <summary className="site-menu-button">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="sr-only">{text.t('menu')}</span>
            </summary>
            <nav aria-label={text.t('mainNav')} className="site-menu-panel">
              <ul className="flex flex-col gap-1">{menu}</ul>
              <BlockButton link={data.button} ctx={ctx} className="mt-3 w-full" />
            </nav>
          </details>
        ) : null}
      </div>
    </div>
  );
}
