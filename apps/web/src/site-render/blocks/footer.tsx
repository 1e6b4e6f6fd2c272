import { BLOCK_LINK_KIND } from '@tourdesk/contract/enum-values';
import { siteText } from '../i18n';
import { Paragraphs, SiteLink, linkHref } from '../shared';
import type { BlockProps } from './props';

const NETWORK_NAMES: Record<string, string> = {
  vk: 'VK',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  ok: 'OK',
  tiktok: 'TikTok',
  twitter: 'X',
  x: 'X',
};

/** The site's footer: text, menu, socials, the organizer's contacts and the documents. */
export function FooterBlock({ block, ctx }: BlockProps<'footer'>) {
  const { data } = block;
  const { org } = ctx;
  const text = siteText(ctx.lang);
  const docs = data.show_documents
    ? [
        org.has_agreement ? { href: `${ctx.base}/agreement`, label: text.t('agreement') } : null,
        org.has_policy ? { href: `${ctx.base}/policy`, label: text.t('policy') } : null,
      ].filter((d) => d !== null)
    : [];
  return (
    <div className="site-container grid gap-8 py-10 md:grid-cols-3">
      <div className="flex flex-col gap-3">
        <p className="text-lg font-semibold site-heading">{org.name}</p>
        {data.text ? <Paragraphs text={data.text} className="site-muted text-sm" /> : null}
      </div>
      {data.menu.length > 0 ? (
        <nav aria-label={text.t('footerNav')}>
          <ul className="flex flex-col gap-2">
            {data.menu.map((item, i) => (
              <li key={i}>
                <SiteLink
                  href={linkHref(item.link, ctx)}
                  ctx={ctx}
                  external={item.link.kind === BLOCK_LINK_KIND.external_link}
                  className="site-link"
                >
                  {item.text}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <div />
      )}
      <div className="flex flex-col gap-2 text-sm">
        {data.show_contacts ? (
          <>
            {org.phone ? (
              <SiteLink href={`tel:${org.phone.replace(/[^\d+]/g, '')}`} ctx={ctx} className="site-link">
                {org.phone}
              </SiteLink>
            ) : null}
            {org.email ? (
              <SiteLink href={`mailto:${org.email}`} ctx={ctx} className="site-link">
                {org.email}
              </SiteLink>
            ) : null}
            {org.address ? <p className="site-muted">{org.address}</p> : null}
          </>
        ) : null}
        {data.socials.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-3" aria-label={text.t('socials')}>
            {data.socials.map((s, i) => (
              <li key={i}>
                <SiteLink href={s.url} ctx={ctx} external className="site-link">
                  {NETWORK_NAMES[s.network] ?? s.network}
                </SiteLink>
              </li>
            ))}
          </ul>
        ) : null}
        {ctx.helpHref ? (
          <SiteLink href={ctx.helpHref} ctx={ctx} className="site-link site-muted mt-2">
            {text.t('reportProblem')}
          </SiteLink>
        ) : null}
        {docs.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1">
            {docs.map((d) => (
              <li key={d.href}>
                <SiteLink href={d.href} ctx={ctx} className="site-link site-muted">
                  {d.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
