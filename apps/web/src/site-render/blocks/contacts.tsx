import { siteText } from '../i18n';
import { BlockTitle, Paragraphs, SiteLink } from '../shared';
import type { BlockProps } from './props';

/** How to reach the organizer: its phone, e-mail and address from its profile. */
export function ContactsBlock({ block, ctx }: BlockProps<'contacts'>) {
  const { data } = block;
  const { org } = ctx;
  const text = siteText(ctx.lang);
  const rows = [
    data.show_phone && org.phone
      ? { label: text.t('phone'), value: org.phone, href: `tel:${org.phone.replace(/[^\d+]/g, '')}` }
      : null,
    data.show_email && org.email ? { label: text.t('email'), value: org.email, href: `mailto:${org.email}` } : null,
    data.show_address && org.address ? { label: text.t('address'), value: org.address, href: null } : null,
  ].filter((r) => r !== null);
  return (
    <div className="site-container grid gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-4">
        <BlockTitle text={data.title} blockId={block.id} ctx={ctx} />
        {data.text ? <Paragraphs text={data.text} /> : null}
      </div>
      {rows.length > 0 ? (
        <dl className="flex flex-col gap-4">
          {rows.map((r) => (
            <div key={r.label}>
              <dt className="site-muted text-sm">{r.label}</dt>
              <dd className="text-lg">
                {r.href ? (
                  <SiteLink href={r.href} ctx={ctx} className="site-link">
                    {r.value}
                  </SiteLink>
                ) : (
                  r.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
